import AttitudeMath
import Foundation

// MARK: - The parameters, in named blocks

/// A block of the calibration's parameters. The solver's unknowns are slots of these blocks, never bare numbers.
enum ParameterBlock: Hashable, CaseIterable {
    /// Seconds: log time = video time + offset (the middle row's when a readout is fitted).
    case offset
    /// The natural logarithm of the focal length in pixels (fx = fy).
    case logFocal
    /// A small rotation vector in C (radians, about C's x, y, z) applied to the mount C from S.
    case mount
    /// The gyroscope's constant bias in S, rad/s, about S's x, y, z.
    case gyroBias
    /// Seconds from the first row's time to one past the last (a rolling shutter).
    case readout
    /// The estimated lens's coefficients, in OpenCV's order (`LensModel.lens`).
    case lens
}

/// One unknown of the solver: a block and the element within it (0 for a scalar block).
struct ParameterSlot: Hashable {
    var block: ParameterBlock
    var index = 0

    /// The slots of the blocks given, in this order: offset, log focal, mount (3), bias (3), readout, lens.
    static func layout(fitsFocal: Bool, fitsReadout: Bool = false, lensCoefficients: Int = 0) -> [ParameterSlot] {
        var out = [ParameterSlot(block: .offset)]
        if fitsFocal { out.append(ParameterSlot(block: .logFocal)) }
        out += (0..<3).map { ParameterSlot(block: .mount, index: $0) } + (0..<3).map { ParameterSlot(block: .gyroBias, index: $0) }
        if fitsReadout { out.append(ParameterSlot(block: .readout)) }
        out += (0..<lensCoefficients).map { ParameterSlot(block: .lens, index: $0) }
        return out
    }
}

/// What both calibration stages fit: the offset, the focal length, the mount, the gyroscope's bias, the readout
/// and the lens's coefficients (the first stage holds the last two at their start).
struct RigParameters {
    /// Seconds: log time = video time + offset.
    var offset: Double
    /// Natural logarithm of the focal length in pixels (fx = fy).
    var logFocal: Double
    /// C from S: v_C = M·v_S.
    var cameraFromIMU: Quaternion
    /// The gyroscope's constant bias in S, rad/s: what it reads at rest.
    var gyroBias = SIMD3<Double>.zero
    /// Seconds from the first row's time to one past the last.
    var readout = 0.0
    /// The lens's estimated coefficients in OpenCV's order (`LensModel.lens`).
    var lensCoefficients: [Double] = []

    /// The parameters moved by `values` along `slots`: each block by its own rule (the mount turned by a rotation
    /// vector in C, the rest added). Every block is moved, by zero when not named, so that a step's arithmetic
    /// does not depend on which blocks are free.
    func moved(along slots: [ParameterSlot], by values: [Double]) -> RigParameters {
        var offset = 0.0, logFocal = 0.0, readout = 0.0
        var mount = SIMD3<Double>.zero, bias = SIMD3<Double>.zero
        var lens = [Double](repeating: 0, count: lensCoefficients.count)
        for (slot, value) in zip(slots, values) {
            switch slot.block {
            case .offset: offset = value
            case .logFocal: logFocal = value
            case .mount: mount[slot.index] = value
            case .gyroBias: bias[slot.index] = value
            case .readout: readout = value
            case .lens: lens[slot.index] = value
            }
        }
        var q = self
        q.offset += offset
        q.logFocal += logFocal
        q.cameraFromIMU = (Quaternion(rotationVector: mount) * cameraFromIMU).normalized() ?? cameraFromIMU
        q.gyroBias += bias
        q.readout += readout
        for i in q.lensCoefficients.indices { q.lensCoefficients[i] += lens[i] }
        return q
    }

    /// The parameters moved along one slot.
    func moved(along slot: ParameterSlot, by value: Double) -> RigParameters { moved(along: [slot], by: [value]) }
}


// MARK: - A least-squares problem over them

