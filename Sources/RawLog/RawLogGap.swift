import AttitudeMath

/// A stretch of a raw log with no sample in one of its streams, longer than `RawLogGap.threshold`.
///
/// Fusion does not integrate across a gap: the motion during it is unknown, and holding the last rate
/// over it turns a long gap into one huge, wrong step. The estimator restarts at `resumeIndex` instead.
public struct RawLogGap: Equatable, Sendable {
    /// The stream without samples: a file name (`Gyroscope.csv`) or the log's own name.
    public var stream: String
    /// Seconds from the start of the log to the last sample before the gap.
    public var start: Double
    /// Seconds without a sample.
    public var length: Double
    /// The first merged sample at or after the gap's end: where the estimator starts again.
    public var resumeIndex: Int

    /// Half a second. Phones and loggers jitter by a few periods (Android's 59 Hz gyroscope by tens
    /// of milliseconds), and the slowest accepted gyroscope (10 Hz) steps by 0.1 s, so 0.5 s is five
    /// periods at the slowest rate and never a dropped sample or two. Above it, integrating the last
    /// rate costs more than a restart: at a hand-held 30°/s, 0.5 s unseen is already 15° that the
    /// 3 s accelerometer filter and 9 s heading filter take many seconds to pull back, while a restart
    /// levels from the accelerometer at once (and in 9D takes the heading from the magnetometer).
    public static let threshold = 0.5

    /// The gaps in `times` (seconds on the merged time base, non-decreasing) that start inside `range`.
    static func find(in times: [Double], stream: String, within range: ClosedRange<Double>,
                     mergedTime: [Double]) -> [RawLogGap] {
        var gaps: [RawLogGap] = []
        for i in times.indices.dropFirst() {
            let length = times[i] - times[i - 1]
            guard length > threshold, range.contains(times[i - 1]) || range.contains(times[i]) else { continue }
            let end = times[i]
            let resume = TimeSeries.firstIndex(atOrAfter: end, in: mergedTime.indices) { mergedTime[$0] }
            guard resume > 0, resume < mergedTime.count else { continue }
            gaps.append(RawLogGap(stream: stream, start: max(times[i - 1], 0), length: length, resumeIndex: resume))
        }
        return gaps
    }

    /// The line fusion prints for the gap.
    public func message(path: String) -> String {
        "\(path): gap in \(stream): no sample for \(Self.seconds(length)) from \(Self.seconds(start)) after the start; "
            + "the estimator restarts after it"
    }

    static func seconds(_ s: Double) -> String {
        String(format: s < 10 ? "%.2f s" : "%.1f s", s)
    }
}
