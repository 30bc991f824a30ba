import AttitudeLog
import AttitudeMath
import Foundation

/// Figures of attitude logs: Euler angles over time, or the tilt and heading errors against a reference.
/// Times are seconds on the logs' shared clock (`startTime + t`), counted from the earliest start.
public enum AttitudePlots {
    /// A log with the name its legend shows.
    public struct NamedLog: Sendable {
        public var name: String
        public var log: AttitudeLog
        public init(name: String, log: AttitudeLog) { self.name = name; self.log = log }
    }

    /// One log's errors against the reference, for a summary line.
    public struct ErrorSummary: Sendable {
        public var name: String
        /// Samples with a reference within the reference's span.
        public var pairs: Int
        public var tiltMedian: Double
        public var tiltPercentile90: Double
        /// Of the heading error's size; nil when the heading is not compared (a frame is arbitrary or
        /// unnamed, or the frames differ).
        public var headingMedian: Double?
        public var headingPercentile90: Double?
        /// Seconds: how far a sample may be from the reference's to be paired (`errors(_:reference:title:withinSeconds:)`).
        public var withinSeconds: Double

        /// One line: pairs, the tilt error's median and 90th percentile, the heading error's when compared.
        /// Refused when the log has no sample near one of `reference`'s: nothing was compared.
        public func line(reference: String) throws -> String {
            guard pairs > 0 else { throw NothingToCompare(log: name, reference: reference, withinSeconds: withinSeconds) }
            var line = String(format: "%@: %d pairs; tilt error median %.2f°, 90th percentile %.2f°", name, pairs, tiltMedian, tiltPercentile90)
            if let h = headingMedian, let h90 = headingPercentile90 {
                line += String(format: "; heading error median %.2f°, 90th percentile %.2f°", h, h90)
            }
            return line
        }
    }

    /// Two logs with no samples within `withinSeconds` of each other on their clock.
    public struct NothingToCompare: Error, CustomStringConvertible {
        public let log: String, reference: String
        public let withinSeconds: Double
        public var description: String {
            String(format: "%@ and %@ have no samples within %g ms of each other on their clock: nothing to compare", log, reference,
                   withinSeconds * 1000)
        }
    }

    /// Whether a heading line breaks between `last` and `value` (degrees): a jump of more than 180° is a wrap past ±180°,
    /// not a turn.
    static func wrapsPast180(from last: Double?, to value: Double) -> Bool {
        guard let last, last.isFinite else { return false }
        return abs(value - last) > 180
    }

    /// Roll, pitch and yaw in Core Motion's convention (degrees; `AttitudeViews`), one line per log.
    public static func euler(_ logs: [NamedLog], title: String) -> Figure {
        let origin = logs.map(\.log.startTime).min() ?? 0
        func series(_ angle: (AttitudeViews) -> Double, wraps: Bool) -> [Series] {
            logs.map { named in
                var x: [Double] = [], y: [Double] = []
                for sample in named.log.samples {
                    let value = angle(AttitudeViews(worldFromDevice: sample.worldFromDevice))
                    // A jump across ±180° is a wrap, not a turn: break the line there.
                    if wraps, wrapsPast180(from: y.last, to: value) { x.append(.nan); y.append(.nan) }
                    x.append(named.log.startTime + sample.t - origin)
                    y.append(value)
                }
                return Series(name: named.name + frameNote(named.log.frame), x: x, y: y)
            }
        }
        return Figure(title: title, xLabel: "time (s)", panels: [
            Panel(yLabel: "roll (°)", series: series(\.roll, wraps: true), yRange: -180...180, yTickStep: 90),
            Panel(yLabel: "pitch (°)", series: series(\.pitch, wraps: false), yRange: -90...90, yTickStep: 45),
            Panel(yLabel: "yaw (°)", series: series(\.yaw, wraps: true), yRange: -180...180, yTickStep: 90),
        ])
    }

