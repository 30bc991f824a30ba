import AttitudeMath
import Foundation

/// Google's Camera Motion Metadata (the `camm` track of Street View's "Camera Motion Metadata Spec"): each MP4
/// sample a packet of a 2-byte reserved field, a 2-byte type and the type's data, all little-endian.
public enum CAMM {
    /// Bytes of each packet type's data after the 4-byte header: 0 angle axis, 1 exposure, 2 gyroscope,
    /// 3 accelerometer, 4 position, 5 minimal GPS, 6 full GPS, 7 magnetic field.
    public static let dataSize: [UInt16: Int] = [0: 12, 1: 8, 2: 12, 3: 12, 4: 12, 5: 24, 6: 56, 7: 12]

    /// One packet's reading, in the spec's units and CAMM's camera frame (X right, Y down, Z forward).
    public enum Packet: Equatable, Sendable {
        /// Type 0: rotation from the camera into the application's world, as an angle-axis vector, radians.
        case angleAxis(SIMD3<Double>)
        /// Type 1: a frame's pixel exposure time and rolling-shutter skew, nanoseconds.
        case exposure(pixelExposure: Int32, rollingShutterSkew: Int32)
        /// Type 2: angular rate, rad/s, counterclockwise positive.
        case gyro(SIMD3<Double>)
        /// Type 3: acceleration, m/s².
        case acceleration(SIMD3<Double>)
        /// Type 7: magnetic field, µT.
        case magneticField(SIMD3<Double>)
        /// Types 4 to 6 (position, GPS): not used here.
        case other(type: UInt16)
    }

    /// The packets in one MP4 sample (the spec writes one per sample; several in a row are read in turn).
    /// A type the spec does not define, or a sample cut short, is an error naming the byte.
    public static func packets(in bytes: [UInt8]) throws(GPMFError) -> [Packet] {
        var out: [Packet] = []
        var offset = 0
        while offset < bytes.count {
            guard offset + 4 <= bytes.count else {
                throw GPMFError(offset: offset, message: "a CAMM packet header needs 4 bytes and \(bytes.count - offset) are left")
            }
            let type = UInt16(bytes[offset + 2]) | UInt16(bytes[offset + 3]) << 8
            guard let size = dataSize[type] else {
                throw GPMFError(offset: offset, message: "CAMM packet type \(type) is not in the spec (0 to 7)")
            }
            let data = offset + 4
            guard data + size <= bytes.count else {
                throw GPMFError(offset: offset, message: "CAMM packet type \(type) needs \(size) bytes of data and \(bytes.count - data) are left")
            }
            func float(_ k: Int) -> Double {
                let at = data + 4 * k
                let bits = UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
                return Double(Float(bitPattern: bits))
            }
            func vector() -> SIMD3<Double> { SIMD3(float(0), float(1), float(2)) }
            switch type {
            case 0: out.append(.angleAxis(vector()))
            case 1: out.append(.exposure(pixelExposure: Int32(bitPattern: UInt32(truncatingIfNeeded: int(bytes, data))),
                                         rollingShutterSkew: Int32(bitPattern: UInt32(truncatingIfNeeded: int(bytes, data + 4)))))
            case 2: out.append(.gyro(vector()))
            case 3: out.append(.acceleration(vector()))
            case 7: out.append(.magneticField(vector()))
            default: out.append(.other(type: type))
            }
            offset = data + size
        }
        return out
    }

    private static func int(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }

