import Foundation
import Render
import TestSupport
import XCTest

/// `scripts/install` and `scripts/uninstall` with a temporary prefix: the installed binary, which lives
/// outside the checkout, finds its assets in the resource bundle installed beside it (Bundle.module) and
/// draws the checkout binary's picture; the man pages and shell completions made from the installed
/// binaries are in their standard places; a copied binary without its bundle fails naming where it looked.
///
/// The install copies the debug binaries this suite already built (`STEADY_DICE_INSTALL_FROM`) rather
/// than building release ones, which would add minutes to every run of the suite.
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

    /// Every command of docs/assets.md's block after `<!-- install-commands -->`, run from an installed prefix in a
    /// folder outside the checkout with no assets variable: each exits 0 and writes the files it names.
    /// `run` needs a display (scripts/test gives one); without one its lines are left out, and said.
    func testTheDocumentedCommandsRunFromAnInstallOutsideTheCheckout() throws {
        _ = try CommandHarness.executable()
        let checkout = Fixtures.checkout
        let prefix = scratch.appendingPathComponent("prefix")
        var environment = cleanEnvironment
        environment["STEADY_DICE_INSTALL_FROM"] = try CommandHarness.executable().deletingLastPathComponent().path
        let install = try run(checkout.appendingPathComponent("scripts/install"), [prefix.path], environment: environment, within: 300)
        XCTAssertEqual(install.status, 0, install.output)

        let readme = try String(contentsOf: checkout.appendingPathComponent("docs/assets.md"), encoding: .utf8)
        let marker = try XCTUnwrap(readme.range(of: "<!-- install-commands -->\n```sh\n"), "docs/assets.md lost its install-commands block")
        let block = readme[marker.upperBound...]
        let end = try XCTUnwrap(block.range(of: "```"))
        let commands = block[..<end.lowerBound].split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        XCTAssertGreaterThanOrEqual(commands.count, 8, "the block names the documented commands")

        let work = scratch.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        var commandEnvironment = cleanEnvironment
        commandEnvironment["PATH"] = prefix.appendingPathComponent("bin").path + ":/usr/bin:/bin"
        let hasDisplay = !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty
        var ran = 0
        for command in commands {
            if command.hasPrefix("steady-dice run ") && !hasDisplay {
                print("InstallTests: no display, left out: \(command)")
                continue
            }
            let result = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", command], environment: commandEnvironment, in: work)
            XCTAssertEqual(result.status, 0, "\(command)\n\(result.output)")
            // The files it says it writes: the word after -o, --output, --video, --log (of calibration-clip), --truth, --plot, --snapshot-on-exit.
            let words = command.split(separator: " ").map(String.init)
            for (k, word) in words.enumerated() where k + 1 < words.count {
                let writes = ["-o", "--output", "--video", "--truth", "--plot", "--snapshot-on-exit"].contains(word)
                    || (word == "--log" && command.contains("calibration-clip"))
                guard writes else { continue }
                let file = work.appendingPathComponent(words[k + 1]).path
                let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? nil
                XCTAssertGreaterThan(size ?? 0, 0, "\(command): \(words[k + 1]) was not written")
            }
            ran += 1
        }
        XCTAssertGreaterThanOrEqual(ran, commands.count - 1)
        XCTAssertFalse(work.path.hasPrefix(checkout.path + "/"))
    }

    func testACopiedBinaryWithoutAssetsFailsNamingWhereItLooked() throws {
        let lonely = scratch.appendingPathComponent("lonely/bin")
        try FileManager.default.createDirectory(at: lonely, withIntermediateDirectories: true)
        let copy = lonely.appendingPathComponent("steady-dice")
        try FileManager.default.copyItem(at: try CommandHarness.executable(), to: copy)
        let result = try run(copy, ["snapshot", "--attitude", "1,0,0,0", "--size", "64x48",
                                    "--output", scratch.appendingPathComponent("never.png").path],
                             environment: cleanEnvironment)
        XCTAssertNotEqual(result.status, 0)
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
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = folder ?? scratch
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        CommandHarness.finish(process, within: timeout, what: executable.lastPathComponent)
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
