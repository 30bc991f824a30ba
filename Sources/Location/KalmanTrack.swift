import Foundation

/// A position and velocity along one axis with their 2x2 covariance: one axis of a constant-velocity
/// Kalman filter driven by white acceleration.
struct KalmanAxis {
    var position: Double
    var velocity: Double
    /// Covariance [[pp, pv], [pv, vv]], m², m²/s, m²/s².
    var pp: Double, pv: Double, vv: Double

    init(position: Double, positionVariance: Double, velocityVariance: Double) {
        self.position = position
        velocity = 0
        pp = positionVariance
        pv = 0
        vv = velocityVariance
    }

    /// Moves the state `dt` seconds ahead under white acceleration of spectral density `q` (m²/s³).
    mutating func predict(dt: Double, q: Double) {
        position += velocity * dt
        let dt2 = dt * dt
        pp += 2 * dt * pv + dt2 * vv + q * dt2 * dt / 3
        pv += dt * vv + q * dt2 / 2
        vv += q * dt
    }

    /// Innovation and its variance for a position measurement of variance `r`.
    func innovation(_ measured: Double, r: Double) -> (value: Double, variance: Double) {
        (measured - position, pp + r)
    }

    mutating func update(_ measured: Double, r: Double) {
        let (y, s) = innovation(measured, r: r)
        let kp = pp / s, kv = pv / s
        position += kp * y
        velocity += kv * y
        let (oldPP, oldPV) = (pp, pv)
        pp -= kp * oldPP
        pv -= kp * oldPV
        vv -= kv * oldPV
    }
}

/// The `kalman` filter over a whole track: east and north share a gate; altitude is filtered on its
/// own axis and gated on its own (a gated altitude keeps the prediction, the fix still counts).
struct KalmanTrack {
    let settings: LocationFilterSettings

    /// Velocity uncertainty at a (re)start, m/s: a car's speed is not known from one fix.
    private let startSpeedSigma = 15.0
    /// The smallest measurement noise used, metres.
    private let minimumSigma = 0.1

    func run(_ fixes: [LocationFix], _ kept: [Int]) -> [FilteredFix] {
        guard let first = kept.first else { return [] }
        let plane = LocalPlane(latitude: fixes[first].latitude, longitude: fixes[first].longitude)
        let qH = settings.horizontalAcceleration * settings.horizontalAcceleration
        let qV = settings.verticalAcceleration * settings.verticalAcceleration
        let gate2 = settings.gateSigma * settings.gateSigma
        var east: KalmanAxis?, north = KalmanAxis(position: 0, positionVariance: 0, velocityVariance: 0)
        var up = north
        var lastTime = 0.0, gatedInARow = 0
        var out: [FilteredFix] = []
        for i in kept {
            let fix = fixes[i]
            let measured = plane.metres(latitude: fix.latitude, longitude: fix.longitude)
            // A reported accuracy of 0 would make the fix certain and the filter singular: 10 cm at best.
            let sigmaH = max(fix.horizontalAccuracy, minimumSigma)
            let rH = sigmaH * sigmaH
            let sigmaV = max(fix.verticalAccuracy.isFinite && fix.verticalAccuracy > 0
                             ? fix.verticalAccuracy : settings.verticalFromHorizontal * sigmaH, minimumSigma)
            let rV = sigmaV * sigmaV
            if var e = east, gatedInARow < settings.maxGatedInARow {
                let dt = max(0, fix.time - lastTime)
                e.predict(dt: dt, q: qH)
                north.predict(dt: dt, q: qH)
                up.predict(dt: dt, q: qV)
                let ie = e.innovation(measured.x, r: rH), inn = north.innovation(measured.y, r: rH)
                let distance2 = ie.value * ie.value / ie.variance + inn.value * inn.value / inn.variance
                east = e
                lastTime = fix.time
                if distance2 > gate2 {
                    gatedInARow += 1
                    continue
                }
                gatedInARow = 0
                east!.update(measured.x, r: rH)
                north.update(measured.y, r: rH)
                let iu = up.innovation(fix.altitude, r: rV)
                if iu.value * iu.value <= gate2 * iu.variance { up.update(fix.altitude, r: rV) }
            } else {
                let velocityVariance = startSpeedSigma * startSpeedSigma
                east = KalmanAxis(position: measured.x, positionVariance: rH, velocityVariance: velocityVariance)
                north = KalmanAxis(position: measured.y, positionVariance: rH, velocityVariance: velocityVariance)
                up = KalmanAxis(position: fix.altitude, positionVariance: rV, velocityVariance: 4)
                lastTime = fix.time
                gatedInARow = 0
            }
            let position = plane.degrees(SIMD2(east!.position, north.position))
            out.append(FilteredFix(source: i, time: fix.time, latitude: position.latitude, longitude: position.longitude,
                                   altitude: up.position, horizontalAccuracy: ((east!.pp + north.pp) / 2).squareRoot()))
        }
        return out
    }
}