/// A least-squares problem over `RigParameters`, solved by `DampedGaussNewton`: its residuals (with what evaluating
/// them computed, `Cache`, reused for the difference steps that do not change it), its loss, and the free slots with
/// their forward-difference steps; the gyroscope's bias held by a Gaussian prior centred on 0.
struct RigProblem<Cache> {
    var slots: [ParameterSlot]
    /// The forward-difference step of each block, in its units.
    var differenceStep: (ParameterBlock) -> Double
    /// The residuals at `p`, reusing `cache` when given (it was computed at parameters that differ only in slots
    /// `keepsCache` allows).
    var evaluate: (_ p: RigParameters, _ cache: Cache?) -> (residuals: [Double], cache: Cache)
    var keepsCache: (ParameterSlot) -> Bool = { _ in false }
    /// Residuals per group (a pair's 3, a point's 2): the unit whose correlation from one to the next widens the prior.
    var groupWidth: Int
    /// Per-residual weights for the step (a robust loss reweighted each step), nil for least squares.
    var weights: ([Double]) -> [Double]? = { _ in nil }
    /// The loss of the residuals (the prior's is added by the solver); least squares unless told.
    var loss: ([Double]) -> Double = DampedGaussNewton.squares

    /// The Jacobian's columns over `slots` at `p`, by forward differences.
    func columns(at p: RigParameters, residuals r: [Double], cache: Cache) -> [[Double]] {
        slots.map { slot -> [Double] in
            let step = differenceStep(slot.block)
            let moved = evaluate(p.moved(along: slot, by: step), keepsCache(slot) ? cache : nil).residuals
            return zip(moved, r).map { ($0 - $1) / step }
        }
    }

    /// The bias prior's weight in the residuals' units: their RMS at `r` (widened for their correlation) over the prior's
    /// sigma (`CameraIMUCalibration.gyroBiasPriorRadiansPerSecond`), so that the cost weighs the data's and the prior's
    /// squares alike.
    static func priorWeight(_ r: [Double], groupWidth: Int) -> Double {
        (DampedGaussNewton.squares(r) / Double(max(r.count, 1)) * CovarianceEstimate.correlationInflation(r, width: groupWidth)).squareRoot()
            / CameraIMUCalibration.gyroBiasPriorRadiansPerSecond
    }

    /// The problem as `DampedGaussNewton` solves it: the parameters moved along `slots`, the bias's slots held by the prior.
    var leastSquares: LeastSquaresProblem<RigParameters, Cache> {
        let slots = self.slots, groupWidth = self.groupWidth
        let bias = slots.indices.filter { slots[$0].block == .gyroBias }
        return LeastSquaresProblem(
            residuals: { evaluate($0, nil) },
            columns: { columns(at: $0, residuals: $1, cache: $2) },
            moved: { $0.moved(along: slots, by: $1) },
            weights: weights, loss: loss,
            prior: LeastSquaresProblem.Prior(unknowns: bias, values: { p in bias.map { p.gyroBias[slots[$0].index] } },
                                             weight: { Self.priorWeight($0, groupWidth: groupWidth) }))
    }

    /// The rule that stops a fit when a step moves the offset and the log focal each by less than `limit`, and the other
    /// slots together.
    func stepBelow(_ limit: Double) -> DampedGaussNewton.Stop {
        let leading: Set<ParameterBlock> = [.offset, .logFocal]
        let alone = slots.indices.filter { leading.contains(slots[$0].block) }.map { [$0] }
        return .stepBelow(limit, groups: alone + [slots.indices.filter { !leading.contains(slots[$0].block) }])
    }

    /// The fit from `start` by `solver`; `progress` hears the parameters, the residuals and the step (from 1) after each step.
    func solve(by solver: DampedGaussNewton, from start: RigParameters,
               progress: (RigParameters, [Double], Int) -> Void) -> RigParameters {
        solver.solve(leastSquares, from: start, progress: progress).point
    }
}
