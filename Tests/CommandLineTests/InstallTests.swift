import CommandTestSupport
import Foundation
import Imaging
import Pixels
import Render
import TestSupport
import XCTest

/// `scripts/install` and `scripts/uninstall` with a temporary prefix: the installed binary, which lives
/// outside the checkout, finds its assets in the resource bundle installed beside it (Bundle.module) and
/// draws the checkout binary's picture; the man pages and shell completions made from the installed
/// binaries are in their standard places; a copied binary without its bundle fails naming where it looked.
///
/// The install copies the binaries this suite already runs (`STEADY_DICE_INSTALL_FROM`: those in
/// `STEADY_DICE_TOOLS`, else those beside the test bundle) rather than building them again, which would add
/// minutes to every run.
final class InstallTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = try TemporaryFolder.make("steady-dice-install")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// The environment without `STEADY_DICE_ASSETS`, so only the executable's own path can find the assets.
    private var cleanEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment[Assets.environmentVariable] = nil
        return environment
    }

    func testInstalledBinaryRendersTheCheckoutsPictureAndUninstallRemovesEverything() throws {
        let built = try CommandHarness.executable()
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let prefix = scratch.appendingPathComponent("prefix")
        var environment = cleanEnvironment
        environment["STEADY_DICE_INSTALL_FROM"] = built.deletingLastPathComponent().path

        let install = try run(checkout.appendingPathComponent("scripts/install"), [prefix.path], environment: environment, within: 300)
        XCTAssertEqual(install.status, 0, install.output)
        let installed = prefix.appendingPathComponent("bin/steady-dice")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: installed.path))
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/attitude").path))
        let bundle = prefix.appendingPathComponent("bin/steady-dice_SteadyDiceAssets.resources")
        for file in ["shaders/die.vert", "models/die.obj", "fonts/DejaVuSansMono.ttf"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: bundle.appendingPathComponent(file).path), file)
        }
        for file in ["WMM.COF", "igrf14coeffs.txt"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("bin/steady-dice_Location.resources/\(file)").path), file)
        }
        XCTAssertFalse(installed.path.hasPrefix(checkout.path + "/"), "the installed binary must live outside the checkout")
        try assertCommandReference(in: prefix)

        let snapshot = ["snapshot", "--attitude", "0.8,0.3,0.4,0.33", "--size", "320x240",
                        "--panorama", "models/compass-sky.png", "--hud"]
        let fromInstall = scratch.appendingPathComponent("installed.png")
        let fromCheckout = scratch.appendingPathComponent("checkout.png")
        // Both run from the scratch folder, so a relative models/ path resolves against nothing of the checkout.
        let panorama = bundle.appendingPathComponent("models/compass-sky.png").path
        let arguments = snapshot.map { $0 == "models/compass-sky.png" ? panorama : $0 }
        let a = try run(installed, arguments + ["--output", fromInstall.path], environment: cleanEnvironment)
        XCTAssertEqual(a.status, 0, a.output)
        let b = try run(built, arguments + ["--output", fromCheckout.path], environment: cleanEnvironment)
        XCTAssertEqual(b.status, 0, b.output)
        let installedPNG = try Data(contentsOf: fromInstall)
        XCTAssertGreaterThan(installedPNG.count, 1000)
        XCTAssertEqual(installedPNG, try Data(contentsOf: fromCheckout), "the installed copy draws another picture")
        // The magnetic models come from the installed Location bundle: a 2024 date (IGRF-14) and a 2026 one (WMM2025).
        for date in ["2024-02-11", "2026-06-01"] {
            let declination = try run(prefix.appendingPathComponent("bin/attitude"),
                                      ["declination", "46.5,7.25", "--date", date], environment: cleanEnvironment)
            XCTAssertEqual(declination.status, 0, declination.output)
        }

        let uninstall = try run(checkout.appendingPathComponent("scripts/uninstall"), [prefix.path], environment: cleanEnvironment)
        XCTAssertEqual(uninstall.status, 0, uninstall.output)
        let left = FileManager.default.enumerator(atPath: prefix.path)?.allObjects.compactMap { $0 as? String }
            .filter { !isDirectory(prefix.appendingPathComponent($0)) } ?? []
        XCTAssertEqual(left, [], "uninstall left files behind")
        XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/steady-dice").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: bundle.path), "uninstall left the bundle's folders")
    }

    /// Every guide's examples run from an install: each ```sh block of README.md and docs/*.md, unless the line before
    /// it says `<!-- not-run: why -->` (a webcam, imud, a window until closed, the user's own recording, minutes of
    /// work), is run line by line with the installed prefix's binaries on the PATH, in a folder of its own outside
    /// the checkout with no assets variable. Each line exits 0 and writes the files it names; each picture an
    /// example draws (a PNG of snapshot or run, the middle frame of a rendered video) shows the die: it differs
    /// from the same command's picture drawn with the die's and the box's textures painted magenta.
    /// A few stand-ins for the user's own files are made first: `walk.avi` (a test video), `frame.png` (a
    /// picture) and `webcam.yml` (docs/cameras.md's intrinsics block).
    func testEveryGuidesExampleRunsFromAnInstall() throws {
        let started = Date()
        let checkout = Fixtures.checkout
        let prefix = scratch.appendingPathComponent("prefix")
        var environment = cleanEnvironment
        environment["STEADY_DICE_INSTALL_FROM"] = try CommandHarness.executable().deletingLastPathComponent().path
        let install = try run(checkout.appendingPathComponent("scripts/install"), [prefix.path], environment: environment, within: 300)
        XCTAssertEqual(install.status, 0, install.output)
        var commandEnvironment = cleanEnvironment
        commandEnvironment["PATH"] = prefix.appendingPathComponent("bin").path + ":/usr/bin:/bin"
        // The same assets with the models' textures magenta: a picture that shows the die differs from it.
        let bundle = prefix.appendingPathComponent("bin/steady-dice_SteadyDiceAssets.resources")
        let magenta = scratch.appendingPathComponent("magenta-assets")
        try FileManager.default.copyItem(at: bundle, to: magenta)
        for texture in ["models/die.png", "models/box.png"] {
            let original = try RGBImage.read(path: bundle.appendingPathComponent(texture).path)
            try RGBImage(width: original.width, height: original.height, fill: (255, 0, 255)).write(path: magenta.appendingPathComponent(texture).path)
        }
        var magentaEnvironment = commandEnvironment
        magentaEnvironment[Assets.environmentVariable] = magenta.path

        let guides = ["README.md"] + (try FileManager.default.contentsOfDirectory(atPath: checkout.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 })
        print(String(format: "InstallTests: %5.1f s  install", Date().timeIntervalSince(started)))
        let standIns = scratch.appendingPathComponent("stand-ins")
        try makeStandIns(in: standIns, environment: commandEnvironment)
        var ran = 0, left: [String] = []
        for guide in guides {
            let text = try String(contentsOf: checkout.appendingPathComponent(guide), encoding: .utf8)
            let blocks = Self.shellBlocks(in: text)
            guard blocks.contains(where: { $0.notRun == nil }) else {
                left += blocks.compactMap { $0.notRun.map { "\(guide): \($0)" } }
                continue
            }
            let work = scratch.appendingPathComponent("examples/" + guide.replacingOccurrences(of: "/", with: "-"))
            try FileManager.default.copyItem(at: standIns, to: work)
            for block in blocks {
                if let reason = block.notRun {
                    XCTAssertGreaterThan(reason.count, 10, "\(guide): a block left out says why")
                    left.append("\(guide): \(reason)")
                    continue
                }
                for command in block.commands {
                    if command.hasPrefix("steady-dice run ") && (ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty {
                        print("InstallTests: no display (scripts/test gives one), left out: \(command)")
                        continue
                    }
                    let lineStarted = Date()
                    if try runExample(command, in: work, guide: guide, environment: commandEnvironment, magenta: magentaEnvironment) { ran += 1 }
                    print(String(format: "InstallTests: %5.1f s  %@", Date().timeIntervalSince(lineStarted), command))
                }
            }
        }
        print("InstallTests: \(ran) example lines ran; blocks left out:\n  " + left.joined(separator: "\n  "))
        XCTAssertGreaterThanOrEqual(ran, 25, "the guides' runnable examples")
        XCTAssertFalse(scratch.path.hasPrefix(checkout.path + "/"))
        print("InstallTests: the guides' examples took \(Int(Date().timeIntervalSince(started))) s")
    }

    /// A ```sh block of a guide: its command lines (a line ending in `\` joined with the next, comments and
    /// blank lines dropped), or why it is not run (`<!-- not-run: why -->` on the line before the fence).
    struct ShellBlock {
        var commands: [String]
        var notRun: String?
    }

    static func shellBlocks(in text: String) -> [ShellBlock] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [ShellBlock] = []
        var i = 0
        while i < lines.count {
            // A fence may be indented (a block inside a list item).
            guard lines[i].trimmingCharacters(in: .whitespaces).hasPrefix("```sh") else { i += 1; continue }
            let before = i > 0 ? lines[i - 1].trimmingCharacters(in: .whitespaces) : ""
            let notRun = before.firstMatch(of: #/^<!-- not-run: (.+) -->$/#).map { String($0.output.1) }
            var commands: [String] = []
            var pending = ""
            i += 1
            while i < lines.count && !lines[i].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                let line = lines[i]
                if line.hasSuffix("\\") {
                    pending += line.dropLast() + " "
                } else {
                    let command = (pending + line).trimmingCharacters(in: .whitespaces)
                    pending = ""
                    if !command.isEmpty && !command.hasPrefix("#") { commands.append(command) }
                }
                i += 1
            }
            blocks.append(ShellBlock(commands: commands, notRun: notRun))
            i += 1
        }
        return blocks
    }

    /// The user's own files the guides name, made with the installed tools: a 60-frame test video, a picture,
    /// and docs/cameras.md's intrinsics file.
    private func makeStandIns(in work: URL, environment: [String: String]) throws {
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let video = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", "steady-dice bench --write-video walk.avi --size 640x360 --frames 60"],
                            environment: environment, in: work)
        XCTAssertEqual(video.status, 0, video.output)
        let picture = try run(URL(fileURLWithPath: "/bin/sh"),
                              ["-c", "steady-dice snapshot --attitude 0.5,0.5,-0.5,-0.5 --panorama compass-sky --size 1280x720 --model box -o frame.png"],
                              environment: environment, in: work)
        XCTAssertEqual(picture.status, 0, picture.output)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("docs"), withIntermediateDirectories: true)  // README's picture
        let cameras = try String(contentsOf: Fixtures.checkout.appendingPathComponent("docs/cameras.md"), encoding: .utf8)
        let intrinsics = try XCTUnwrap(cameras.firstMatch(of: #/```yaml\n(%YAML[\s\S]*?)```/#), "docs/cameras.md lost its intrinsics block")
        try String(intrinsics.output.1).write(to: work.appendingPathComponent("webcam.yml"), atomically: true, encoding: .utf8)
    }

    /// The files `command` says it writes: the word after -o, --output, --truth, --plot, --snapshot-on-exit,
    /// --write-video, --attitude-log, and after --video and --log of calibration-clip.
    static func writtenFiles(of command: String) -> [String] {
        let words = command.split(separator: " ").map(String.init)
        return words.indices.dropLast().filter { k in
            ["-o", "--output", "--truth", "--plot", "--snapshot-on-exit", "--write-video", "--attitude-log"].contains(words[k])
                || (["--video", "--log"].contains(words[k]) && command.contains("calibration-clip"))
        }.map { words[$0 + 1] }
    }

    /// The pictures `command` draws: the PNG or video that snapshot, run or render writes.
    static func drawnPictures(of command: String) -> [String] {
        let words = command.split(separator: " ").map(String.init)
        let program = words.first == "xvfb-run" ? Array(words.drop { $0 != "steady-dice" }) : words
        guard program.first == "steady-dice", program.count > 1, ["snapshot", "run", "render"].contains(program[1]) else { return [] }
        return words.indices.dropLast().filter { ["-o", "--output", "--snapshot-on-exit"].contains(words[$0]) }.map { words[$0 + 1] }
            .filter { name in [".png", ".mkv", ".mp4", ".avi"].contains { name.hasSuffix($0) } }
    }

    /// `output` with `magenta-` before its file name.
    static func magentaName(_ output: String) -> String {
        ((output as NSString).deletingLastPathComponent as NSString).appendingPathComponent("magenta-" + (output as NSString).lastPathComponent)
    }

    /// Runs one example line in `work` and checks it: exit 0, the files it names written, and each picture it
    /// draws showing the die. The same line with the magenta models runs alongside (two processes at once).
    private func runExample(_ command: String, in work: URL, guide: String, environment: [String: String],
                            magenta: [String: String]) throws -> Bool {
        let pictures = Self.drawnPictures(of: command)
        var again = command
        for picture in pictures { again = again.replacingOccurrences(of: " " + picture, with: " " + Self.magentaName(picture)) }
        let alongside = pictures.isEmpty ? nil : try start(URL(fileURLWithPath: "/bin/sh"), ["-c", again], environment: magenta, in: work)
        let result = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", command], environment: environment, in: work)
        let magentaResult = try alongside.map { try finish($0, within: 120) }
        XCTAssertEqual(result.status, 0, "\(guide): \(command)\n\(result.output)")
        guard result.status == 0 else { return false }
        for file in Self.writtenFiles(of: command) {
            let size = (try? FileManager.default.attributesOfItem(atPath: work.appendingPathComponent(file).path)[.size] as? Int) ?? nil
            XCTAssertGreaterThan(size ?? 0, 0, "\(guide): \(command): \(file) was not written")
        }
        if let magentaResult {
            XCTAssertEqual(magentaResult.status, 0, "\(again)\n\(magentaResult.output)")
            for picture in pictures where magentaResult.status == 0 {
                try assertShowsTheDie(command: command, output: picture, in: work, guide: guide)
            }
        }
        return true
    }

    /// The picture `output` (a PNG, or a video's middle frame) differs from the same command's with magenta models.
    private func assertShowsTheDie(command: String, output: String, in work: URL, guide: String) throws {
        let isVideo = !output.hasSuffix(".png")
        func picture(_ name: String) throws -> RGBImage {
            let path = work.appendingPathComponent(name).path
            guard isVideo else { return try RGBImage.read(path: path) }
            return try VideoReader.decodeFrame(path: path, index: try VideoFrameTimes(path: path).times.count / 2).image
        }
        let (a, b) = (try picture(output), try picture(Self.magentaName(output)))
        XCTAssertEqual(a.pixels.count, b.pixels.count)
        var differing = 0
        a.pixels.withUnsafeBufferPointer { a in
            b.pixels.withUnsafeBufferPointer { b in
                var i = 0
                while i + 2 < min(a.count, b.count) {
                    if abs(Int(a[i]) - Int(b[i])) > 16 || abs(Int(a[i + 1]) - Int(b[i + 1])) > 16 || abs(Int(a[i + 2]) - Int(b[i + 2])) > 16 {
                        differing += 1
                    }
                    i += 3
                }
            }
        }
        XCTAssertGreaterThan(Double(differing) / Double(a.width * a.height), 0.002,
                             "\(guide): \(command): \(output) does not show the die (\(differing) pixels change with its colour)")
    }

    /// Prebuilt binaries install on a machine without the Swift toolchain: with no `swift` on the PATH,
    /// `scripts/install` (through `scripts/command-reference`) makes each man page from the binaries' own
    /// help instead of building generate-manual, and the reference is complete all the same.
    func testPrebuiltBinariesInstallWithoutTheToolchain() throws {
        let prefix = scratch.appendingPathComponent("prefix")
        var environment = cleanEnvironment
        environment["STEADY_DICE_INSTALL_FROM"] = try CommandHarness.executable().deletingLastPathComponent().path
        environment["PATH"] = "/usr/bin:/bin"
        for folder in ["/usr/bin", "/bin"] {
            XCTAssertFalse(FileManager.default.isExecutableFile(atPath: folder + "/swift"), "\(folder)/swift: this test needs a PATH without swift")
        }
        let install = try run(Fixtures.checkout.appendingPathComponent("scripts/install"), [prefix.path], environment: environment)
        XCTAssertEqual(install.status, 0, install.output)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/steady-dice").path))
        try assertCommandReference(in: prefix)
        let compare = try String(contentsOf: prefix.appendingPathComponent("share/man/man1/steady-dice-compare.1"), encoding: .utf8)
        XCTAssertTrue(compare.contains("Exit statuses: 0 the pictures match"), "compare's help points at its man page for the statuses")
    }

    func testACopiedBinaryWithoutAssetsFailsNamingWhereItLooked() throws {
        let lonely = scratch.appendingPathComponent("lonely/bin")
        try FileManager.default.createDirectory(at: lonely, withIntermediateDirectories: true)
        let copy = lonely.appendingPathComponent("steady-dice")
        try FileManager.default.copyItem(at: try CommandHarness.executable(), to: copy)
        let result = try run(copy, ["snapshot", "--attitude", "1,0,0,0", "--size", "64x48",
                                    "--output", scratch.appendingPathComponent("never.png").path],
                             environment: cleanEnvironment)
        XCTAssertEqual(result.status, 66, "assets not found are a missing input (docs/commands.md, exit statuses): \(result.output)")
        XCTAssertTrue(result.output.contains("cannot find the shaders/ and models/ folders"), result.output)
        XCTAssertTrue(result.output.contains(lonely.appendingPathComponent("<package>_SteadyDiceAssets.resources").path), result.output)
        XCTAssertEqual(result.output.split(separator: "\n").count, 1, "one line: \(result.output)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("never.png").path))
    }

    /// The command reference `scripts/install` made from the binaries it installed: a man page for each
    /// executable and each subcommand its help lists, bash, zsh and fish completions for both, which bash
    /// reads without a syntax error; `man -l` renders `steady-dice-render.1` naming every option of
    /// `steady-dice render --help`.
    private func assertCommandReference(in prefix: URL) throws {
        let share = prefix.appendingPathComponent("share")
        for tool in ["steady-dice", "attitude"] {
            let help = try run(prefix.appendingPathComponent("bin/\(tool)"), ["--help"], environment: cleanEnvironment)
            XCTAssertEqual(help.status, 0, help.output)
            let subcommands = HelpTextTests.subcommands(in: help.output)
            XCTAssertGreaterThan(subcommands.count, 5, help.output)
            for page in [tool] + subcommands.map({ "\(tool)-\($0)" }) {
                XCTAssertTrue(FileManager.default.fileExists(atPath: share.appendingPathComponent("man/man1/\(page).1").path),
                              "no man page \(page).1 in \(share.path)/man/man1")
            }
            let completions = ["bash-completion/completions/\(tool)", "zsh/site-functions/_\(tool)", "fish/vendor_completions.d/\(tool).fish"]
            for file in completions {
                let text = (try? String(contentsOf: share.appendingPathComponent(file), encoding: .utf8)) ?? ""
                XCTAssertTrue(text.contains(tool), "share/\(file) is missing or does not complete \(tool)")
            }
            let bash = try run(URL(fileURLWithPath: "/bin/bash"), ["-n", share.appendingPathComponent(completions[0]).path],
                               environment: cleanEnvironment)
            XCTAssertEqual(bash.status, 0, "bash -n share/\(completions[0]): \(bash.output)")
        }

        var environment = cleanEnvironment
        environment["MANWIDTH"] = "80"
        let page = share.appendingPathComponent("man/man1/steady-dice-render.1").path
        let manual = try run(URL(fileURLWithPath: "/usr/bin/env"), ["man", "-l", page], environment: environment)
        XCTAssertEqual(manual.status, 0, "man -l \(page) (man-db, which scripts/setup installs): \(manual.output)")
        XCTAssertTrue(manual.output.contains("steady-dice render"), manual.output)
        let help = try run(prefix.appendingPathComponent("bin/steady-dice"), ["render", "--help"], environment: cleanEnvironment)
        let options = HelpTextTests.options(in: help.output)
        XCTAssertGreaterThan(options.count, 20, help.output)
        for option in options {
            XCTAssertNotNil(manual.output.firstMatch(of: try Regex("\(option)(?![a-z0-9-])")),
                            "`man -l steady-dice-render.1` does not show \(option), an option of `steady-dice render --help`")
        }
    }

    private func isDirectory(_ url: URL) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &flag) && flag.boolValue
    }

    /// Runs `executable ARGUMENTS` in `folder` (default the scratch folder): exit status and stdout and stderr together.
    /// `within` seconds at most: the install's first run builds swift-argument-parser's generate-manual.
    private func run(_ executable: URL, _ arguments: [String], environment: [String: String], in folder: URL? = nil,
                     within timeout: Double = 120) throws -> (status: Int32, output: String) {
        try finish(start(executable, arguments, environment: environment, in: folder), within: timeout)
    }

    /// Starts `executable ARGUMENTS` in `folder`, its stdout and stderr into one pipe; `finish` waits for it.
    private func start(_ executable: URL, _ arguments: [String], environment: [String: String],
                       in folder: URL? = nil) throws -> (process: Process, output: Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = folder ?? scratch
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return (process, output)
    }

    private func finish(_ started: (process: Process, output: Pipe), within timeout: Double) throws -> (status: Int32, output: String) {
        let data = started.output.fileHandleForReading.readDataToEndOfFile()
        CommandHarness.finish(started.process, within: timeout, what: started.process.executableURL?.lastPathComponent ?? "")
        return (started.process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
