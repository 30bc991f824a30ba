import AttitudeMath
import Camera
import XCTest

/// What a synthetic calibration clip is drawn with, `calibration-clip`'s options as values: the truth a calibration of
/// it must find.
public struct CalibrationTruth: Hashable, Sendable, CustomStringConvertible {
    /// The vertical field of view, degrees.
    public var fov: Double
    /// Seconds: log time = video time + offset.
    public var offset: Double
    /// R with v_D = R·v_S.
    public var mount: Quaternion
    /// Added to the logged gyroscope, degrees per second, in the IMU's frame.
    public var gyroBiasDegreesPerSecond: SIMD3<Double>
    public var lens: Lens
    /// The rolling shutter's readout and each row's exposure, seconds.
    public var readout: Double, exposure: Double
    /// Metres the camera moves, in a room of `roomRadius` (0: it only turns).
    public var translation: Double, roomRadius: Double
    /// Each period is the mean period times 1 ± up to this share (0: a constant rate).
    public var frameJitter: Double
    /// The share of the trial's motion the camera turns.
    public var motionScale: Double
    /// The trial's seconds the clip follows.
    public var start: Double, duration: Double

    public init(fov: Double, offset: Double, mount: Quaternion, gyroBiasDegreesPerSecond: SIMD3<Double> = .zero, lens: Lens = .pinhole,
                readout: Double = 0, exposure: Double = 0, translation: Double = 0, roomRadius: Double = 3, frameJitter: Double = 0,
                motionScale: Double = 1, start: Double = 110, duration: Double = 6) {
        self.fov = fov
        self.offset = offset
        self.mount = mount
        self.gyroBiasDegreesPerSecond = gyroBiasDegreesPerSecond
        self.lens = lens
        self.readout = readout
        self.exposure = exposure
        self.translation = translation
        self.roomRadius = roomRadius
        self.frameJitter = frameJitter
        self.motionScale = motionScale
        self.start = start
        self.duration = duration
    }

    public var description: String {
        "fov \(fov), offset \(offset), mount \(mount), bias \(gyroBiasDegreesPerSecond), lens \(lens), readout \(readout), exposure "
            + "\(exposure), translation \(translation) in \(roomRadius), jitter \(frameJitter), scale \(motionScale), \(start)+\(duration)"
    }

    public static func == (a: CalibrationTruth, b: CalibrationTruth) -> Bool {
        a.fov == b.fov && a.offset == b.offset && a.mount == b.mount && a.gyroBiasDegreesPerSecond == b.gyroBiasDegreesPerSecond
            && a.lens == b.lens && a.readout == b.readout && a.exposure == b.exposure && a.translation == b.translation
            && a.roomRadius == b.roomRadius && a.frameJitter == b.frameJitter && a.motionScale == b.motionScale && a.start == b.start
            && a.duration == b.duration
    }

    public func hash(into hasher: inout Hasher) {
        for value in [fov, offset, readout, exposure, translation, roomRadius, frameJitter, motionScale, start, duration] { hasher.combine(value) }
    }

    /// The one check of a pinhole calibration of a 320x240 clip against this truth: the offset within 1 ms, the field of
    /// view within 1 %, the mount within 1°, the principal point at the picture's centre.
    public func assertFound(timeOffsetSeconds: Double, camera: LensCamera, deviceFromIMU: Quaternion?,
                            file: StaticString = #filePath, line: UInt = #line) throws {
        let found = camera.pinhole.verticalFieldOfViewDegrees
        XCTAssertEqual(timeOffsetSeconds, offset, accuracy: 0.001, "time offset", file: file, line: line)
        XCTAssertEqual(found / fov, 1, accuracy: 0.01, "vertical field of view \(found)°", file: file, line: line)
        XCTAssertLessThan(try Angle.degrees(fromRadians: XCTUnwrap(deviceFromIMU, file: file, line: line).angle(to: mount)), 1,
                          "mount \(String(describing: deviceFromIMU))", file: file, line: line)
        XCTAssertEqual(camera.pinhole.cx, 159.5, file: file, line: line)
        XCTAssertEqual(camera.pinhole.cy, 119.5, file: file, line: line)
    }
}
