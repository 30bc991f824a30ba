import Foundation

/// Figures that describe a track without a truth to compare it with.
public enum TrackStatistics {
    /// RMS of the change of velocity between consecutive fix intervals, m/s: 0 for a straight track at
    /// constant speed, large for fixes that jump about. Intervals shorter than 0.1 s are merged.
    public static func roughness(_ track: [FilteredFix]) -> Double {
        guard let first = track.first else { return 0 }
        let plane = LocalPlane(latitude: first.latitude, longitude: first.longitude)
        var points: [(time: Double, position: SIMD2<Double>)] = []
        for f in track where points.last.map({ f.time - $0.time >= 0.1 }) ?? true {
            points.append((f.time, plane.metres(latitude: f.latitude, longitude: f.longitude)))
        }
        guard points.count >= 3 else { return 0 }
        var sum = 0.0
        for i in 1..<(points.count - 1) {
            let before = (points[i].position - points[i - 1].position) / (points[i].time - points[i - 1].time)
            let after = (points[i + 1].position - points[i].position) / (points[i + 1].time - points[i].time)
            let change = after - before
            sum += (change * change).sum()
        }
        return (sum / Double(points.count - 2)).squareRoot()
    }

    /// RMS horizontal distance, metres, between each filtered fix and the truth at its time.
    public static func rmsError(_ track: [FilteredFix], truth: (Double) -> (latitude: Double, longitude: Double)) -> Double {
        guard let first = track.first else { return .nan }
        let plane = LocalPlane(latitude: first.latitude, longitude: first.longitude)
        let sum = track.reduce(0.0) { total, f in
            let t = truth(f.time)
            let d = plane.metres(latitude: f.latitude, longitude: f.longitude) - plane.metres(latitude: t.latitude, longitude: t.longitude)
            return total + (d * d).sum()
        }
        return (sum / Double(track.count)).squareRoot()
    }
}
