import AttitudeMath
import Rig

/// One span of the picture's own turn (`PictureSpan`) beside an attitude's turn over the same stretch of the log, step
/// by step, so that a rate can be taken out of every step: over seconds of turning, θ − rate·T would miss by the turns'
/// products. `SpanBias` fits a constant bias over many; `SpanHold` a rate for each.
///
/// Frames: S the IMU's, C the camera's; the mount M = cameraFromIMU, v_C = M·v_S (docs/conventions.md).
struct SpanSteps {
    /// Log seconds of the span's first and last frame (log time = video time + offset).
    var start: Double, end: Double
    /// The picture's turn over the span, rays from its first frame to its last (`PictureSpan.turn`), as a rotation vector in C.
    var picture: SIMD3<Double>
    /// The attitude's turn over the span in steps: S at a step's start from S at its end, and the step's seconds.
    var steps: [(turn: Quaternion, seconds: Double)]

    var middle: Double { (start + end) / 2 }

    /// The log times of `span`'s frames, whose times are `frameTimes` on the video's clock; nil where either frame is not
    /// in `frameTimes` or the span does not run forward.
    static func logTimes(of span: PictureSpan, frameTimes: [Double], timeOffsetSeconds offset: Double) -> (start: Double, end: Double)? {
        guard frameTimes.indices.contains(span.firstFrame), frameTimes.indices.contains(span.lastFrame) else { return nil }
        let timeline = Timeline(timeOffsetSeconds: offset, hasVideo: true)
        let start = timeline.logTime(videoTime: frameTimes[span.firstFrame]), end = timeline.logTime(videoTime: frameTimes[span.lastFrame])
        return end > start ? (start, end) : nil
    }

    /// `span` from `start` to `end` (log seconds) with the attitude's steps between `orientations`, each S at one of
    /// `times` (rising, from `start` to `end`) in one common frame (worldFromS, or S at the log's start from S).
    init(_ span: PictureSpan, start: Double, end: Double, times: [Double], orientations: [Quaternion]) {
        self.start = start
        self.end = end
        picture = span.turn.rotationVector
        steps = (1..<times.count).map { (orientations[$0 - 1].conjugate * orientations[$0], times[$0] - times[$0 - 1]) }
    }

    /// What is left of the span, as a rotation vector in C, with `rate` (rad/s about S's axes) taken out of every step and
    /// the picture's turns about C's x and y taken `scale` times: M·body·M⁻¹ is C at the first frame from C at the last,
    /// and the rays of fixed points turn by its inverse, so where the two agree the product is the identity.
    func miss(rate: SIMD3<Double>, scale: Double = 1, cameraFromIMU: Quaternion) -> SIMD3<Double> {
        var body = Quaternion.identity
        for step in steps { body = body * step.turn * Quaternion(rotationVector: -rate * step.seconds) }
        let turn = Quaternion(rotationVector: SIMD3(scale * picture.x, scale * picture.y, picture.z))
        return (turn * cameraFromIMU * body * cameraFromIMU.conjugate).rotationVector
    }

    /// Spans whose misses (`misses`, one length each) lie more than `outlierFactor` times their median off (a scene that
    /// moves, tracks that slid) are left out: the rule `SpanBias` and `SpanHold` share.
    static let outlierFactor = 5.0
}
