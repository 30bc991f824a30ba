import AttitudeLog
import AttitudeMath
import RawLog

extension RawIMULog {
    /// A gyroscope-only log's attitude at each sample: its gyroscope integrated as calibrate integrates it (each
    /// sample the rate since the previous one, docs/conventions.md), in the device's own axes at the first sample.
    /// What `attitude convert` writes, and what playing such a log draws: no accelerometer levels it.
    public func integratedAttitudes() throws -> [AttitudeSample] {
        guard count >= 2 else { throw RawLogError(path: path, "fewer than two samples: no rotation to integrate") }
        let integral = GyroIntegral(time: time, rate: gyro)
        return time.map { t in AttitudeSample(t: t, worldFromDevice: integral.orientation(at: t - time[0])) }
    }
}
