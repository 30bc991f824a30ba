import AttitudeLog
import AttitudeMath
import TestSupport
import XCTest

final class AttitudeLogWriterTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "steady-dice-logs" }

    private func randomSamples(count: Int, seed: UInt64) -> [AttitudeSample] {
        var generator = SplitMix64(seed: seed)
        var t = 0.0
        return (0..<count).map { _ in
            defer { t += Double.random(in: 0...0.05, using: &generator) }
            let q = Quaternion(w: .random(in: -1...1, using: &generator), x: .random(in: -1...1, using: &generator),
                               y: .random(in: -1...1, using: &generator), z: .random(in: -1...1, using: &generator))
            return AttitudeSample(t: t, worldFromDevice: q.normalized() ?? .identity)
        }
    }

    func testTextReadsBackToTheSameSamples() throws {
        let samples = randomSamples(count: 300, seed: 40)
        let text = try AttitudeLog.csvText(samples: samples, frame: .xTrueNorthZVertical, comments: ["made by a test"])
        let log = try AttitudeLog.parse(text: text, path: "round-trip.csv")
        XCTAssertEqual(log.frame, .xTrueNorthZVertical)
        XCTAssertEqual(log.samples.count, samples.count)
        for (read, written) in zip(log.samples, samples) {
            XCTAssertEqual(read.t, written.t)
            let (a, b) = (read.worldFromDevice, written.worldFromDevice)
            XCTAssertEqual(max(abs(a.w - b.w), abs(a.x - b.x), abs(a.y - b.y), abs(a.z - b.z)), 0, accuracy: 1e-15)
        }
    }

    func testTextLayout() throws {
        let samples = [AttitudeSample(t: 1.5, worldFromDevice: .identity),
                       AttitudeSample(t: 2, worldFromDevice: Quaternion(w: 0, x: 0, y: 0, z: 2))]
        let text = try AttitudeLog.csvText(samples: samples, frame: .xMagneticNorthZVertical,
                                           comments: ["two lines\nof comment", "frame: not a frame line"])
        XCTAssertEqual(text, """
            # two lines
            # of comment
            # - frame: not a frame line
            # frame: xMagneticNorthZVertical
            t,qw,qx,qy,qz
            1.5,1.0,0.0,0.0,0.0
            2.0,0.0,0.0,0.0,1.0

            """)
        XCTAssertFalse(try AttitudeLog.csvText(samples: samples, frame: nil).contains("frame"))
    }

    func testFrameHeaderNamesACoreMotionFrameInTheFrameLineAndTheAxesOfENUAndNEDInAComment() {
        let north = AttitudeLog.frameHeader(for: .reference(.xMagneticNorthZVertical), rotating: "sensor")
        XCTAssertEqual(north.frame, .xMagneticNorthZVertical)
        XCTAssertNil(north.comment)
        let enu = AttitudeLog.frameHeader(for: .enu, rotating: "device")
        XCTAssertNil(enu.frame)
        XCTAssertEqual(enu.comment, "axes: device to east-north-up")
        let ned = AttitudeLog.frameHeader(for: .ned, rotating: "sensor")
        XCTAssertNil(ned.frame)
        XCTAssertEqual(ned.comment, "axes: sensor to north-east-down")
    }

    func testWriteThenLoad() throws {
        let path = folder.appendingPathComponent("written.csv").path
        let samples = randomSamples(count: 20, seed: 41)
        try AttitudeLog.write(samples: samples, frame: .xArbitraryZVertical, to: path)
        let log = try AttitudeLog.load(path: path)
        XCTAssertEqual(log.samples.map(\.t), samples.map(\.t))
        XCTAssertEqual(log.frame, .xArbitraryZVertical)
    }

    func testWritingBadSamplesOrToABadPathFails() throws {
        let path = folder.appendingPathComponent("out.csv").path
        let backwards = [AttitudeSample(t: 1, worldFromDevice: .identity), AttitudeSample(t: 0.5, worldFromDevice: .identity)]
        XCTAssertThrowsError(try AttitudeLog.write(samples: backwards, frame: nil, to: path)) { error in
            XCTAssertEqual("\(error)", "\(path): sample 1: time 0.5 s is earlier than 1.0 s of the sample before")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertThrowsError(try AttitudeLog.write(samples: [], frame: nil, to: path)) { error in
            XCTAssertEqual((error as? AttitudeLogError)?.reason, .noDataRows)
        }
        let unwritable = folder.appendingPathComponent("missing-folder/out.csv").path
        XCTAssertThrowsError(try AttitudeLog.write(samples: backwards.reversed(), frame: nil, to: unwritable)) { error in
            guard let error = error as? AttitudeLogError, case .unwritable = error.reason else { return XCTFail("\(error)") }
            XCTAssertEqual(error.path, unwritable)
        }
    }
}