    /// Tilt error (the angle between the two "up" directions, degrees) and signed heading error (the turn
    /// about the vertical from the reference to the log, degrees, east positive) of each log against
    /// `reference`, paired by time on the shared clock: the reference is interpolated (slerp) at each sample's
    /// time, and a sample farther than `withinSeconds` from every reference sample (outside it, or in a gap)
    /// is left out. The heading panel only when every log and the reference are in the same north-referenced frame.
    public static func errors(_ logs: [NamedLog], reference: NamedLog, title: String,
                              withinSeconds within: Double = 0.02) -> (figure: Figure, summaries: [ErrorSummary], headingNote: String?) {
        let origin = (logs.map(\.log.startTime) + [reference.log.startTime]).min() ?? 0
        let referenceStart = reference.log.startTime
        let referenceTimes = reference.log.samples.map(\.t)
        let headingNote = headingComparable(logs.map(\.log.frame) + [reference.log.frame])
        var tilt: [Series] = [], heading: [Series] = [], summaries: [ErrorSummary] = []
        let degrees = Angle.degrees(fromRadians: 1.0)
        for named in logs {
            var x: [Double] = [], tiltY: [Double] = [], headingY: [Double] = []
            for sample in named.log.samples {
                let clock = named.log.startTime + sample.t
                let tr = clock - referenceStart
                guard nearestDistance(tr, in: referenceTimes) <= within else { continue }
                let error = AttitudeError(estimate: sample.worldFromDevice, reference: reference.log.attitude(at: tr))
                x.append(clock - origin)
                tiltY.append((error?.tilt ?? .nan) * degrees)
                headingY.append((error?.heading ?? .nan) * degrees)
            }
            tilt.append(Series(name: named.name, x: x, y: tiltY))
            // Wraps at ±180° break the heading line.
            var hx: [Double] = [], hy: [Double] = []
            for i in x.indices {
                if wrapsPast180(from: hy.last, to: headingY[i]) { hx.append(.nan); hy.append(.nan) }
                hx.append(x[i])
                hy.append(headingY[i])
            }
            heading.append(Series(name: named.name, x: hx, y: hy))
            let headingSize = headingY.map(abs)
            summaries.append(ErrorSummary(name: named.name, pairs: x.count, tiltMedian: percentile(tiltY, 0.5),
                                          tiltPercentile90: percentile(tiltY, 0.9),
                                          headingMedian: headingNote == nil ? percentile(headingSize, 0.5) : nil,
                                          headingPercentile90: headingNote == nil ? percentile(headingSize, 0.9) : nil,
                                          withinSeconds: within))
        }
        var panels = [Panel(yLabel: "tilt error (°)", series: tilt)]
        if headingNote == nil { panels.append(Panel(yLabel: "heading error (°)", series: heading)) }
        let fullTitle = title + " against " + reference.name
        return (Figure(title: fullTitle, xLabel: "time (s)", panels: panels), summaries, headingNote)
    }

    /// Why headings cannot be compared, or nil when they can.
    static func headingComparable(_ frames: [ReferenceFrame?]) -> String? {
        let named = frames.compactMap { $0 }
        guard named.count == frames.count else { return "a log does not name its reference frame" }
        if named.contains(.xArbitraryZVertical) || named.contains(.xArbitraryCorrectedZVertical) {
            return "a log's heading is arbitrary (\(ReferenceFrame.xArbitraryZVertical.rawValue) or corrected)"
        }
        guard Set(named).count == 1 else { return "the frames differ (\(Set(named.map(\.rawValue)).sorted().joined(separator: ", ")))" }
        return nil
    }

    private static func frameNote(_ frame: ReferenceFrame?) -> String {
        frame.map { " (\($0.rawValue))" } ?? ""
    }

    /// The value below which a fraction `p` of the finite values lie (`Median.percentile`); NaN for none.
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        Median.percentile(values.filter(\.isFinite), p) ?? .nan
    }

    /// Seconds from `t` to the nearest of `times` (ascending).
    static func nearestDistance(_ t: Double, in times: [Double]) -> Double {
        let low = TimeSeries.firstIndex(atOrAfter: t, in: times.indices) { times[$0] }
        var best = Double.infinity
        for k in [low - 1, low] where times.indices.contains(k) { best = min(best, abs(times[k] - t)) }
        return best
    }
}
