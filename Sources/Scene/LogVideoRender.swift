import AttitudeLog
import AttitudeMath
import Foundation
import Imaging
import MonotonicTime
import Pixels
import Render

/// `render`'s frames: frame k of an offscreen scene's pipeline for each of `times`, written to a video.
public struct LogVideoRender {
    public var times: [Double]

    public init(times: [Double]) {
        self.times = times
    }

    /// Draws and writes every frame; before each, `shouldStop` may end it (the output is then abandoned and
    /// `LogVideoRenderStopped` thrown), and after each `progress(k, count, t)` is told. Returns the seconds spent
    /// encoding. The output is not finished here.
    public func run(drawing: OffscreenScene, output: VideoOutput, shouldStop: () -> Bool,
                    progress: (Int, Int, Double) -> Void) throws -> Double {
        var encoding = 0.0
        for (k, t) in times.enumerated() {
            if shouldStop() {
                output.abandon()
                throw LogVideoRenderStopped(framesWritten: k, frameCount: times.count)
            }
            let frame = try drawing.picture(step: k)
            let t0 = MonotonicClock.now()
            try output.write(frame)
            encoding += MonotonicClock.now() - t0
            progress(k + 1, times.count, t)
        }
        return encoding
    }
}

/// A render (or `bench --write-video`) stopped before its last frame, by a signal.
public struct LogVideoRenderStopped: Error {
    public let framesWritten: Int
    public let frameCount: Int

    public init(framesWritten: Int, frameCount: Int) {
        self.framesWritten = framesWritten
        self.frameCount = frameCount
    }
}
