import AttitudeMath
import Foundation

/// The tilt and heading errors of an estimate against a reference, sample by sample, as plot series:
/// a gap where samples were skipped for half a second or more (not moving) and where the heading wraps at ±180°.
public final class ErrorSeriesRecorder {
    private let start: Double
    private var x: [Double] = [], tilt: [Double] = [], heading: [Double] = []
    private var lastTime: Double?

    /// Times are drawn from `start` seconds.
    public init(start: Double) { self.start = start }

    /// One sample at log time `t`.
    public func record(_ t: Double, estimate: Quaternion, reference: Quaternion) {
        let error = AttitudeError(estimate: estimate, reference: reference)
        let degrees = Angle.degrees(fromRadians: 1.0)
        let (tiltDegrees, headingDegrees) = ((error?.tilt ?? .nan) * degrees, (error?.heading ?? .nan) * degrees)
        if let lastTime, t - lastTime > 0.5 { gap() }
        lastTime = t
        if AttitudePlots.wrapsPast180(from: heading.last, to: headingDegrees) { gap() }
        x.append(t - start)
        tilt.append(tiltDegrees)
        heading.append(headingDegrees)
    }

    public func tiltSeries(name: String) -> Series { Series(name: name, x: x, y: tilt) }
    public func headingSeries(name: String) -> Series { Series(name: name, x: x, y: heading) }

    private func gap() {
        x.append(.nan)
        tilt.append(.nan)
        heading.append(.nan)
    }
}
