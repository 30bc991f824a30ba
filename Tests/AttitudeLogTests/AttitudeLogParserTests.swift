import AttitudeLog
import AttitudeMath
import Recording
import TestSupport
import XCTest

final class AttitudeLogParserTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "steady-dice-logs" }

    // MARK: - steady-dice CSV

    func testReadsASteadyDiceLogWithCommentsBlankLinesAndAFrameLine() throws {
        let text = """
        # recorded on a bench
        # frame: xMagneticNorthZVertical

        t,qw,qx,qy,qz
        0,1,0,0,0
        # a comment between rows
        0.5,0.70710678118654757,0,0,0.70710678118654757

        1.25,0,1,0,0

        """
        let log = try AttitudeLog.parse(text: text, path: "good.csv")
        XCTAssertEqual(log.path, "good.csv")
        XCTAssertEqual(log.format, .steadyDice)
        XCTAssertEqual(log.frame, .xMagneticNorthZVertical)
        XCTAssertEqual(log.samples.map(\.t), [0, 0.5, 1.25])
        XCTAssertEqual(log.duration, 1.25)
        XCTAssertEqual(log.startTime, 0)
        assertSameAttitude(log.samples[0].worldFromDevice, .identity, accuracy: 0)
        assertSameAttitude(log.samples[1].worldFromDevice, yaw(90), accuracy: 1e-15)
        assertSameAttitude(log.samples[2].worldFromDevice, Quaternion(w: 0, x: 1, y: 0, z: 0), accuracy: 0)
    }

    func testColumnsAreFoundByNameInAnyOrderAndExtraColumnsAreIgnored() throws {
        let text = """
        qz, note ,QX,t,qw,qy,temperature
        0.6,a,0,10,0.8,0,21.5
        0,b,1,10.1,0,0,21.6
        """
        let log = try AttitudeLog.parse(text: text, path: "shuffled.csv")
        XCTAssertNil(log.frame)
        XCTAssertEqual(log.samples.count, 2)
        XCTAssertEqual(log.samples[1].t, 10.1 - 10, accuracy: 1e-12)
        XCTAssertEqual(log.startTime, 10)
        assertComponents(log.samples[0].worldFromDevice, [0.8, 0, 0, 0.6])
        assertSameAttitude(log.samples[1].worldFromDevice, Quaternion(w: 0, x: 1, y: 0, z: 0), accuracy: 0)
    }

    func testQuaternionsAreNormalised() throws {
        let log = try AttitudeLog.parse(text: "t,qw,qx,qy,qz\n0,2,0,0,0\n1,0,0,3,4\n", path: "scaled.csv")
        assertComponents(log.samples[1].worldFromDevice, [0, 0, 0.6, 0.8])
        XCTAssertEqual(log.samples[0].worldFromDevice, .identity)
    }

    func testTimesAreRebasedToTheFirstSample() throws {
        let log = try AttitudeLog.parse(text: "t,qw,qx,qy,qz\n-3,1,0,0,0\n-1,1,0,0,0\n2,1,0,0,0\n", path: "negative.csv")
        XCTAssertEqual(log.samples.map(\.t), [0, 2, 5])
        XCTAssertEqual(log.startTime, -3)
        XCTAssertEqual(log.duration, 5)
    }

    func testCRLFByteOrderMarkQuotesAndSpacesAreTolerated() throws {
        let text = "\u{FEFF}# frame: xTrueNorthZVertical\r\n\"t\",\"qw\",\"qx\",\"qy\",\"qz\"\r\n 0 , 1 ,0,0,0\r\n\"1\",0,0,1,0\r\n"
        let log = try AttitudeLog.parse(text: text, path: "windows.csv")
        XCTAssertEqual(log.frame, .xTrueNorthZVertical)
        XCTAssertEqual(log.samples.map(\.t), [0, 1])
        assertSameAttitude(log.samples[1].worldFromDevice, Quaternion(w: 0, x: 0, y: 1, z: 0), accuracy: 0)
    }

    func testNonASCIITextInCommentsAndExtraColumns() throws {
        let text = "# Gerät: Würfel 🎲\nt,qw,qx,qy,qz,ort\n0,1,0,0,0,Küche \n1,1,0,0,0, 東京\n"
        let log = try AttitudeLog.parse(text: text, path: "unicode.csv")
        XCTAssertEqual(log.samples.count, 2)
        let error = parseError("t,qw,qx,qy,qz\n0,1,0,0,0é\n")
        XCTAssertEqual(error?.reason, .malformedNumber(column: "qz", text: "0é"))
    }

    func testFrameLineSpellings() throws {
        let cases: [(String, ReferenceFrame)] = [
            ("# frame: xArbitraryZVertical", .xArbitraryZVertical),
            ("#frame:xArbitraryCorrectedZVertical", .xArbitraryCorrectedZVertical),
            ("   #   Frame:   CMAttitudeReferenceFrameXTrueNorthZVertical  ", .xTrueNorthZVertical),
        ]
        for (line, frame) in cases {
            let log = try AttitudeLog.parse(text: "\(line)\nt,qw,qx,qy,qz\n0,1,0,0,0\n", path: "frame.csv")
            XCTAssertEqual(log.frame, frame, line)
        }
        // A frame line may come after the data, and comments that merely mention frames are comments.
        let late = try AttitudeLog.parse(text: "# frames are fun\nt,qw,qx,qy,qz\n0,1,0,0,0\n# frame: xTrueNorthZVertical\n", path: "late.csv")
        XCTAssertEqual(late.frame, .xTrueNorthZVertical)
    }

    func testEqualTimesAreAllowedAndTheLaterSampleHolds() throws {
        let text = "t,qw,qx,qy,qz\n0,1,0,0,0\n1,1,0,0,0\n1,0,0,0,1\n2,0,0,0,1\n"
        let log = try AttitudeLog.parse(text: text, path: "step.csv")
        XCTAssertEqual(log.samples.map(\.t), [0, 1, 1, 2])
        assertSameAttitude(log.attitude(at: 1), Quaternion(w: 0, x: 0, y: 0, z: 1), accuracy: 0)
        assertSameAttitude(log.attitude(at: 1 - 1e-9), .identity, accuracy: 1e-8)
    }

    func testASingleSampleIsAStillLog() throws {
        let log = try AttitudeLog.parse(text: "t,qw,qx,qy,qz\n7,0,1,0,0\n", path: "one.csv")
        XCTAssertEqual(log.duration, 0)
        assertSameAttitude(log.attitude(at: -1), Quaternion(w: 0, x: 1, y: 0, z: 0), accuracy: 0)
        assertSameAttitude(log.attitude(at: 3), Quaternion(w: 0, x: 1, y: 0, z: 0), accuracy: 0)
    }

    // MARK: - Sensor Logger

    func testReadsSensorLoggerOrientation() throws {
        let text = """
        time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw
        1698765432123456789,0.01,0.6,0,0,0.8,0,0,0.2
        1698765432133456789,0.02,0,0,1,0,3.1,0,0
        1698765432173456789,0.06,0,0.6,0,0.8,0,0.6,0
        """
        // Android's convention (no Metadata.csv): the quaternion is device into east-north-up.
        let log = try AttitudeLog.parse(text: text, path: "Orientation.csv")
        XCTAssertEqual(log.format, .sensorLogger)
        XCTAssertEqual(log.frame, .xMagneticNorthZVertical)
        XCTAssertEqual(log.samples.count, 3)
        XCTAssertEqual(log.samples[1].t, 0.01, accuracy: 1e-15)
        XCTAssertEqual(log.samples[2].t, 0.05, accuracy: 1e-15)
        XCTAssertEqual(log.startTime, 1698765432.123456789, accuracy: 1e-6)
        let enu = [Quaternion(w: 0.8, x: 0, y: 0, z: 0.6), Quaternion(w: 0, x: 1, y: 0, z: 0), Quaternion(w: 0.8, x: 0, y: 0.6, z: 0)]
        for (sample, enuFromDevice) in zip(log.samples, enu) {
            assertSameAttitude(sample.worldFromDevice, Frames.worldFromENU * enuFromDevice, accuracy: 1e-12)
        }
        // iOS: Core Motion's own frame, X north, Z up: the quaternion as it is.
        let ios = try AttitudeLog.parse(text: text, path: "Orientation.csv",
                                        conventions: SensorLoggerConventions(platform: .ios, source: "test"))
        XCTAssertEqual(ios.frame, .xTrueNorthZVertical)
        assertComponents(ios.samples[0].worldFromDevice, [0.8, 0, 0, 0.6])
        assertComponents(ios.samples[1].worldFromDevice, [0, 1, 0, 0])
        assertComponents(ios.samples[2].worldFromDevice, [0.8, 0, 0.6, 0])
    }

    func testSensorLoggerNanosecondsKeepFullResolution() throws {
        // One nanosecond apart at ~1.7e18 ns: doubles cannot tell these apart, integers can.
        let text = "time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw\n1700000000000000001,0,0,0,0,1,0,0,0\n1700000000000000002,0,0,0,0,1,0,0,0\n"
        let log = try AttitudeLog.parse(text: text, path: "Orientation.csv")
        XCTAssertEqual(log.samples[1].t, 1e-9, accuracy: 1e-20)
    }

    func testSensorLoggerFrameLineOverridesTheImpliedFrame() throws {
        let text = "# frame: xArbitraryZVertical\ntime,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw\n5,0,0,0,0,1,0,0,0\n"
        XCTAssertEqual(try AttitudeLog.parse(text: text, path: "Orientation.csv").frame, .xArbitraryZVertical)
    }

    // MARK: - Files

    func testLoadReadsAFile() throws {
        let path = folder.appendingPathComponent("log.csv").path
        try "# frame: xMagneticNorthZVertical\nt,qw,qx,qy,qz\n0,1,0,0,0\n2,0,0,0,1\n".write(toFile: path, atomically: true, encoding: .utf8)
        let log = try AttitudeLog.load(path: path)
        XCTAssertEqual(log.path, path)
        XCTAssertEqual(log.duration, 2)
        XCTAssertEqual(log.frame, .xMagneticNorthZVertical)
    }

    // MARK: - In memory

    func testLogFromSamplesIsCheckedAndRebased() throws {
        let log = try AttitudeLog(samples: [AttitudeSample(t: 4, worldFromDevice: Quaternion(w: 2, x: 0, y: 0, z: 0)),
                                            AttitudeSample(t: 6, worldFromDevice: yaw(30))], frame: .xArbitraryZVertical)
        XCTAssertEqual(log.samples.map(\.t), [0, 2])
        XCTAssertEqual(log.samples[0].worldFromDevice, .identity)
        XCTAssertEqual(log.startTime, 4)
        XCTAssertEqual(log.frame, .xArbitraryZVertical)

        let bad: [(String, [AttitudeSample], AttitudeLogError.Reason?)] = [
            ("empty", [], .noDataRows),
            ("decreasing", [AttitudeSample(t: 1, worldFromDevice: .identity), AttitudeSample(t: 0, worldFromDevice: .identity)], nil),
            ("nan time", [AttitudeSample(t: .nan, worldFromDevice: .identity)], nil),
            ("zero quaternion", [AttitudeSample(t: 0, worldFromDevice: Quaternion(w: 0, x: 0, y: 0, z: 0))], nil),
        ]
        for (name, samples, reason) in bad {
            XCTAssertThrowsError(try AttitudeLog(samples: samples, frame: nil, path: "memory"), name) { error in
                guard let error = error as? AttitudeLogError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.path, "memory")
                if let reason {
                    XCTAssertEqual(error.reason, reason, name)
                } else if case .invalidSample(let index, _) = error.reason {
                    XCTAssertEqual(index, samples.count - 1, name)
                } else {
                    XCTFail("\(name): \(error)")
                }
            }
        }
    }
}
