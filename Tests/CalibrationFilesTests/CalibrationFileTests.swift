import AttitudeMath
import CalibrationFiles
import Camera
import Foundation
import Pixels
import Rig
import TestSupport
import XCTest

/// Fuzz finding 7 and 9': what the calibration readers take from a file. A key written twice, a readout or a camera
/// past physical bounds are refused naming the key and its line; a skewed camera matrix is used, skew and all; a NaN
/// is said as `nan`, never as the C library's payload form.
final class CalibrationFileTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "calibration-file" }

    /// A calibration as `calibrate` writes it (320x240, a radial lens), with `replacements` made in its text; the lines
    /// are numbered from 1 at `%YAML:1.0`: the camera on lines 3 to 14, then the mount (15), the offset (16), its clock
    /// (17) and the readout (18).
    private func calibration(_ name: String, _ replacements: [(String, String)] = []) throws -> String {
        let text = OpenCVCameraFile.sample320x240 + """
            imu_to_camera: [ 1., 0., 0., 0. ]
            time_offset_s: 0.125
            time_offset_clock: clip
            rolling_shutter_readout_s: 0.03
            time_offset_refers_to: middle_row

            """
        try OpenCVCameraFile.write(text, replacing: replacements, to: path(name))
        return path(name)
    }

    func testAGoodFileIsRead() throws {
        let file = try calibration("good.yaml")
        XCTAssertEqual(try Rig.read(path: file).timeOffset.seconds, 0.125)
        XCTAssertEqual(try LensCamera.read(path: file).pinhole.fx, 300)
    }

    /// A key written twice was taken, the first one winning: one rule for every key, in any map, YAML or XML.
    func testAKeyWrittenTwiceIsRefusedWithItsLines() throws {
        let twice = try calibration("twice.yaml", [("time_offset_clock: clip", "time_offset_clock: clip\ntime_offset_s: 9")])
        let said = "\(twice): line 18: time_offset_s: written a second time (first on line 16); write each key once"
        XCTAssertEqual(refusal { try Rig.read(path: twice) }, said)
        XCTAssertEqual(refusal { try LensCamera.read(path: twice) }, said)
        let nested = try calibration("nested.yaml", [("   cols: 3\n", "   cols: 3\n   cols: 4\n")])
        XCTAssertEqual(refusal { try LensCamera.read(path: nested) },
                       "\(nested): line 6: cols: written a second time (first on line 5); write each key once")
        let xml = path("twice.xml")
        try """
            <?xml version="1.0"?>
            <opencv_storage>
            <image_width>320</image_width>
            <image_height>240</image_height>
            <image_width>640</image_width>
            </opencv_storage>

            """.write(toFile: xml, atomically: true, encoding: .utf8)
        XCTAssertEqual(refusal { try LensCamera.read(path: xml) },
                       "\(xml): line 5: image_width: written a second time (first on line 3); write each key once")
    }

    /// `rolling_shutter_readout_s` of NaN, -1 or text was accepted: it must be a finite number of seconds in [0, 1].
    func testAReadoutPastItsBoundsIsRefusedWithItsLine() throws {
        for (value, said) in [(".nan", "nan is not a number of seconds from 0.0 to 1.0"), ("-1", "-1.0 is not a number of seconds"),
                              ("1.5", "1.5 is not a number of seconds"), ("fast", "not a number of seconds"),
                              (".inf", "inf is not a number of seconds")] {
            let file = try calibration("readout.yaml", [("rolling_shutter_readout_s: 0.03", "rolling_shutter_readout_s: \(value)")])
            let text = refusal { try Rig.read(path: file) }
            XCTAssertTrue(text.hasPrefix("\(file): line 18: rolling_shutter_readout_s: \(said)"), text)
        }
        for value in ["0", "1", "0.0333"] {
            let file = try calibration("readout.yaml", [("rolling_shutter_readout_s: 0.03", "rolling_shutter_readout_s: \(value)")])
            XCTAssertNoThrow(try Rig.read(path: file), value)
        }
    }

    /// Finding 9': a NaN read through OpenCV was printed as `-nan(0x3ffffffffffff)`; every value read is the one
    /// quiet NaN, said `nan`.
    func testANaNIsSaidAsNan() throws {
        for written in [".nan", ".NaN", "nan"] {
            let file = try calibration("nan.yaml", [("time_offset_s: 0.125", "time_offset_s: \(written)")])
            let text = refusal { try Rig.read(path: file) }
            guard text.contains("time_offset_s: ") && text.contains("nan") else { continue }  // `nan` may be read as text: refused otherwise
            XCTAssertFalse(text.contains("0x") || text.contains("-nan"), text)
        }
        let file = try calibration("nan.yaml", [("time_offset_s: 0.125", "time_offset_s: .nan")])
        XCTAssertEqual(refusal { try Rig.read(path: file) },
                       "\(file): line 16: time_offset_s: nan is not a number of seconds from -3600 to 3600")
        let matrix = try calibration("nan-matrix.yaml", [("300.0, 0.0, 159.5, 0.0, 300.0", "300., 0., 159.5, 0., .nan")])
        XCTAssertEqual(refusal { try LensCamera.read(path: matrix) }, "\(matrix): line 3: camera_matrix: a value is not finite")
        let bias = try calibration("nan-bias.yaml", [("time_offset_clock: clip", "time_offset_clock: clip\ngyro_bias_deg_per_s: [ .nan, 0., 0. ]")])
        let said = refusal { try Rig.read(path: bias) }
        XCTAssertTrue(said.hasPrefix("\(bias): line 18: gyro_bias_deg_per_s: nan is not"), said)
    }

    /// Focal lengths must be positive and finite, and the fields of view they give within (1°, 179°).
    func testACameraPastPhysicalBoundsIsRefusedWithItsLine() throws {
        let matrix = "300.0, 0.0, 159.5, 0.0, 300.0, 119.5"
        let cases: [(String, String)] = [
            ("-300., 0., 159.5, 0., 300., 119.5", "camera_matrix: the focal lengths fx = -300.0 and fy = 300.0 must be positive"),
            ("300., 0., 159.5, 0., .inf, 119.5", "camera_matrix: a value is not finite"),
            // 240 rows at fy = 14000: 0.98° tall.
            ("300., 0., 159.5, 0., 14000., 119.5", "camera_matrix: a field of view of 0.982° across the picture's height (240 pixels at fy = 14000)"),
            // 320 columns at fx = 3.5: 177.5° wide is taken; at 1.2 the focal length is past its range first.
            ("300., 400., 159.5, 0., 300., 119.5", "camera_matrix: the skew s = 400.0 is larger than fx = 300.0"),
        ]
        for (values, said) in cases {
            let file = try calibration("camera.yaml", [(matrix, values)])
            let text = refusal { try LensCamera.read(path: file) }
            XCTAssertTrue(text.hasPrefix("\(file): line 3: \(said)"), text)
        }
        let wide = try calibration("wide.yaml", [(matrix, "3.5, 0., 159.5, 0., 13700., 119.5")])
        XCTAssertNoThrow(try LensCamera.read(path: wide))
    }

    /// A skew (K[0][1], -0.70 in a real phone clip's calibration) is read and kept, not refused nor dropped.
    func testASkewIsUsed() throws {
        let file = try calibration("skew.yaml", [("300.0, 0.0, 159.5", "300., -0.70, 159.5")])
        let camera = try LensCamera.read(path: file)
        XCTAssertEqual(camera.pinhole.skew, -0.70)
        XCTAssertEqual(camera.pinhole.matrixRows, [300, -0.70, 159.5, 0, 300, 119.5, 0, 0, 1])
    }

    // MARK: - The file read whole

    /// A fitted rig written as YAML and as XML reads back whole: camera, lens, mount, offset with its clock and
    /// instant, readout, bias, what is undetermined with its standard error and why, and the fit's summary.
    func testAWholeRigReadsBackFromYAMLAndXML() throws {
        let camera = PinholeCamera(fx: 300, fy: 310, cx: 159.5, cy: 119.5, size: PictureSize(fixedWidth: 320, height: 240))
        let bias = Angle.radians(fromDegrees: SIMD3(0.5, -0.25, 0.125))
        var rig = Rig(camera: LensCamera(pinhole: camera, lens: .fisheye(SIMD4(0.03, -0.01, 0.002, 0))), deviceFromIMU: Quaternion(w: 0.5, x: 0.5, y: 0.5, z: 0.5),
                      timeOffset: TimeOffset(seconds: -0.0375, clock: .live, refersTo: .middleRow), readoutSeconds: 0.03,
                      gyroBiasRadiansPerSecond: bias,
                      standardErrors: RigStandardErrors(timeOffsetSeconds: 0.001, verticalFieldOfViewFraction: 0.01, mountDegrees: SIMD3(1, 2, 3),
                                                        readoutSeconds: 0.001, gyroBiasRadiansPerSecond: Angle.radians(fromDegrees: SIMD3(0.1, 0.1, 0.1))),
                      undetermined: [Undetermined(.mountAxis(.y), standardError: "± 3.9°", why: "the clip hardly pans"),
                                     Undetermined(.lensCoefficient(4), standardError: nil, why: "the lens hardly bends")],
                      fit: RigFitSummary(residualDegreesPerSecond: 0.75, framesUsed: 80, framesTotal: 90, warning: "a short clip",
                                         turnedDegrees: SIMD3(10, 20, 5)))
        rig.readoutSeconds = 0.03
        for name in ["whole.yaml", "whole.xml"] {
            try rig.write(path: path(name))
            let read = try Rig.read(path: path(name))
            XCTAssertEqual(try XCTUnwrap(read.camera).pinhole, camera, name)
            XCTAssertEqual(try XCTUnwrap(read.camera).lens, try XCTUnwrap(rig.camera).lens, name)
            XCTAssertEqual(read.deviceFromIMU, rig.deviceFromIMU, name)
            XCTAssertEqual(read.timeOffset, rig.timeOffset, name)
            XCTAssertEqual(read.readoutSeconds, 0.03, name)
            let readBias = try XCTUnwrap(read.gyroBiasRadiansPerSecond, name)
            for axis in 0..<3 { XCTAssertEqual(readBias[axis], bias[axis], accuracy: 1e-15, name) }
            XCTAssertEqual(read.undetermined, rig.undetermined, name)
            XCTAssertEqual(read.fit, rig.fit, name)
            XCTAssertFalse(read.knowsOnlyTimeOffset, name)
            XCTAssertNil(read.refusal(toServeAs: .camera), name)
            XCTAssertNil(read.refusal(toServeAs: .mount), name)
        }
    }

    /// A camera and a mount the clip did not determine are left out of the file; it reads with neither (no placeholder
    /// to draw through), both listed as undetermined, and serves as neither a camera nor a mount, saying why.
    func testAnUndeterminedCameraAndMountReadAsNoneAndAreRefusedWhereUsed() throws {
        let why = "the clip turned too little"
        let rig = Rig(camera: LensCamera(pinhole: PinholeCamera(fx: 300, fy: 300, cx: 159.5, cy: 119.5, size: PictureSize(fixedWidth: 320, height: 240))), deviceFromIMU: .identity,
                      timeOffset: TimeOffset(seconds: 0.25), undetermined: [Undetermined(.camera, standardError: "± 12 %", why: why),
                                                                             Undetermined(.mount, standardError: nil, why: why)])
        for name in ["loose.yaml", "loose.xml"] {
            let file = path(name)
            try rig.write(path: file)
            let read = try Rig.read(path: file)
            XCTAssertEqual(read.undetermined, rig.undetermined, name)
            XCTAssertNil(read.camera, name)
            XCTAssertNil(read.deviceFromIMU, name)
            XCTAssertEqual(read.timeOffset, TimeOffset(seconds: 0.25), name)
            XCTAssertTrue(read.knowsOnlyTimeOffset, "the file determines neither the camera nor the mount: \(name)")
            XCTAssertEqual(read.refusal(toServeAs: .mount), .onlyTimeOffset(seconds: 0.25), name)
            XCTAssertThrowsError(try LensCamera.read(path: file)) {
                XCTAssertEqual($0 as? RigApplyingError, .undetermined(path: file, quantity: .camera, refusal: .onlyTimeOffset(seconds: 0.25)))
            }
            // Said without the command line's options, which CommandLineSupport adds (CalibrationWordsTests).
            XCTAssertEqual(refusal { try LensCamera.read(path: file) }, "\(file): calibrate determined only the time offset (0.25 s) here, "
                           + "not the camera or the mount (see its warning or not_determined)")
            // Drawn, the camera and the mount it leaves undetermined are the 60° pinhole and the identity, each said.
            let applied = try Rig.apply((read, file), given: RigOverrides(), clock: .clip)
            XCTAssertEqual(applied.camera, .given(.none), name)
            XCTAssertNil(applied.deviceFromIMU, name)
            XCTAssertEqual(applied.notes.map(\.about), [.camera, .mount], name)
            XCTAssertEqual(applied.timeOffset, TimeOffset(seconds: 0.25), name)
        }
    }

    /// A camera the clip did not determine beside a mount it did: the file reads with the mount and no camera, is drawn
    /// through the camera given (none: the default pinhole, said), and writes back as it reads.
    func testAnUndeterminedCameraReadsAsNoneBesideItsMount() throws {
        let mount = Quaternion(axis: SIMD3(0, 0, 1), angle: 0.3)
        let rig = Rig(camera: LensCamera(pinhole: PinholeCamera(fx: 300, fy: 300, cx: 159.5, cy: 119.5, size: PictureSize(fixedWidth: 320, height: 240))), deviceFromIMU: mount,
                      timeOffset: TimeOffset(seconds: -0.125), undetermined: [Undetermined(.camera, standardError: "± 9 %", why: "the clip turned too little")])
        for name in ["camera.yaml", "camera.xml"] {
            let file = path(name)
            try rig.write(path: file)
            let read = try Rig.read(path: file)
            XCTAssertNil(read.camera, name)
            XCTAssertEqual(try XCTUnwrap(read.deviceFromIMU).angle(to: mount), 0, accuracy: 1e-12, name)
            XCTAssertFalse(read.knowsOnlyTimeOffset, name)
            XCTAssertEqual(read.undetermined, rig.undetermined, name)
            let applied = try Rig.apply((read, file), given: RigOverrides(), clock: .clip)
            XCTAssertEqual(applied.camera, .given(.none), name)
            XCTAssertEqual(applied.mount, .theFiles(try XCTUnwrap(read.deviceFromIMU)), name)
            XCTAssertEqual(applied.notes, [RigNote(.cameraUndetermined(path: file, drawnWith: .none))], name)
            XCTAssertEqual(applied.notes.map(\.description), ["\(file): calibrate did not determine the camera (see its not_determined): drawn "
                                                              + "through the default 60° pinhole"], name)
            let again = path("again-" + name)
            try read.write(path: again)
            let reread = try Rig.read(path: again)
            XCTAssertNil(reread.camera, name)
            XCTAssertEqual(reread.deviceFromIMU, read.deviceFromIMU, name)
            XCTAssertEqual(reread.undetermined, read.undetermined, name)
            XCTAssertEqual(reread.timeOffset, read.timeOffset, name)
        }
    }

    /// A file holding the time offset alone (`Rig.onlyTimeOffset`) reads as one, its warning as why.
    func testAnOffsetOnlyFileReadsAsOne() throws {
        let written = Rig.onlyTimeOffset(TimeOffset(seconds: 0.5, clock: .live), reason: "the video moved too little")
        for name in ["offset.yaml", "offset.xml"] {
            try written.write(path: path(name))
            let read = try Rig.read(path: path(name))
            XCTAssertTrue(read.knowsOnlyTimeOffset, name)
            XCTAssertEqual(read.timeOffset, written.timeOffset, name)
            XCTAssertEqual(read.undetermined, written.undetermined, name)
            XCTAssertEqual(read.fit?.warning, "the video moved too little", name)
            XCTAssertEqual(try read.encoded(path: path(name)), try written.encoded(path: path(name)), "it writes back as it was")
        }
    }

    /// The offset alone is written with its standard error (the rates' correlation gives one), and nothing is written
    /// for the camera and the mount it leaves unnarrowed (their errors infinite).
    func testAnOffsetOnlyFileWritesTheOffsetsStandardError() throws {
        let written = Rig.onlyTimeOffset(TimeOffset(seconds: -0.0185), standardErrorSeconds: 0.0008, reason: "the picture moves by more than rotation")
        let text = String(decoding: try written.encoded(path: path("offset.yaml")), as: UTF8.self)
        XCTAssertTrue(text.contains("standard_errors:\n   time_offset_ms: 8.0000000000000004e-01\n"), text)
        XCTAssertFalse(text.contains("vertical_fov_percent") || text.contains("mount_deg") || text.contains("frames_used"), text)
        try written.write(path: path("offset.yaml"))
        XCTAssertTrue(try Rig.read(path: path("offset.yaml")).knowsOnlyTimeOffset)
    }

    /// What the spans add to an offset the rates gave alone, for a video's own track: the identity mount (given, ± 0) and
    /// the bias, the camera still undetermined. The file writes them with their errors, no camera and no frame-pair
    /// figures, and draws: the default pinhole, the file's mount and its bias.
    func testAnOffsetWithTheTracksMountAndTheSpansBiasDraws() throws {
        var rig = Rig.onlyTimeOffset(TimeOffset(seconds: -0.0185), standardErrorSeconds: 0.0008, reason: "the picture moves by more than rotation")
        rig.deviceFromIMU = .identity
        rig.standardErrors?.mountDegrees = .zero
        rig.standardErrors?.gyroBiasRadiansPerSecond = SIMD3(0.001, 0.0004, 0.001)
        rig.gyroBiasRadiansPerSecond = SIMD3(0.0186, -0.0005, 0.0202)
        rig.markDetermined { $0 == .mount }
        let file = path("spans.yaml")
        try rig.write(path: file)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(text.contains("mount_deg: [ 0., 0., 0. ]") && text.contains("gyro_bias_deg_per_s: [ 1.0657"), text)
        XCTAssertFalse(text.contains("camera_matrix: !!") || text.contains("vertical_fov_percent") || text.contains("residual_deg_per_s"), text)
        let read = try Rig.read(path: file)
        XCTAssertEqual(read.undetermined.map(\.quantity), [.camera])
        let applied = try Rig.apply((read, file), given: RigOverrides(), clock: .clip)
        XCTAssertEqual(applied.camera, .given(.none), "the default pinhole")
        XCTAssertEqual(applied.mount, .theFiles(.identity))
        XCTAssertEqual(try XCTUnwrap(applied.gyroBiasRadiansPerSecond).x, 0.0186, accuracy: 1e-12)
        XCTAssertEqual(applied.notes.map(\.about), [.camera], "one line: the camera drawn through the default pinhole")
    }

    /// Older versions wrote an undetermined mount anyway: the file reads with the value written, and is refused as a mount.
    func testAnOlderFileWithItsUndeterminedMountWrittenReads() throws {
        let file = try calibration("older.yaml", [("imu_to_camera: [ 1., 0., 0., 0. ]", "imu_to_camera: [ 0., 1., 0., 0. ]"),
                                                  ("time_offset_refers_to: middle_row\n",
                                                   "time_offset_refers_to: middle_row\nundetermined: [ imu_to_camera ]\n")])
        let read = try Rig.read(path: file)
        XCTAssertEqual(read.deviceFromIMU, Quaternion(w: 0, x: 1, y: 0, z: 0))
        XCTAssertEqual(read.undetermined.map(\.quantity), [.mount])
        XCTAssertEqual(try XCTUnwrap(read.camera).pinhole.fx, 300, "the camera is determined and read")
        XCTAssertEqual(read.refusal(toServeAs: .mount), .mountUndetermined(timeOffsetSeconds: read.timeOffset.seconds))
        XCTAssertTrue(read.refusal(toServeAs: .mount)?.description.hasPrefix("calibrate did not determine the mount here") == true)
        XCTAssertNil(try Rig.apply((read, file), given: RigOverrides(), clock: .clip).deviceFromIMU, "drawn with the IMU's axes as the camera's")
        XCTAssertEqual(try LensCamera.read(path: file).pinhole.fx, 300, "the camera alone still serves --intrinsics")
    }

    /// A name in `undetermined` this version does not know reads, is kept, and is written back as it was.
    func testAnUnknownUndeterminedNameReadsAndWritesBack() throws {
        let file = try calibration("unknown.yaml", [("time_offset_refers_to: middle_row\n",
                                                     "time_offset_refers_to: middle_row\nundetermined: [ focal_skew ]\n")])
        let read = try Rig.read(path: file)
        XCTAssertEqual(read.undetermined.map(\.quantity), [.unrecognised("focal_skew")])
        XCTAssertNil(read.refusal(toServeAs: .camera))
        let again = path("again.yaml")
        try read.write(path: again)
        XCTAssertEqual(try Rig.read(path: again).undetermined.map(\.quantity.fileKey), ["focal_skew"])
    }

    /// `undetermined` and `not_determined` are read by OpenCV's reader, and a wrong shape is refused naming the key and line.
    func testAMisshapenUndeterminedListIsRefusedWithItsLine() throws {
        let list = try calibration("list.yaml", [("time_offset_refers_to: middle_row\n", "time_offset_refers_to: middle_row\nundetermined: 5\n")])
        XCTAssertEqual(refusal { try Rig.read(path: list) }, "\(list): line 20: undetermined: expected a list of names")
        let why = try calibration("why.yaml", [("time_offset_refers_to: middle_row\n",
                                                "time_offset_refers_to: middle_row\nundetermined: [ k4 ]\nnot_determined: [ 1, 2 ]\n")])
        XCTAssertEqual(refusal { try Rig.read(path: why) }, "\(why): line 21: not_determined: expected a map of each undetermined name to why")
        let xml = path("list.xml")
        try """
            <?xml version="1.0"?>
            <opencv_storage>
            <time_offset_s>0.125</time_offset_s>
            <undetermined>camera_matrix imu_to_camera</undetermined>
            </opencv_storage>

            """.write(toFile: xml, atomically: true, encoding: .utf8)
        let read = try Rig.read(path: xml)
        XCTAssertEqual(read.undetermined.map(\.quantity), [.camera, .mount])
        XCTAssertTrue(read.knowsOnlyTimeOffset)
    }
}
