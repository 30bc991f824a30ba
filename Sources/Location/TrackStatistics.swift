import Foundation

/// Figures that describe a track without a truth to compare it with.
public enum TrackStatistics {
    /// Jitter: the RMS distance, metres, of each fix from the straight line through its two
    /// neighbours. Near 0 for a track that runs straight or curves gently, whatever its speed and
    /// however unevenly the fixes are spaced in time; large for fixes that zig-zag.
    public static func jitter(_ track: [FilteredFix]) -> Double {
        guard track.count >= 3 else { return 0 }
        let plane = LocalPlane(latitude: track[0].latitude, longitude: track[0].longitude)
        let points = track.map { plane.metres(latitude: $0.latitude, longitude: $0.longitude) }
        var sum = 0.0
        for i in 1..<(points.count - 1) {
            let chord = points[i + 1] - points[i - 1], offset = points[i] - points[i - 1]
            let length = chord.length
            // With neighbours at one place, the distance to that place.
            let distance = length < 1e-9 ? offset.length
                : abs(chord.x * offset.y - chord.y * offset.x) / length
            sum += distance * distance
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
