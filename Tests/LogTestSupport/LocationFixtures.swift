import Foundation
import Location
import TestSupport

/// Files the location tests and the commands' tests both read: SRTM tiles with a known pattern, and a
/// Sensor Logger recording with a Location.csv.
extension LocationTestCase {
    // MARK: - SRTM tiles

    /// The test pattern: not linear in row or column, so only true bilinear weights reproduce it.
    public static func height(row: Int, column: Int) -> Int16 {
        Int16((row * 7 + column * 13) % 20_000 + (row * column) % 101 - 2000)
    }

    /// Writes an SRTM tile of `size` x `size` samples with the test pattern and the given voids.
    @discardableResult
    public func writeTile(_ name: String, size: Int, voids: [(Int, Int)] = []) throws -> String {
        var bytes = [UInt8](repeating: 0, count: size * size * 2)
        for row in 0..<size {
            for column in 0..<size {
                let value = voids.contains { $0 == (row, column) } ? SRTMTerrain.void : Self.height(row: row, column: column)
                let bits = UInt16(bitPattern: value)
                bytes[2 * (row * size + column)] = UInt8(bits >> 8)
                bytes[2 * (row * size + column) + 1] = UInt8(bits & 0xFF)
            }
        }
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Bilinear by hand: the point at (row + fy, column + fx).
    public func expected(row: Int, column: Int, fy: Double, fx: Double) -> Double {
        let h = { (r: Int, c: Int) in Double(Self.height(row: r, column: c)) }
        return h(row, column) * (1 - fx) * (1 - fy) + h(row, column + 1) * fx * (1 - fy)
            + h(row + 1, column) * (1 - fx) * fy + h(row + 1, column + 1) * fx * fy
    }

    // MARK: - A Sensor Logger recording with a location

    /// 2026-03-01T10:00Z, nanoseconds.
    public static let startNanoseconds: Int64 = 1_772_359_200_000_000_000

    /// A Sensor Logger folder: a 6 s tumbling 9D recording, and a Location.csv whose first three
    /// fixes are poor (50 m, at Cape Town) and the rest good (6 m, at Reykjavik).
    public func writeRecording(_ name: String, fixes: String? = nil) throws -> String {
        let imu = TumblingIMU(seconds: 6, rate: 100)
        func stream(_ values: [SIMD3<Double>]) -> String {
            var text = "time,seconds_elapsed,z,y,x\n"
            for (t, v) in zip(imu.time, values) {
                text += "\(Self.startNanoseconds + Int64((t * 1e9).rounded())),\(t),\(v.z),\(v.y),\(v.x)\n"
            }
            return text
        }
        try write("\(name)/Gyroscope.csv", stream(imu.gyro))
        try write("\(name)/Accelerometer.csv", stream(imu.acc))
        try write("\(name)/Magnetometer.csv", stream(imu.mag))
        let header = "time,seconds_elapsed,bearingAccuracy,speedAccuracy,verticalAccuracy,horizontalAccuracy,speed,bearing,altitude,longitude,latitude\n"
        let defaultFixes = (0..<8).map { k in
            let poor = k < 3
            return "\(Self.startNanoseconds + Int64(k) * 1_000_000_000),\(k),45,1,4,\(poor ? 50 : 6),0,0,"
                + (poor ? "20,18.4,-33.9" : "40,-21.9,64.1")
        }.joined(separator: "\n")
        try write("\(name)/Location.csv", header + (fixes ?? defaultFixes) + "\n")
        return folder.appendingPathComponent(name).path
    }
}
