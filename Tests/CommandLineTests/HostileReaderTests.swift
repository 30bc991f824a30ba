import CalibrationFiles
import Camera
import CommandTestSupport
import Foundation
import Imaging
import RecordFolder
import TestSupport
import XCTest

/// What a new user and a third fuzz round gave the readers, through the executables: calibration files nested past
/// OpenCV's stack, gzip'd or with sizes OpenCV wraps, absurd camera values, a record folder's `imu.csv` with a NaN
/// rate, and a cut-off video placed by time. The readers' own refusals and messages are tested in-process in their
/// modules' targets (`RigRecordingTests`, `VideoFileTests`, `ClipTracksTests`).
final class HostileReaderTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "hostile-readers" }

    /// A 320x240 intrinsics file as OpenCV's tools write it, with `replacements` made in its text.
    private func intrinsics(_ name: String, _ replacements: [(String, String)] = []) throws -> String {
        try OpenCVCameraFile.write(OpenCVCameraFile.sample320x240, replacing: replacements, to: path(name))
        return path(name)
    }

    /// `snapshot --intrinsics FILE` (and `--calibration FILE` with `calibration`) must refuse with 65, saying `saying`.
    private func assertRefused(_ file: String, saying: String, calibration: Bool = false,
                               line: UInt = #line) throws {
        var options = [("--intrinsics", file)]
        if calibration { options.append(("--calibration", file)) }
        for (option, value) in options {
            try CommandHarness.assertRefused(["snapshot", "--attitude", "1,0,0,0", "--size", "32x24", option, value, "-o", path("s.png")],
                                             saying: saying, output: path("s.png"), line: line)
        }
    }

    // MARK: - Calibration and intrinsics files

    /// Nesting OpenCV's recursive parsers took until the stack overflowed (SIGSEGV) is refused first, in each
    /// format and in each YAML form that nests a level in a byte or a few (a calibration's own nesting is counted in
    /// CalibrationFilesTests' `FileStorageTextTests`).
    func testDeeplyNestedFilesAreRefusedBeforeOpenCVParsesThem() throws {
        func times(_ text: String, _ n: Int) -> String { String(repeating: text, count: n) }
        let yaml = "%YAML:1.0\n---\n"
        let files: [(String, String)] = [
            ("flow.yaml", yaml + "deep: " + times("[", 300_000) + times("]", 300_000) + "\n"),
            ("elements.xml", "<?xml version=\"1.0\"?>\n<opencv_storage>\n" + times("<a>", 100_000) + times("</a>", 100_000)
                + "\n</opencv_storage>\n"),
            ("arrays.json", "{ \"deep\": " + times("[", 300_000) + times("]", 300_000) + " }\n"),
            ("dashes.yaml", yaml + "deep:\n  " + times("- ", 300_000) + "x\n"),
            ("keys.yaml", yaml + times("a: ", 250_000) + "x\n"),
            // Closing brackets OpenCV does not take as closing: in a flow map's key, in a quoted string.
            ("flow-keys.yaml", yaml + "deep: " + times("{a]: ", 150_000) + "1" + times("}", 150_000) + "\n"),
            ("strings.yaml", yaml + "deep: " + times("[ \"]\", ", 100_000) + "1" + times("]", 100_000) + "\n"),
            // A line a flow collection could start, read as a key: `[a, b` then its value.
            ("line-keys.yaml", yaml + "x: 1\n[a, b: " + times("[", 300_000) + times("]", 300_000) + "\n"),
            ("quoted-keys.yaml", yaml + "x: 1\n[\"x: " + times("[", 300_000) + times("]", 300_000) + "\n"),
            // `#` inside a key is text to OpenCV, not a comment: `[:]#[:]#…` is a key in a key in a key.
            ("hash-keys.yaml", yaml + "x: 1\n" + times("[:]#", 200_000) + "\n"),
            // A `-` needs no space after it to start a sequence; a line of brackets may be keys and sequences.
            ("bare-dashes.yaml", yaml + "x: " + times("-", 300_000) + "\n"),
            ("bracket-keys.yaml", yaml + "x: 1\n" + times("[ :  -]", 120_000) + "\n"),
            ("documents.yaml", yaml + times("--- ", 200_000) + "\n"),
        ]
        for (name, text) in files {
            try text.write(toFile: path(name), atomically: true, encoding: .utf8)
            try assertRefused(path(name), saying: "\(path(name)): nests ", calibration: name == "flow.yaml" || name == "elements.xml")
        }
    }

    /// A gzip'd file would be inflated past the size limit and past the whole-number checks
    /// (`image_width: 4294967616` read as 320): it is refused by name. A size OpenCV would wrap is refused in
    /// any form it can be written in, and one the text does not show is not taken from OpenCV.
    func testCompressedFilesAndWrappedSizesAreRefused() throws {
        let wrapped = try intrinsics("wrapped.yaml", [("image_width: 320", "image_width: 4294967616")])
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-k", wrapped]
        try gzip.run()
        gzip.waitUntilExit()
        XCTAssertEqual(gzip.terminationStatus, 0)
        try assertRefused(wrapped + ".gz", saying: "\(wrapped).gz: is named as a gzip'd file (.gz)", calibration: true)

        try assertRefused(wrapped, saying: "image_width: '4294967616' is not a whole number from 1 to 16384")
        let spaced = try intrinsics("spaced.yaml", [("image_width: 320", "image_width : 4294967616")])
        try assertRefused(spaced, saying: "image_width: '4294967616' is not a whole number from 1 to 16384")
        let json = path("wrapped.json")
        try """
            {
                "camera_matrix": { "type_id": "opencv-matrix", "rows": 3, "cols": 3, "dt": "d",
                                   "data": [ 300.0, 0.0, 159.5, 0.0, 300.0, 119.5, 0.0, 0.0, 1.0 ] },
                "distortion_coefficients": { "type_id": "opencv-matrix", "rows": 1, "cols": 4, "dt": "d", "data": [ 0.0, 0.0, 0.0, 0.0 ] },
                "image_width": 4294967616,
                "image_height": 240
            }
            """.write(toFile: json, atomically: true, encoding: .utf8)
        try assertRefused(json, saying: "image_width: '4294967616' is not a whole number from 1 to 16384")
        // Every place the key is written is read: a harmless one first hid the one OpenCV takes.
        let decoy = try intrinsics("decoy.yaml", [("   rows: 1\n", "   rows: 1\n   image_width: 320\n"),
                                                  ("image_width: 320\nimage_height", "image_width: 4294967616\nimage_height")])
        try assertRefused(decoy, saying: "image_width: '4294967616' is not a whole number from 1 to 16384")
        // Where the text shows no `image_width: N` line (a flow map), OpenCV's int is not taken.
        let hidden = path("hidden.yaml")
        try """
            %YAML:1.0
            ---
            { camera_matrix: !!opencv-matrix { rows: 3, cols: 3, dt: d, data: [ 300., 0., 159.5, 0., 300., 119.5, 0., 0., 1. ] }, \
            distortion_coefficients: !!opencv-matrix { rows: 1, cols: 4, dt: d, data: [ 0., 0., 0., 0. ] }, \
            image_width: 4294967616, image_height: 240 }

            """.write(toFile: hidden, atomically: true, encoding: .utf8)
        try assertRefused(hidden, saying: "image_width: write it as `image_width: N` on a line of its own")
        let good = try intrinsics("good.yaml")
        XCTAssertEqual(try LensCamera.read(path: good).pinhole.width, 320)
    }

    /// Focal lengths, a principal point and lens coefficients no camera has are refused, naming the field and
    /// the range taken, rather than drawing an empty or all-red picture.
    func testAbsurdCameraValuesAreRefusedNamingTheField() throws {
        let matrix = "300.0, 0.0, 159.5, 0.0, 300.0, 119.5"
        let cases: [(String, [(String, String)], String)] = [
            ("fx-huge.yaml", [(matrix, "1e300, 0., 159.5, 0., 300., 119.5")], "line 3: camera_matrix: fx = 1e+300 pixels is not a focal length"),
            ("fx-tiny.yaml", [(matrix, "1e-300, 0., 159.5, 0., 300., 119.5")], "line 3: camera_matrix: fx = 1e-300 pixels is not a focal length"),
            ("fy-huge.yaml", [(matrix, "300., 0., 159.5, 0., 4e4, 119.5")], "line 3: camera_matrix: fy = 40000.0 pixels is not a focal length for a 320x240 picture "
                + "(taken: 3.2 to 32000.0, 1/100 to 100 times its larger side)"),
            ("cx-far.yaml", [(matrix, "300., 0., 1e300, 0., 300., 119.5")], "line 3: camera_matrix: cx = 1e+300 puts the principal point far outside"),
            ("cy-far.yaml", [(matrix, "300., 0., 159.5, 0., 300., -241.")], "line 3: camera_matrix: cy = -241.0 puts the principal point far outside the 320x240 "
                + "picture (taken: -240 to 480"),
            ("k-huge.yaml", [("0.1, -0.05, 0.0, 0.0, 0.0", "1e30, -0.05, 0., 0., 0.")],
             "line 8: distortion_coefficients: coefficient 1 = 1e+30 is past any lens's (taken: -1000.0 to 1000.0)"),
            ("fisheye-huge.yaml", [("cols: 5", "cols: 4"), ("0.1, -0.05, 0.0, 0.0, 0.0", "0.1, 0., 0., -2e3"),
                                   ("image_height: 240", "image_height: 240\ndistortion_model: fisheye")],
             "line 8: distortion_coefficients: coefficient 4 = -2000.0 is past any lens's"),
        ]
        for (name, replacements, saying) in cases {
            try assertRefused(try intrinsics(name, replacements), saying: "\(path(name)): " + saying)
        }
        // The edges of the ranges are taken; fy's upper edge is the 1° field of view's (fuzz round 41), 13750 for 240 rows.
        let edge = try intrinsics("edge.yaml", [(matrix, "3.2, 0., -320., 0., 13700., 480."), ("0.1, -0.05", "1000., -1000.")])
        XCTAssertNoThrow(try LensCamera.read(path: edge))
    }

    // MARK: - A record folder's imu.csv

    /// A folder as `record` writes it, with `rows` as imu.csv's packets.
    private func rig(_ name: String, rows: [String]) throws -> String {
        let rig = path(name)
        try FileManager.default.createDirectory(atPath: rig + "/frames", withIntermediateDirectories: true)
        try "format: \(RigFolder.format)\n".write(toFile: rig + "/rig.yaml", atomically: true, encoding: .utf8)
        try "\(RigFolder.framesHeader)\n1.0,frame-000000.png,1.0,\n".write(toFile: rig + "/frames/frames.csv", atomically: true, encoding: .utf8)
        try ([RigFolder.imuHeader] + rows).joined(separator: "\n").appending("\n")
            .write(toFile: rig + "/imu.csv", atomically: true, encoding: .utf8)
        return rig
    }

    /// Ten settled packets 10 ms apart turning at 0.1 rad/s about x, with `change` made to row `k` (0 first).
    private func packets(changing k: Int = -1, _ change: (String) -> String = { $0 }) -> [String] {
        (0..<10).map { i in
            let row = "1.0\(i),\(i),4,1,0,0,0,0.1,0,0"
            return i == k ? change(row) : row
        }
    }

    /// A NaN rate in a settled packet is refused by `calibrate FOLDER` at its line and column, never fitted or passed
    /// over as "not settled" (each refusal of `imu.csv`'s packets is RecordFolderTests' `RigRecordingTests`).
    func testCalibrateRefusesARecordFoldersPacketAtItsLine() throws {
        let nan = try rig("nan", rows: packets(changing: 5) { $0.replacingOccurrences(of: "0.1,0,0", with: "nan,0,0") })
        try CommandHarness.assertRefused(["calibrate", nan, "-o", path("nan.yaml")], saying: "imu.csv:7: column 'gx'", output: path("nan.yaml"))
    }

    // MARK: - Videos

    /// A cut-off MP4 (its header states 90 frames, 15 or so are there): `--video-at` a time in the part cut
    /// off is refused as `--frame` of that frame is, instead of wrapping onto frame 3; a time in the part
    /// that is there draws what `--frame` draws.
    func testACutOffVideoPlacedByTimeIsRefusedAsByFrame() throws {
        let whole = path("whole.mp4")
        try FFmpeg.run(["-f", "lavfi", "-i", "testsrc=size=320x240:rate=30", "-frames:v", "90",
                        "-c:v", "libx264", "-g", "10", "-pix_fmt", "yuv420p", "-movflags", "+faststart", whole])
        let data = try Data(contentsOf: URL(fileURLWithPath: whole))
        let cut = path("cut.mp4")
        try data.prefix(data.count / 6).write(to: URL(fileURLWithPath: cut))
        let times = try VideoFrameTimes(path: cut)
        XCTAssertLessThan(times.times.count, 45)
        XCTAssertEqual(times.missingFrames, 90 - times.times.count)

        let base = ["snapshot", "--attitude", "1,0,0,0", "--size", "32x24", "--video", cut]
        let byFrame = try CommandHarness.run(base + ["--frame", "45", "-o", path("f.png")])
        let byTime = try CommandHarness.run(base + ["--video-at", "1.5", "-o", path("t.png")])
        XCTAssertEqual(byFrame.status, 65, byFrame.stderr)
        XCTAssertEqual(byTime.status, 65, byTime.stderr)
        XCTAssertEqual(byTime.stderr, byFrame.stderr)
        XCTAssertTrue(byTime.stderr.contains("it states 90 frames"), byTime.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("t.png")))

        let frame3 = try CommandHarness.run(base + ["--frame", "3", "-o", path("f3.png")])
        let at3 = try CommandHarness.run(base + ["--video-at", "0.1", "-o", path("t3.png")])
        XCTAssertEqual([frame3.status, at3.status], [0, 0], frame3.stderr + at3.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("f3.png"))), try Data(contentsOf: URL(fileURLWithPath: path("t3.png"))))
    }
}
