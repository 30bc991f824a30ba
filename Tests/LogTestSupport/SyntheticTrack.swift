import AttitudeMath
import Foundation
import Location
import TestSupport

/// A track with known truth: a walk (or a drive) of straight legs and turns, sampled once a second
/// with a gap, seen through a receiver with white noise at its reported accuracy, a slowly wandering
/// error, outliers it admits to (poor reported accuracy) and a few it does not (multipath).
public struct SyntheticTrack {
    public static let origin = (latitude: 46.5, longitude: 7.25)
    public let plane = LocalPlane(latitude: SyntheticTrack.origin.latitude, longitude: SyntheticTrack.origin.longitude)
    /// Seconds since the epoch of the first fix (2026-03-01T10:00Z).
    public static let start = 1_772_359_200.0

    public var fixes: [LocationFix] = []
    /// Truth at each fix: east, north metres and altitude.
    public var truth: [SIMD3<Double>] = []
    /// Which fixes are outliers, admitted or not.
    public var flagged: Set<Int> = []
    public var multipath: Set<Int> = []
    private let speed: Double

    public init(seed: UInt64, speed: Double = 1.4, seconds: Int = 900) {
        self.speed = speed
        var random = SplitMix64(seed: seed)
        func gaussian() -> Double {
            let u = Double.random(in: Double.ulpOfOne..<1, using: &random), v = Double.random(in: 0..<1, using: &random)
            return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
        }
        var wander = SIMD2<Double>(0, 0)
        var walker = Walker(speed: speed)
        var t = 0.0
        while t < Double(seconds) {
            // A 20 s gap, as in a tunnel or a building.
            if t >= 400 && t < 420 { t += 1; continue }
            let position = walker.advance(to: t)
            let correlation = exp(-1 / 30.0)
            wander = wander * correlation + SIMD2(gaussian(), gaussian()) * 3 * (1 - correlation * correlation).squareRoot()
            var accuracy = Double.random(in: 3...12, using: &random)
            var error = wander + SIMD2(gaussian(), gaussian()) * accuracy / 2.0.squareRoot()
            let draw = Double.random(in: 0..<1, using: &random)
            if draw < 0.08 {
                accuracy = Double.random(in: 30...100, using: &random)
                error = SIMD2(gaussian(), gaussian()) * accuracy / 2.0.squareRoot()
                flagged.insert(fixes.count)
            } else if draw < 0.10 {
                let angle = Double.random(in: 0..<(2 * .pi), using: &random)
                error = SIMD2(cos(angle), sin(angle)) * Double.random(in: 40...80, using: &random)
                multipath.insert(fixes.count)
            }
            let verticalAccuracy = 1.5 * accuracy
            let measured = plane.degrees(SIMD2(position.x, position.y) + error)
            fixes.append(LocationFix(time: Self.start + t, latitude: measured.latitude, longitude: measured.longitude,
                                     altitude: position.z + gaussian() * verticalAccuracy,
                                     horizontalAccuracy: accuracy, verticalAccuracy: verticalAccuracy, line: fixes.count + 2))
            truth.append(position)
            t += 1
        }
    }

    /// The walker: legs of 120 s joined by 30 s turns of 90° to alternate sides, over a gentle hill.
    struct Walker {
        var position = SIMD2<Double>(0, 0), heading = 0.3, time = 0.0, turn = 1.0
        let speed: Double

        /// East, north, up after walking on to `t` seconds.
        mutating func advance(to t: Double) -> SIMD3<Double> {
            let step = 0.05
            while time + step / 2 < t {
                let inLeg = time.truncatingRemainder(dividingBy: 150)
                if inLeg >= 120 { heading += turn * (.pi / 2) / 30 * step }
                if inLeg + step >= 150 { turn = -turn }
                position += SIMD2(sin(heading), cos(heading)) * speed * step
                time += step
            }
            return SIMD3(position.x, position.y, 500 + 15 * sin(t / 120))
        }
    }

    /// RMS horizontal error, metres, of filtered fixes against the truth at their source fixes.
    public func rmsError(_ filtered: [FilteredFix]) -> Double {
        let sum = filtered.reduce(0.0) { total, f in
            let e = plane.metres(latitude: f.latitude, longitude: f.longitude) - SIMD2(truth[f.source].x, truth[f.source].y)
            return total + (e * e).sum()
        }
        return (sum / Double(filtered.count)).squareRoot()
    }

    /// RMS altitude error, metres.
    public func rmsAltitudeError(_ filtered: [FilteredFix]) -> Double {
        let sum = filtered.reduce(0.0) { $0 + ($1.altitude - truth[$1.source].z) * ($1.altitude - truth[$1.source].z) }
        return (sum / Double(filtered.count)).squareRoot()
    }

    /// The track as Sensor Logger's Location.csv (Android's column order).
    public var locationCSV: String {
        var text = "time,seconds_elapsed,bearingAccuracy,speedAccuracy,verticalAccuracy,horizontalAccuracy,speed,bearing,altitude,longitude,latitude\n"
        for f in fixes {
            text += "\(Int64((f.time * 1e9).rounded())),\(f.time - Self.start),45,1,\(f.verticalAccuracy),\(f.horizontalAccuracy),"
                + "\(speed),0,\(f.altitude),\(f.longitude),\(f.latitude)\n"
        }
        return text
    }
}
