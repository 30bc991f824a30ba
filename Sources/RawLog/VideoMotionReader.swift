import CameraMotion
import Foundation

extension RawLogReader {
    /// A video's own motion track as a raw log: one sample per gyroscope reading, on the video's timeline (seconds
    /// from the video stream's start, as its frames are timed), in the device frame D. The accelerometer (and a
    /// magnetometer) runs at its own rate, so it is interpolated linearly to the gyroscope's times; a track
    /// without one is a gyroscope-only log.
    static func readVideo(path: String) throws -> RawIMULog {
        let motion: CameraMotion
        do {
            motion = try CameraMotion.read(path: path)
        } catch let error as CameraMotionError {
            throw RawLogError(path: error.path, error.message)
        }
        return rawLog(motion)
    }

    /// `camera` as a raw log (see `readVideo`): the motion the picture shows, which is the camera's unless the
    /// camera stabilised the picture (`CameraMotion.pictureMotion`, whose note the log's notes carry).
    public static func rawLog(_ camera: CameraMotion) -> RawIMULog {
        let motion = camera.pictureMotion().motion
        let time = motion.gyro.time
        let acc = motion.accelerometer.isEmpty ? nil : resample(motion.accelerometer, at: time)
        let mag = motion.magnetometer.isEmpty ? nil : resample(motion.magnetometer, at: time)
        var log = RawIMULog(path: motion.path, format: motion.track == .gpmf ? .gpmf : .camm, time: time, gyro: motion.gyro.values,
                            acc: acc, mag: mag)
        log.notes = motion.notes
        log.inStabilisedPictureFrame = motion.inStabilisedPictureFrame
        if acc == nil { log.notes.append("\(motion.path): the motion track has no accelerometer: a gyroscope-only log") }
        return log
    }

    /// `samples` linearly interpolated at each of `times` (rising), held at the first and last sample outside them.
    static func resample(_ samples: TimedSamples<SIMD3<Double>>, at times: [Double]) -> [SIMD3<Double>] {
        var out: [SIMD3<Double>] = []
        out.reserveCapacity(times.count)
        var j = 0
        let t = samples.time, v = samples.values
        for time in times {
            while j + 1 < t.count && t[j + 1] <= time { j += 1 }
            if time <= t[0] || j + 1 >= t.count {
                out.append(time <= t[0] ? v[0] : v[t.count - 1])
                continue
            }
            let span = t[j + 1] - t[j]
            let w = span > 0 ? (time - t[j]) / span : 0
            out.append(v[j] + (v[j + 1] - v[j]) * w)
        }
        return out
    }
}

extension RawIMULog {
    /// The log as steady-dice raw CSV: `t,gx,gy,gz` and, when it has them, `ax,ay,az` and `mx,my,mz`, SI units, each
    /// number as Swift prints a Double (it reads back exactly), after `comments` as `#` lines.
    public func rawCSV(comments: [String] = []) -> String {
        var text = comments.map { "# \($0)\n" }.joined()
        text += "t,gx,gy,gz" + (acc != nil ? ",ax,ay,az" : "") + (mag != nil ? ",mx,my,mz" : "") + "\n"
        for i in 0..<count {
            let g = gyro[i]
            text += "\(time[i]),\(g.x),\(g.y),\(g.z)"
            if let acc { text += ",\(acc[i].x),\(acc[i].y),\(acc[i].z)" }
            if let mag { text += ",\(mag[i].x),\(mag[i].y),\(mag[i].z)" }
            text += "\n"
        }
        return text
    }
}
