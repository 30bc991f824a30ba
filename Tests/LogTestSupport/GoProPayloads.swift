import AttitudeMath
import CameraMotion
import Foundation

/// GPMF payloads built by hand from gopro/gpmf-parser's README (KLV, types, nesting), for the readers' tests and the
/// MOVs the commands' tests mux from them.
public enum GPMFBytes {
    /// One KLV: key, type character, sample size, repeat, the value big-endian, padded to 32 bits.
    public static func klv(_ key: String, _ type: Character, size: Int, repeat count: Int, _ value: [UInt8]) -> [UInt8] {
        precondition(value.count == size * count)
        var out = Array(key.utf8) + [type.asciiValue ?? 0, UInt8(size), UInt8(count >> 8), UInt8(count & 0xFF)] + value
        while out.count % 4 != 0 { out.append(0) }
        return out
    }

    public static func nest(_ key: String, _ children: [[UInt8]]) -> [UInt8] {
        let body = children.flatMap { $0 }
        var out = Array(key.utf8) + [0, 4, UInt8((body.count / 4) >> 8), UInt8((body.count / 4) & 0xFF)]
        out += body
        return out
    }

    public static func int16s(_ values: [Int16]) -> [UInt8] { values.flatMap { [UInt8(UInt16(bitPattern: $0) >> 8), UInt8(UInt16(bitPattern: $0) & 0xFF)] } }
    public static func uint32(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    public static func float32s(_ values: [Float]) -> [UInt8] { values.flatMap { uint32($0.bitPattern) } }
    public static func text(_ s: String) -> [UInt8] { Array(s.unicodeScalars.map { UInt8($0.value) }) }
}

/// A GoPro stabilised in the camera (CORI and IORI) with a known motion: the camera's rate, the picture's turn against
/// it, and the payloads that carry both, for the reader's tests in-process and the commands' over a MOV.
public enum StabilisedGoPro {
    private typealias G = GPMFBytes

    /// The camera's angular rate in D, rad/s: about all three axes, so that CORI's axes can be told apart.
    public static func cameraRate(_ t: Double) -> SIMD3<Double> {
        SIMD3(0.6 * sin(2 * .pi * 0.7 * t), 0.5 * cos(2 * .pi * 0.45 * t), 0.4 * sin(2 * .pi * 0.3 * t + 1))
    }

    /// IORI: the picture turned against the camera about a fixed axis by θ(t) = 0.1·sin(πt) rad.
    public static let imageAxis = SIMD3<Double>(1, 2, -1) / 6.0.squareRoot()
    public static func imageAngle(_ t: Double) -> Double { 0.1 * sin(.pi * t) }
    public static func imageInDevice(_ t: Double) -> Quaternion { Quaternion(axis: imageAxis, angle: imageAngle(t)) }
    /// IORI's body rate: dθ/dt about its fixed axis.
    public static func imageRate(_ t: Double) -> SIMD3<Double> { imageAxis * (0.1 * .pi * cos(.pi * t)) }

    /// `rate` integrated from the identity at t = 0 in steps of 0.1 ms (the test's own integration), sampled at `times`.
    public static func integrate(_ rate: (Double) -> SIMD3<Double>, at times: [Double]) -> [Quaternion] {
        var q = Quaternion.identity, t = 0.0
        let step = 1e-4
        return times.map { target in
            while t + step <= target + 1e-12 {
                let turn = rate(t + step / 2) * step
                let angle = turn.length
                if angle > 0 { q = (q * Quaternion(axis: turn / angle, angle: angle)).normalized() ?? q }
                t += step
            }
            return q
        }
    }

    /// Seconds of payloads, one a second: GYRO (200 Hz, SCAL 1000) and ACCL (200 Hz, SCAL 100) of `rate` and a
    /// constant specific force in D, stored in the HERO5's order; CORI and IORI (30 Hz, SCAL 32767) of
    /// `camera(t)` and `image(t)`, rotations in D, stored in `axes`.
    public static func packets(seconds: Int = 4, rate: (Double) -> SIMD3<Double>, camera: ([Double]) -> [Quaternion],
                               image: (Double) -> Quaternion, axes: OrientationAxes) -> [DataPacket] {
        // The HERO5's stored order Z, X, Y of GoPro's axes (X right, Y forward, Z up): (y_D, x_D, -z_D).
        func hero5(_ d: SIMD3<Double>, scale: Double) -> [Int16] { [d.y, d.x, -d.z].map { Int16(($0 * scale).rounded()) } }
        func quaternion(_ q: Quaternion) -> [Int16] {
            let s = axes.stored(q)
            return [s.x, s.y, s.z, s.w].map { Int16(($0 * 32767).rounded()) }
        }
        let specificForce = SIMD3<Double>(0.5, 9.7, -1.2)
        return (0..<seconds).map { p in
            let gyroTimes = (0..<200).map { Double(p) + Double($0) / 200 }
            let frameTimes = (0..<30).map { Double(p) + Double($0) / 30 }
            let bytes = G.nest("DEVC", [
                G.klv("DVID", "L", size: 4, repeat: 1, G.uint32(1)),
                G.nest("STRM", [
                    G.klv("SIUN", "c", size: 5, repeat: 1, G.text("rad/s")),
                    G.klv("SCAL", "s", size: 2, repeat: 1, G.int16s([1000])),
                    G.klv("GYRO", "s", size: 6, repeat: 200, G.int16s(gyroTimes.flatMap { hero5(rate($0), scale: 1000) })),
                ]),
                G.nest("STRM", [
                    G.klv("SCAL", "s", size: 2, repeat: 1, G.int16s([100])),
                    G.klv("ACCL", "s", size: 6, repeat: 200, G.int16s(gyroTimes.flatMap { _ in hero5(specificForce, scale: 100) })),
                ]),
                G.nest("STRM", [
                    G.klv("SCAL", "s", size: 2, repeat: 1, G.int16s([32767])),
                    G.klv("CORI", "s", size: 8, repeat: 30, G.int16s(camera(frameTimes).flatMap(quaternion))),
                ]),
                G.nest("STRM", [
                    G.klv("SCAL", "s", size: 2, repeat: 1, G.int16s([32767])),
                    G.klv("IORI", "s", size: 8, repeat: 30, G.int16s(frameTimes.map(image).flatMap(quaternion))),
                ]),
            ])
            return DataPacket(time: Double(p), duration: 1, bytes: bytes)
        }
    }

    /// Neither a plain permutation nor as stored: x_D = Z, y_D = −X, z_D = −Y, the inverse rotation.
    public static let unusualAxes = OrientationAxes(storedAxis: [2, 0, 1], sign: [1, -1, -1], inverse: true)
}