    /// The camera's motion from a `camm` track: each packet at its sample's presentation time, the gyroscope,
    /// accelerometer and magnetometer turned from CAMM's camera frame into the device frame D.
    public static func motion(path: String, packets: [DataPacket]) throws(CameraMotionError) -> CameraMotion {
        var motion = CameraMotion(path: path, track: .camm)
        for (index, packet) in packets.enumerated() {
            let read: [Packet]
            do {
                read = try Self.packets(in: packet.bytes)
            } catch {
                throw CameraMotionError(path: path, "camm sample \(index + 1) (t = \(String(format: "%.3f", packet.time)) s): \(error)")
            }
            guard packet.time.isFinite else { throw CameraMotionError(path: path, "camm sample \(index + 1) has no presentation time") }
            let t = packet.time
            for reading in read {
                switch reading {
                case .angleAxis(let v): motion.angleAxis.append(t, v)
                case .exposure(let exposure, let skew):
                    motion.exposure.append(t, Double(exposure) * 1e-9)
                    motion.rollingShutterSkew.append(t, Double(skew) * 1e-9)
                case .gyro(let v): motion.gyro.append(t, CameraMotionFrames.deviceFromCAMM(v))
                case .acceleration(let v): motion.accelerometer.append(t, CameraMotionFrames.deviceFromCAMM(v))
                case .magneticField(let v): motion.magnetometer.append(t, CameraMotionFrames.deviceFromCAMM(v))
                case .other: break
                }
            }
        }
        // Packets that are not finite numbers are skipped, each kind counted in one note.
        let gyroPackets = motion.gyro.count
        for (name, keyPath) in [("gyroscope (type 2)", \CameraMotion.gyro), ("accelerometer (type 3)", \CameraMotion.accelerometer),
                                ("magnetic field (type 7)", \CameraMotion.magnetometer), ("orientation (type 0)", \CameraMotion.angleAxis)] {
            motion[keyPath: keyPath] = motion[keyPath: keyPath].sorted()
                .keeping(\.isFinite, path: path, name: name, having: CameraMotion.nonFinite, notes: &motion.notes)
        }
        guard gyroPackets == 0 || motion.gyro.count >= CameraMotion.minimumGyroSamples else {
            throw CameraMotionError(path: path, "its camm track holds \(gyroPackets) gyroscope packets (type 2) and \(motion.gyro.count) of them are "
                                    + "finite numbers: too few to integrate (at least \(CameraMotion.minimumGyroSamples))")
        }
        if motion.gyro.isEmpty, motion.angleAxis.count >= 2 {
            motion.gyro = try ratesFromOrientation(motion.angleAxis, path: path)
            motion.notes.append(String(format: "%@: its camm track has no gyroscope packet (type 2): the angular rate is that of its "
                                       + "orientation (type 0, %d samples), differenced from sample to sample", path, motion.angleAxis.count))
        }
        guard !motion.gyro.isEmpty else {
            throw CameraMotionError(path: path, "its camm track (\(packets.count) samples) holds no gyroscope packet (type 2)"
                                    + (motion.angleAxis.isEmpty ? "" : " and under two orientation packets (type 0) to take a rate from"))
        }
        motion.notes.append(String(format: "%@: the camera's own motion from its camm track: gyroscope at %.1f Hz%@, in CAMM's camera frame "
                                   + "(X right, Y down, Z forward) turned into the device frame", path, motion.gyro.rate ?? 0,
                                   motion.accelerometer.isEmpty ? ", no accelerometer" : ""))
        return motion
    }

    /// The body's angular rate, in D, from CAMM's type 0 orientations: each the rotation from CAMM's camera frame into
    /// the application's world (v_world = R·v_camera, an angle-axis vector), so from one sample to the next the camera
    /// turned by R(a)⁻¹·R(b) in its own frame. `GyroIntegral(time:attitude:)` takes that turn over the interval as the
    /// rate of the later sample, as every gyroscope here is read (docs/conventions.md), the first sample taking the
    /// second's; each is turned from CAMM's camera frame into D.
    static func ratesFromOrientation(_ orientation: TimedSamples<SIMD3<Double>>, path: String) throws(CameraMotionError)
        -> TimedSamples<SIMD3<Double>> {
        if let bad = zip(orientation.time, orientation.values).first(where: { !$0.1.isFinite }) {
            throw CameraMotionError(path: path, String(format: "its orientation packet (type 0) at t = %.3f s is not a finite angle-axis vector", bad.0))
        }
        let integral = GyroIntegral(time: orientation.time, attitude: orientation.values.map { Quaternion(rotationVector: $0) })
        return TimedSamples(time: orientation.time, values: integral.rate.map(CameraMotionFrames.deviceFromCAMM))
    }
}
