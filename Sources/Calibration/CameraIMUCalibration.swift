import AttitudeMath
import Camera
import Foundation
import Pixels
import Rig

/// Corners tracked from frame `index` to frame `index + 1` of a clip.
public struct FramePairTracks: Sendable {
    public var index: Int
    /// Point pairs in OpenCV pixel coordinates.
    public var from: [SIMD2<Double>]
    public var to: [SIMD2<Double>]

    public init(index: Int, from: [SIMD2<Double>], to: [SIMD2<Double>]) {
        self.index = index; self.from = from; self.to = to
    }
}

/// What `CameraIMUCalibration.fit` answers: the rig with every number the clip determines; or, where the camera and the
/// mount are not determined but the rotation rates of picture and gyroscope correlate clearly at one offset, that offset
/// alone (`Rig.onlyTimeOffset`, which says why the rest is not), with the correlation and the offset's standard error.
public struct CalibrationAnswer {
    public var rig: Rig
    /// Set when the offset is the whole answer: the rates' correlation at it and its standard error, seconds.
    public var offsetAlone: (correlation: Double, standardErrorSeconds: Double)?

    public init(rig: Rig, offsetAlone: (correlation: Double, standardErrorSeconds: Double)? = nil) {
        self.rig = rig
        self.offsetAlone = offsetAlone
    }
}

/// Finds a camera's time offset, focal length and mount relative to an IMU from corners tracked over a
/// clip and the IMU's gyroscope: the camera's rotation between frames (a pure rotation moves image
/// points by K·R·K⁻¹) must equal the gyroscope's rotation over the same interval, turned by the mount.
///
/// Steps: per frame pair, the camera's rotation for a focal length (Wahba's problem over the tracked
/// rays); a coarse offset search over ±`searchRange` (1 s unless told) correlating the rotation angles (which no mount
/// changes); the mount from those rotation vectors (Wahba again); then a damped Gauss-Newton fit of
/// offset, focal length and mount, dropping pairs that a rotation does not explain (translation,
/// bad tracks) and refitting. The principal point stays at the picture's centre: a rotation-only fit
/// barely constrains it (it trades against the mount), and webcams put it within a few pixels of it.
public struct CameraIMUCalibration {
    public static let minimumSeconds = 2.0
    public static let minimumTracks = 20
    public static let defaultSearchRange = 1.0
    /// Seconds: offsets from -searchRange to +searchRange about `searchCentre` are searched (log time 0 is the log's
    /// first row, video time 0 the clip's first frame); nil: every offset at which the clip lies at least half inside
    /// the log (`wideOffsetSearch`), so that a log started long before the clip needs no range.
    public var searchRange: Double? = CameraIMUCalibration.defaultSearchRange
    /// Seconds: the middle of the searched offsets (0 unless the clip's stamps and the log share a clock).
    public var searchCentre = 0.0
    /// A camera known beforehand (`calibrate --intrinsics`): its lens turns pixels into rays, and only the
    /// offset, the mount and the gyroscope's bias are fitted. Nil: a pinhole whose focal length is fitted.
    public var knownCamera: LensCamera? {
        didSet { knownRays = [:] }
    }
    /// The lens to estimate when no camera is known: the pinhole (the focal length alone), radial or fisheye.
    public var lensModel: LensModel = .pinhole
    /// A camera to start from where none is known (a lens profile for the clip's camera): its focal length is the first
    /// guess in place of `verticalFieldOfViewGuessDegrees`'s, and its lens's coefficients, where it is of `lensModel`, the
    /// start of the lens's estimate in place of none. Everything is still fitted.
    public var startingCamera: LensCamera?
    /// Whether the rolling shutter's readout is fitted (in the second stage, over every tracked point).
    public var fitsReadout = true
    /// Rays of each pair's points through the known camera, by pair index (filled on first use).
    private var knownRays: [Int: (from: [SIMD3<Double>], to: [SIMD3<Double>])] = [:]
    /// A pair whose rotation-only reprojection misses by more than this (pixels, RMS) moved otherwise.
    public static let maximumReprojectionPixels = 1.5
    /// Pixels: the least median image motion per frame pair (the gyroscope's angle times the focal length
    /// guessed); below it, tracking noise (about 0.1 px) is most of what is measured. How much the clip
    /// turned is otherwise judged by what it determines (`Determination`), not by a total.
    public static let minimumPixelsPerPair = 0.2
    /// Residuals larger than this share of the motion's RMS rate mean the model does not describe the clip.
    public static let largestResidualShare = 0.35
    /// Degrees: the fields of view a fit may answer; one outside is refused as a fit gone astray (an 18 px focal length),
    /// narrower than the fields of view a camera may be given (`PinholeCamera.fieldOfViewBounds`).
    public static let fittedFieldOfViewRange = 10.0...170.0
    /// A field of view with a larger relative standard error is not written.
    public static let largestFieldOfViewError = Determination.fieldOfViewErrorLimitFraction
    /// A pinhole fit is refused when the picture's edges and its centre disagree by more than this share
    /// on how far the camera turned about its x and y axes: a lens that bends the picture.
    public static let largestEdgeDifference = 0.04
    /// The least correlation of the picture's and the gyroscope's rotation rates for an offset to stand alone.
    public static let offsetAloneCorrelation = 0.8
    /// Rad/s (0.5 °/s): the prior on each axis of the gyroscope's constant bias (one sigma, centred on 0).
    /// A MEMS gyroscope reads a few tenths of a degree per second at rest; left free, a short clip's bias
    /// soaks up what the mount and the offset should explain. Where the motion determines the bias more
    /// tightly than this, the data outweighs the prior and it hardly moves the answer.
    public static let gyroBiasPriorRadiansPerSecond = Angle.radians(fromDegrees: 0.5)

    /// The clip's picture size.
    public var size: PictureSize
    /// Each frame's time in seconds on the video's clock (its presentation time), rising: frame pairs
    /// are compared with the gyroscope over exactly these intervals, so a variable frame rate is exact.
    public var frameTimes: [Double]
    public var gyro: GyroIntegral
    public var verticalFieldOfViewGuessDegrees: Double
    public var progress: (String) -> Void

    public var frameCount: Int { frameTimes.count }
    /// The clip's mean rate, for figures per second (the residual in °/s) and the minimum counts.
    public var framesPerSecond: Double {
        guard frameTimes.count > 1, let first = frameTimes.first, let last = frameTimes.last, last > first else { return 30 }
        return Double(frameTimes.count - 1) / (last - first)
    }

    /// A clip whose frames carry their own times (presentation times, a frames file's stamps).
    public init(size: PictureSize, frameTimes: [Double], gyro: GyroIntegral,
                verticalFieldOfViewGuessDegrees: Double = PinholeCamera.defaultFieldOfViewDegrees, progress: @escaping (String) -> Void = { _ in }) {
        self.size = size; self.frameTimes = frameTimes; self.gyro = gyro
        self.verticalFieldOfViewGuessDegrees = verticalFieldOfViewGuessDegrees; self.progress = progress
    }

    /// A clip at a constant rate: frame k at k / framesPerSecond.
    public init(size: PictureSize, framesPerSecond: Double, frameCount: Int, gyro: GyroIntegral,
                verticalFieldOfViewGuessDegrees: Double = PinholeCamera.defaultFieldOfViewDegrees, progress: @escaping (String) -> Void = { _ in }) {
        self.init(size: size, frameTimes: (0..<frameCount).map { Double($0) / framesPerSecond }, gyro: gyro,
                  verticalFieldOfViewGuessDegrees: verticalFieldOfViewGuessDegrees, progress: progress)
    }

    /// The rig the clip and the gyroscope give: its camera, lens, mount, offset (`TimeOffset.Clock.clip`: the caller
    /// sets a live rig's), readout and bias, each with its standard error, judged by `Determination`.
    public func fit(_ tracks: [FramePairTracks]) throws -> CalibrationAnswer {
        if let known = knownCamera, known.pinhole.size != size {
            throw CalibrationError.intrinsicsSize(known.pinhole.size, clip: size)
        }
        let seconds = Double(frameCount) / framesPerSecond
        if let problem = Self.problem(frameTimes: frameTimes) { throw CalibrationError.noFit(reason: problem) }
        guard seconds >= Self.minimumSeconds else { throw CalibrationError.clipTooShort(frames: frameCount, seconds: seconds) }
        let pairCount = max(frameCount - 1, 1)
        let textured = tracks.filter { $0.from.count >= Self.minimumTracks }
        guard textured.count >= max(Int(framesPerSecond * Self.minimumSeconds / 2), pairCount / 4) else {
            throw CalibrationError.noTexture(textured: textured.count, pairs: pairCount)
        }
        var calibration = self
        if let known = knownCamera { calibration.knownRays = Self.rays(of: tracks, through: known) }
        // A lens to estimate: the first stage, a pinhole, sees only the points near the picture's centre,
        // where any lens is nearly one; the second sees them all through the lens.
        let firstStage = knownCamera == nil && lensModel != .pinhole
            ? textured.map { centralPoints($0) }.filter { $0.from.count >= Self.minimumTracks / 2 } : textured
        return try calibration.fitPrepared(textured: firstStage, all: textured, pairCount: pairCount, seconds: seconds)
    }

    /// The pair's points in the picture's central region (`CentralRegion`), where a pinhole describes any lens.
    func centralPoints(_ pair: FramePairTracks) -> FramePairTracks {
        let region = CentralRegion(size: size)
        let keep = pair.from.indices.filter { region.contains(pair.from[$0]) }
        return FramePairTracks(index: pair.index, from: keep.map { pair.from[$0] }, to: keep.map { pair.to[$0] })
    }

    /// Each pair's points as rays through a known camera; points the lens cannot invert are left out.
    static func rays(of tracks: [FramePairTracks], through camera: LensCamera) -> [Int: (from: [SIMD3<Double>], to: [SIMD3<Double>])] {
        var out: [Int: (from: [SIMD3<Double>], to: [SIMD3<Double>])] = [:]
        for pair in tracks {
            var from: [SIMD3<Double>] = [], to: [SIMD3<Double>] = []
            for (a, b) in zip(pair.from, pair.to) {
                guard let ra = camera.ray(pixel: a), let rb = camera.ray(pixel: b) else { continue }
                from.append(ra)
                to.append(rb)
            }
            out[pair.index] = (from, to)
        }
        return out
    }

    /// The fit proper, on the pairs with texture, once rays through a known camera are ready.
    private func fitPrepared(textured: [FramePairTracks], all: [FramePairTracks], pairCount: Int, seconds: Double) throws -> CalibrationAnswer {
        let f0 = knownCamera?.pinhole.fy ?? startingCamera?.pinhole.fy
            ?? PinholeCamera.focalLength(verticalFieldOfViewDegrees: verticalFieldOfViewGuessDegrees, height: size.height)

        // Coarse offset: correlate the angles, which no mount changes, seen by the points near the picture's
        // centre: there any lens is nearly a pinhole, and a rolling shutter sees them about the middle row's
        // instant, which the offset refers to. All points through a pinhole would weigh a fisheye's squeezed
        // edges and the rows where the texture happens to be (a landscape below a featureless sky pulls the
        // offset towards its own rows' instant).
        let central = knownCamera == nil ? textured.map { centralPoints($0) }.filter { $0.from.count >= Self.minimumTracks / 2 } : []
        let searched = central.count >= max(Self.minimumTracks, textured.count / 2) ? central : textured
        let coarse: (offset: Double, correlation: Double, otherPeak: (offset: Double, correlation: Double)?)
        if let searchRange {
            coarse = try searchOffset(searched, focal: f0, from: searchCentre - searchRange, to: searchCentre + searchRange, step: 0.005)
        } else {
            let wide = try wideOffsetSearch(searched, focal: f0)
            // The exact correlation about the wide search's peak, a few of its steps either side.
            let around = max(2 * wide.step, 0.02)
            let near = try searchOffset(searched, focal: f0, from: wide.offset - around, to: wide.offset + around, step: 0.005)
            coarse = (near.offset, near.correlation, wide.otherPeak)
        }
        let (offset0, correlation0, _) = try searchOffset(searched, focal: f0, from: coarse.offset - 0.01, to: coarse.offset + 0.01, step: 0.0005)
        progress(String(format: "coarse time offset %.4f s", offset0))
        let acrossGaps = textured.filter { spansGap(from: logTime(ofFrame: $0.index, timeOffsetSeconds: offset0), to: logTime(ofFrame: $0.index + 1, timeOffsetSeconds: offset0)) }
        if let first = acrossGaps.first {
            let a = logTime(ofFrame: first.index, timeOffsetSeconds: offset0)
            progress(String(format: "%d frame pairs lie across gaps in the gyroscope (the first from %.3f s of log time, unseen for %.3f s): "
                            + "not fitted, as the motion there is unknown", acrossGaps.count, a,
                            gyro.longestStep(from: a, to: logTime(ofFrame: first.index + 1, timeOffsetSeconds: offset0))))
        }

        let used = inside(textured, offset: offset0)
        let outsideLog = textured.count - used.count
        let angles = used.map { imuRotation($0, offset: offset0).length }
        // Summed smallest first, which loses least to rounding.
        let turned = Angle.degrees(fromRadians: angles.sorted().reduce(0, +))
        let medianPixels = Median.of(angles).map { $0 * f0 } ?? 0
        do {
            // Under a fifth of a pixel a pair, tracking measures no camera; the rates' timing may still give the offset.
            if medianPixels < Self.minimumPixelsPerPair {
                throw CalibrationError.tooLittleRotation(degrees: turned, seconds: seconds, medianPixels: medianPixels)
            }
            return CalibrationAnswer(rig: try fitCamera(offset0: offset0, f0: f0, textured: textured, all: all, used: used,
                                                        outsideLog: outsideLog, pairCount: pairCount))
        } catch let error as CalibrationError {
            // A lens the model does not describe (a fisheye as a pinhole), a field of view the motion does not pin
            // down, or a motion too small for the camera still leaves the offset when the rates correlate clearly:
            // the timing of a rate's changes does not rest on the motion's size (`Determination`).
            switch error {
            case .unexplained, .fieldOfViewUndetermined, .tooFewRotationPairs, .tooLittleRotation:
                guard correlation0 >= Self.offsetAloneCorrelation else { throw error }
                // The offset alone, judged as every number is (`Determination.judgeOffset`), on its own standard error.
                let (offset, sigma) = offsetFromRates(searched, focal: f0, start: offset0)
                let ambiguous = Self.ambiguity(best: coarse.offset, correlation: coarse.correlation, otherPeak: coarse.otherPeak)
                if ambiguous != nil, case .tooLittleRotation = error { throw error }
                if let ambiguous {
                    throw CalibrationError.offsetUndetermined(offset: offset, Undetermined(.timeOffset, standardError: nil,
                                                                                           why: ambiguous + "; " + error.reason))
                }
                if let undetermined = Determination.judgeOffset(sigma: sigma, framePeriod: 1 / framesPerSecond,
                                                                why: "from the rotation rates alone, " + error.reason) {
                    // A clip too still for the camera says so first; the offset's own error follows.
                    if case .tooLittleRotation = error { throw error }
                    throw CalibrationError.offsetUndetermined(offset: offset, undetermined)
                }
                return CalibrationAnswer(rig: .onlyTimeOffset(TimeOffset(seconds: offset), standardErrorSeconds: sigma, reason: error.reason),
                                         offsetAlone: (correlation0, sigma))
            default: throw error
            }
        }
    }

    /// The rig over the pairs `used` (inside the log at the coarse offset `offset0`, focal length `f0` in pixels): the
    /// frame pairs fitted, the pairs a rotation does not explain left out and the fit repeated, then every point through
    /// the lens; each rule the clip fails on the way refuses it.
    private func fitCamera(offset0: Double, f0: Double, textured: [FramePairTracks], all: [FramePairTracks], used: [FramePairTracks],
                           outsideLog: Int, pairCount: Int) throws -> Rig {
        let first = try fitFramePairs(used, offset: offset0, focal: f0)
        // The pairs again, clear of the log's ends at the offset just found.
        let clear = inside(textured, offset: first.offset, margin: Self.edgeMargin)
        let fullPairs = Dictionary(all.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        let weighsAMove = testForAMove(clear, first, fullPairs: fullPairs)
        let (explained, translated) = try leaveOutUnexplainedPairs(clear, first)
        let refitted = refine(first, explained, stage: "refit on the \(explained.count) pairs a rotation explains")
        let rms = try refuseWhatRotationDoesNotExplain(explained, refitted, textured: textured.count)
        try refuseABendingLens(explained, refitted)
        let (points, outcome) = fitPoints(explained, from: refitted, fullPairs: fullPairs, weighsAMove: weighsAMove)
        try refuseWhatAMoveDoesNotExplain(explained, points, outcome, textured: textured.count)
        let errors = standardErrors(outcome, points)
        var summary = fitSummary(explained, outcome.parameters, residualDegreesPerSecond: rms, errorsKnown: errors != nil)
        summary.untextured = pairCount - textured.count
        summary.translated = translated
        summary.outsideLog = outsideLog
        summary.reprojectionPixels = outcome.rmsPixels
        var rig = assembleRig(outcome.parameters, camera: points.camera(outcome.parameters), standardErrors: errors, summary: summary)
        try judgeWhatTheClipDetermines(&rig)
        return rig
    }

    // MARK: - The fit's steps

    /// The first stage: a mount from the pairs' rotation vectors at `offset` (`initialMount`), then offset, focal length,
    /// mount and bias fitted together (`refine`) over the pairs clear of the log's ends. `focal` in pixels, `offset` in seconds.
    private func fitFramePairs(_ pairs: [FramePairTracks], offset: Double, focal: Double) throws -> RigParameters {
        guard let initialCameraFromIMU = initialMount(pairs, focal: focal, offset: offset) else {
            throw CalibrationError.noFit(reason: "no rotation seen")
        }
        let start = RigParameters(offset: offset, logFocal: log(focal), cameraFromIMU: initialCameraFromIMU)
        let clear = inside(pairs, offset: offset, margin: Self.edgeMargin)
        return refine(start, clear, stage: "fit on \(clear.count) frame pairs")
    }

    /// Whether the second stage weighs a camera that moves as well as turns (a car, a drone): a pair's points then do not
    /// move as one rotation, and the second stage fits each point's epipolar line instead (`PointRefinement.translationTest`).
    /// Said in a progress line either way.
    private func testForAMove(_ pairs: [FramePairTracks], _ parameters: RigParameters, fullPairs: [Int: FramePairTracks]) -> Bool {
        // A lens still to be estimated is judged on the points near the picture's centre, where the first stage's
        // pinhole describes it: through the pinhole its edges would miss as a moving camera's points do.
        let estimatesLens = knownCamera == nil && lensModel != .pinhole
        let test = PointRefinement(calibration: self, model: .pinhole, fitsReadout: false,
                                   pairs: pairs.compactMap { fullPairs[$0.index] }.map { estimatesLens ? centralPoints($0) : $0 })
            .translationTest(parameters)
        // The move is told from the turn only where the turn itself is measured (`Determination.cameraPixelsPerPair`), and
        // not while a lens's shape is estimated too: a move's flow and a lens's bending both grow towards the picture's edges,
        // and fitted together they trade (the focal length can run to a tenth of its value with the coefficients
        // bending the picture back).
        let (pixelsPerPair, motionPixels) = imageMotion(pairs, parameters)
        // And a move explains the points only if what it leaves is small beside the picture's motion (the share of
        // `largestResidualShare`): a log of another motion leaves pixels, not a tracker's tenths of one.
        let moveSeen = test.turnAndMove < test.turnOnly && test.noisePixels <= Self.largestResidualShare * motionPixels
        let moves = moveSeen && !estimatesLens && pixelsPerPair >= Determination.cameraPixelsPerPair
        progress(String(format: "the points fit %@ (GRIC, tracking noise %.2f px: a turn alone %.0f, a turn and a move %.0f)%@",
                        moveSeen ? "a camera that moves as well as turns" : "a camera that only turns", test.noisePixels,
                        test.turnOnly, test.turnAndMove,
                        moveSeen && !moves ? (estimatesLens ? "; fitted as a turn alone, as the lens's shape is estimated too"
                                                : String(format: "; fitted as a turn alone, as the picture turns a median %.2f px a frame, "
                                                         + "too little to tell a move from it", pixelsPerPair)) : ""))
        return moves
    }

    /// The pairs a rotation explains, and how many were left out as moved otherwise (translation, mistracking); refused as
    /// `tooFewRotationPairs` when fewer than `minimumTracks` are kept. A pair is left out where its own best rotation misses
    /// its points by more than `maximumReprojectionPixels`, so that a moving camera's pairs pass unless a move dominates
    /// them. A lens to be estimated bends even the picture's centre a little, and this stage's pinhole then misses by
    /// more: it keeps pairs up to three times the median miss (the point stage sorts the points). Of those kept, a pair
    /// whose residual at `parameters` is over 5 times the median (`Median.within`) is left out too.
    private func leaveOutUnexplainedPairs(_ pairs: [FramePairTracks], _ parameters: RigParameters) throws
        -> (explained: [FramePairTracks], translated: Int) {
        let misses = pairs.map { reprojectionRMS($0, focal: exp(parameters.logFocal)) }
        let estimatesLens = lensModel != .pinhole && knownCamera == nil
        let missLimit = max(Self.maximumReprojectionPixels, estimatesLens ? 3 * (Median.of(misses) ?? 0) : 0)
        let rotating = zip(pairs, misses).filter { $0.1 <= missLimit }.map(\.0)
        let near = Median.within(rotating.map { residual($0, parameters).length }, factor: 5, floor: 1e-4)
        let explained = zip(rotating, near).filter(\.1).map(\.0)
        guard explained.count >= Self.minimumTracks else { throw CalibrationError.tooFewRotationPairs(explained.count) }
        return (explained, pairs.count - rotating.count)
    }

    /// The residual's RMS over `pairs` at `parameters`, °/s; refused as `unexplained` where it is more than
    /// `largestResidualShare` of the motion's RMS rate, or where the pairs are under two fifths of the `textured` ones.
    private func refuseWhatRotationDoesNotExplain(_ pairs: [FramePairTracks], _ parameters: RigParameters, textured: Int) throws -> Double {
        let squares = pairs.map { r -> Double in let e = residual(r, parameters); return (e * e).sum() }
        let rms = Angle.degrees(fromRadians: (squares.reduce(0, +) / Double(pairs.count)).squareRoot() * framesPerSecond)
        let motion = Angle.degrees(fromRadians: (pairs.map { p -> Double in let r = imuRotation(p, offset: parameters.offset); return (r * r).sum() }
            .reduce(0, +) / Double(pairs.count)).squareRoot() * framesPerSecond)
        if rms > Self.largestResidualShare * motion || 5 * pairs.count < 2 * textured {
            throw CalibrationError.unexplained(residualDegreesPerSecond: rms, motionDegreesPerSecond: motion, used: pairs.count,
                                               textured: textured)
        }
        return rms
    }

    /// A pinhole fit refused as `fieldOfViewUndetermined` where the picture's edges and its centre disagree on how far the
    /// camera turned by more than `largestEdgeDifference` (`edgeToCentreRatio`): a lens that bends the picture. Said in a
    /// progress line where the ratio is measured.
    private func refuseABendingLens(_ pairs: [FramePairTracks], _ parameters: RigParameters) throws {
        guard knownCamera == nil, lensModel == .pinhole, let ratio = edgeToCentreRatio(pairs, parameters) else { return }
        progress(String(format: "the picture's edges turn %.1f%% as much as its centre", ratio * 100))
        guard abs(ratio - 1) > Self.largestEdgeDifference else { return }
        throw CalibrationError.fieldOfViewUndetermined(
            degrees: pinhole(focal: exp(parameters.logFocal)).verticalFieldOfViewDegrees, standardErrorPercent: nil,
            lens: String(format: "the lens bends the picture: seen through a pinhole, its edges turn %.0f%% %@ than its centre, "
                         + "so no one focal length describes it", abs(ratio - 1) * 100,
                         ratio < 1 ? "less" : "more"))
    }

    /// The second stage: every tracked point of `pairs` at its row's time, through the lens (`PointRefinement`), from the
    /// first stage's `parameters`. With `weighsAMove`, a camera that moves as well as turns is fitted too, and kept where
    /// GRIC still prefers it with each model at its own best.
    private func fitPoints(_ pairs: [FramePairTracks], from parameters: RigParameters, fullPairs: [Int: FramePairTracks],
                           weighsAMove: Bool) -> (points: PointRefinement, outcome: PointRefinement.Outcome) {
        let refinement = PointRefinement(calibration: self, model: knownCamera == nil ? lensModel : .pinhole, fitsReadout: fitsReadout,
                                         pairs: pairs.compactMap { fullPairs[$0.index] })
        var start = parameters
        start.lensCoefficients = startingCoefficients(count: refinement.model.coefficientCount)
        var points = refinement
        let outcome = points.fit(start, progress: progress)
        guard weighsAMove else { return (points, outcome) }
        // Each model at its own best: the turn alone (its lens and readout fitted too, which the first stage's test
        // could not) against the turn and a move, judged again by GRIC on the same points and noise.
        var moving = refinement
        moving.translates = true
        let movingOutcome = moving.fit(start, progress: progress)
        let noise = refinement.translationTest(movingOutcome.parameters).noisePixels
        let turnOnly = refinement.translationTest(outcome.parameters, noisePixels: noise).turnOnly
        let turnAndMove = refinement.translationTest(movingOutcome.parameters, noisePixels: noise).turnAndMove
        let movesStill = turnAndMove < turnOnly
        progress(String(format: "each fitted, the points fit %@ (GRIC, tracking noise %.2f px: a turn alone %.0f, a turn and a move %.0f)",
                        movesStill ? "a camera that moves as well as turns" : "a camera that only turns", noise, turnOnly, turnAndMove))
        return movesStill ? (moving, movingOutcome) : (points, outcome)
    }

    /// Where the lens's estimate starts: the starting camera's coefficients where its lens is of the model estimated (`count`
    /// of them), else none (zeros).
    func startingCoefficients(count: Int) -> [Double] {
        let zeros = [Double](repeating: 0, count: count)
        guard count > 0, let lens = startingCamera?.lens, lens.modelName == lensModel.lens(zeros).modelName,
              lens.coefficients.count >= count else { return zeros }
        return Array(lens.coefficients.prefix(count))
    }

    /// A turn and a free move explain much: what they still leave must be small beside the picture's motion
    /// (`largestResidualShare`), or the log does not record this clip's motion; refused as `unexplained` otherwise. The
    /// first stage's test of the same rule (`refuseWhatRotationDoesNotExplain`), which a moving camera skips.
    private func refuseWhatAMoveDoesNotExplain(_ pairs: [FramePairTracks], _ points: PointRefinement, _ outcome: PointRefinement.Outcome,
                                               textured: Int) throws {
        guard points.translates else { return }
        let parameters = outcome.parameters
        let motionPixels = imageMotion(pairs, parameters).rms
        if outcome.rmsPixels > Self.largestResidualShare * motionPixels {
            let perSecond = Angle.degrees(fromRadians: framesPerSecond / exp(parameters.logFocal))
            throw CalibrationError.unexplained(residualDegreesPerSecond: outcome.rmsPixels * perSecond,
                                               motionDegreesPerSecond: motionPixels * perSecond, used: pairs.count, textured: textured)
        }
    }

    /// The second stage's standard errors, nil where the offset's is not known; a progress line says how much the
    /// residuals' correlation widened them.
    private func standardErrors(_ outcome: PointRefinement.Outcome, _ points: PointRefinement) -> RigStandardErrors? {
        progress(String(format: "the residuals of neighbouring pairs repeat one another: standard errors widened %.2f times",
                        outcome.correlationInflation.squareRoot()))
        let errors = outcome.standardErrors
        func error(_ block: ParameterBlock, _ index: Int = 0) -> Double? { errors[ParameterSlot(block: block, index: index)] }
        return error(.offset).map { offsetError in
            RigStandardErrors(timeOffsetSeconds: offsetError,
                              verticalFieldOfViewFraction: outcome.fieldOfViewFraction ?? (knownCamera == nil ? .infinity : 0),
                              mountDegrees: Angle.degrees(fromRadians: SIMD3((0..<3).map { error(.mount, $0) ?? .infinity })),
                              readoutSeconds: fitsReadout ? error(.readout) : nil,
                              lensCoefficients: points.model.coefficientCount > 0 && knownCamera == nil
                                  ? (0..<points.model.coefficientCount).map { error(.lens, $0) ?? .infinity } : nil,
                              gyroBiasRadiansPerSecond: SIMD3((0..<3).map { error(.gyroBias, $0) ?? .infinity }))
        }
    }

    /// What the fit rests on: the residual (°/s), the pairs used, how far the camera turned about its x, y and z axes over
    /// them, and the median picture motion; where the errors are not known, a warning of an axis the motion hardly turned.
    private func fitSummary(_ pairs: [FramePairTracks], _ parameters: RigParameters, residualDegreesPerSecond rms: Double,
                            errorsKnown: Bool) -> RigFitSummary {
        var turnedAboutCamera = SIMD3<Double>.zero
        for pair in pairs {
            let r = parameters.cameraFromIMU.rotate(imuRotation(pair, offset: parameters.offset))
            turnedAboutCamera += SIMD3(abs(r.x), abs(r.y), abs(r.z))
        }
        var summary = RigFitSummary(residualDegreesPerSecond: rms, framesUsed: pairs.count, framesTotal: frameCount,
                                    warning: errorsKnown ? "" : excitationWarning(pairs, offset: parameters.offset),
                                    turnedDegrees: Angle.degrees(fromRadians: turnedAboutCamera))
        summary.medianPixelsPerPair = imageMotion(pairs, parameters).median
        return summary
    }

    /// The rig `parameters` give through `camera`: the mount turned into the device's frame, the offset on the clip's clock.
    private func assembleRig(_ parameters: RigParameters, camera: LensCamera, standardErrors: RigStandardErrors?,
                             summary: RigFitSummary) -> Rig {
        let deviceFromIMU = CameraFrame.cameraFromDevice.conjugate * parameters.cameraFromIMU
        return Rig(camera: camera, deviceFromIMU: deviceFromIMU.normalized() ?? deviceFromIMU,
                   timeOffset: TimeOffset(seconds: parameters.offset, clock: .clip, refersTo: fitsReadout ? .middleRow : .frame),
                   readoutSeconds: fitsReadout ? parameters.readout : nil, gyroBiasRadiansPerSecond: parameters.gyroBias,
                   standardErrors: standardErrors, fit: summary)
    }

    /// Which numbers the clip determines, judged once for every path (`Determination`), the mount put in its canonical
    /// form; an offset it does not determine refuses the whole (`offsetUndetermined`).
    private func judgeWhatTheClipDetermines(_ rig: inout Rig) throws {
        Determination.judge(&rig, framePeriod: 1 / framesPerSecond, fitsCamera: knownCamera == nil)
        if let canonical = rig.cameraAndMount?.deviceFromIMUCanonical { rig.cameraAndMount?.deviceFromIMU = canonical }
        if let offset = rig.undetermined.first(where: { $0.quantity == .timeOffset }) {
            throw CalibrationError.offsetUndetermined(offset: rig.timeOffset.seconds, offset)
        }
    }

    // MARK: - Model

    /// The pinhole of focal length `focal` (pixels) with its principal point at the picture's centre: the first stage's
    /// camera when none is known.
    func pinhole(focal: Double) -> PinholeCamera { PinholeCamera(focalLength: focal, size: size) }

    /// The log time of frame `k` at the time offset `offset` (its middle row's), by the time rule (`Timeline`); `rowTime`
    /// adds the readout's share for a row.
    func logTime(ofFrame k: Int, timeOffsetSeconds: Double) -> Double {
        Timeline(timeOffsetSeconds: timeOffsetSeconds, hasVideo: true).logTime(videoTime: frameTimes[k])
    }

    /// Why frame times cannot be used, or nil: each must be finite and later than the one before.
    public static func problem(frameTimes: [Double]) -> String? {
        for (k, t) in frameTimes.enumerated() {
            guard t.isFinite else { return "frame \(k) has no time" }
            if k > 0, t <= frameTimes[k - 1] {
                return String(format: "frame %d's time %.6f s is not after frame %d's %.6f s", k, t, k - 1, frameTimes[k - 1])
            }
        }
        return nil
    }

    /// The pairs whose interval, moved by `offset`, lies inside the log and across no gap in it.
    func inside(_ tracks: [FramePairTracks], offset: Double, margin: Double = 0) -> [FramePairTracks] {
        tracks.filter {
            let (a, b) = (logTime(ofFrame: $0.index, timeOffsetSeconds: offset), logTime(ofFrame: $0.index + 1, timeOffsetSeconds: offset))
            return a - margin >= 0 && b + margin <= gyro.duration && !spansGap(from: a, to: b)
        }
    }

    /// A step between gyroscope samples longer than this many of the log's typical steps, and longer than half the frame
    /// interval it falls in, is a gap: the motion over it is unknown (samples the camera dropped, or a reader skipped as
    /// not finite), and the rotation across it would be a guess, pulling the offset by several milliseconds. A pair
    /// across one is not fitted. A sample or three dropped, and a phone's jitter, are not gaps.
    static let gapSteps = 4.0

    /// True when the gyroscope has a gap (`gapSteps`) within [a, b], log time.
    func spansGap(from a: Double, to b: Double) -> Bool {
        gyro.longestStep(from: a, to: b) > max(Self.gapSteps * gyro.typicalStep, (b - a) / 2)
    }

    /// How far the camera turned about its x and y axes as seen by the points near the picture's edges,
    /// over as seen by those near its centre, through a pinhole of `focal`: 1 for a pinhole lens; below 1
    /// for a barrel lens (its edges are squeezed), above for a pincushion. Only pairs whose turn about x
    /// and y moves the picture by 3 px or more count, so that the turn outweighs what translation and
    /// tracking add at the edges. Nil when too few pairs have points in both regions.
    func edgeToCentreRatio(_ pairs: [FramePairTracks], _ parameters: RigParameters) -> Double? {
        let focal = exp(parameters.logFocal)
        let camera = pinhole(focal: focal)
        let cx = camera.cx, cy = camera.cy
        let halfDiagonal = (cx * cx + cy * cy).squareRoot()
        let ray = camera.ray(pixel:)
        var centre = 0.0, edge = 0.0, counted = 0
        for pair in pairs {
            let turn = parameters.cameraFromIMU.rotate(imuRotation(pair, offset: parameters.offset))
            guard (turn.x * turn.x + turn.y * turn.y).squareRoot() * focal >= 3 else { continue }
            var inner: ([SIMD3<Double>], [SIMD3<Double>]) = ([], []), outer: ([SIMD3<Double>], [SIMD3<Double>]) = ([], [])
            for (a, b) in zip(pair.from, pair.to) {
                let rho = ((a.x - cx) * (a.x - cx) + (a.y - cy) * (a.y - cy)).squareRoot() / halfDiagonal
                if rho < 0.4 { inner.0.append(ray(a)); inner.1.append(ray(b)) }
                if rho > 0.65 { outer.0.append(ray(a)); outer.1.append(ray(b)) }
            }
            guard inner.0.count >= 8, outer.0.count >= 8,
                  let qi = RotationFit.wahba(from: inner.0, to: inner.1), let qo = RotationFit.wahba(from: outer.0, to: outer.1) else { continue }
            let vi = qi.rotationVector, vo = qo.rotationVector
            centre += (vi.x * vi.x + vi.y * vi.y).squareRoot()
            edge += (vo.x * vo.x + vo.y * vo.y).squareRoot()
            counted += 1
        }
        guard counted >= Self.minimumTracks, centre > 0 else { return nil }
        return edge / centre
    }

    /// Seconds kept clear of the log's ends when choosing the pairs to fit: a pair that reaches past the
    /// log at the true offset, but not at the coarse one, would read a gyroscope that is not there and
    /// pull the fit towards the coarse offset.
    static let edgeMargin = 0.05

    /// The camera's rotation from frame k to k + 1 as a rotation vector in C: rays of frame k turned into rays of frame k + 1.
    func cameraRotation(_ pair: FramePairTracks, focal: Double) -> SIMD3<Double> {
        if knownCamera != nil {
            guard let rays = knownRays[pair.index], let q = RotationFit.wahba(from: rays.from, to: rays.to) else { return .zero }
            return q.rotationVector
        }
        let camera = pinhole(focal: focal)
        guard let q = RotationFit.wahba(from: pair.from.map(camera.ray(pixel:)), to: pair.to.map(camera.ray(pixel:))) else { return .zero }
        return q.rotationVector
    }

    /// The gyroscope's rotation over pair k's interval, moved by `offset`, in S.
    func imuRotation(_ pair: FramePairTracks, offset: Double) -> SIMD3<Double> {
        gyro.rotation(from: logTime(ofFrame: pair.index, timeOffsetSeconds: offset), to: logTime(ofFrame: pair.index + 1, timeOffsetSeconds: offset))
    }

    /// Pixels a frame pair moves the picture's centre, at `p`'s offset and focal length: the median and the RMS over `pairs`
    /// of the gyroscope's angle per pair times the focal length.
    func imageMotion(_ pairs: [FramePairTracks], _ p: RigParameters) -> (median: Double, rms: Double) {
        let angles = pairs.map { imuRotation($0, offset: p.offset).length }
        guard let median = Median.of(angles) else { return (0, 0) }
        let focal = exp(p.logFocal)
        // Squares summed smallest first, which loses least to rounding.
        let squares = angles.sorted().map { $0 * $0 }
        return (median * focal, (squares.reduce(0, +) / Double(angles.count)).squareRoot() * focal)
    }

    /// Points turn opposite to the camera: rays rotate by M·exp(-θ_S)·M⁻¹, so θ_C = -M·θ_S, with θ_S the
    /// gyroscope's rotation less its bias over the interval.
    func residual(_ pair: FramePairTracks, _ p: RigParameters) -> SIMD3<Double> {
        residual(camera: cameraRotation(pair, focal: exp(p.logFocal)), pair, p)
    }

    func residual(camera: SIMD3<Double>, _ pair: FramePairTracks, _ p: RigParameters) -> SIMD3<Double> {
        camera + turn(from: logTime(ofFrame: pair.index, timeOffsetSeconds: p.offset), to: logTime(ofFrame: pair.index + 1, timeOffsetSeconds: p.offset), p)
    }

    /// The body's turn from log time `a` to `b` (seconds), less the gyroscope's bias, as a rotation vector
    /// in the camera's frame C: M·(θ_S − bias·(b − a)). Fixed points' rays turn by minus it.
    func turn(from a: Double, to b: Double, _ p: RigParameters) -> SIMD3<Double> {
        p.cameraFromIMU.rotate(gyro.rotation(from: a, to: b) - p.gyroBias * (b - a))
    }

    /// RMS pixels by which the best rotation for this focal length misses the tracked points: each point's ray
    /// through the camera (the known one, or the centred pinhole of `focal`) turned, projected, and compared with
    /// where it was tracked.
    func reprojectionRMS(_ pair: FramePairTracks, focal: Double) -> Double {
        let q = Quaternion(rotationVector: cameraRotation(pair, focal: focal))
        let camera = knownCamera ?? LensCamera(pinhole: pinhole(focal: focal), lens: .pinhole)
        var sum = 0.0, count = 0
        for (a, b) in zip(pair.from, pair.to) {
            guard let ray = camera.ray(pixel: a) else { continue }
            guard let p = camera.project(q.rotate(ray)) else { return .infinity }
            sum += ((p - b) * (p - b)).sum()
            count += 1
        }
        return (sum / Double(max(count, 1))).squareRoot()
    }

    // MARK: - Steps

    /// The offset in [from, to] whose gyroscope angles correlate best with the camera's, and the best of the other
    /// peaks of the correlation (a local maximum apart from the best's), if any: a motion that repeats itself (a
    /// swing back and forth) correlates about as well one period, or half of one, away.
    func searchOffset(_ tracks: [FramePairTracks], focal: Double, from: Double, to: Double, step: Double) throws
        -> (offset: Double, correlation: Double, otherPeak: (offset: Double, correlation: Double)?) {
        let angles = Dictionary(uniqueKeysWithValues: tracks.map { ($0.index, cameraRotation($0, focal: focal).length) })
        let needed = max(Self.minimumTracks, tracks.count / 2)
        var scores: [(offset: Double, score: Double)] = []
        // from + k·step, never a running sum: a sum stops moving where a step is below a double's resolution.
        // The readers bound every time (`TimeBounds`), so the count is finite; the clamp only keeps Int() safe.
        let steps = ((to - from) / step + 1e-6).rounded(.down)
        for k in 0...(steps.isFinite ? Int(min(max(0, steps), 1e9)) : 0) {
            let offset = from + Double(k) * step
            let overlapping = inside(tracks, offset: offset)
            guard overlapping.count >= needed else {
                scores.append((offset, -.infinity))
                continue
            }
            let a = overlapping.map { angles[$0.index]! }
            let b = overlapping.map { imuRotation($0, offset: offset).length }
            scores.append((offset, correlation(a, b)))
        }
        guard let best = scores.indices.max(by: { scores[$0].score < scores[$1].score }), scores[best].score > -.infinity else {
            throw CalibrationError.noTimeOverlap(videoSeconds: Double(frameCount) / framesPerSecond, logSeconds: gyro.duration,
                                                 searchRange: searchRange)
        }
        // The peaks: local maxima of the correlation over the offsets searched, the best's own excepted.
        let peaks = scores.indices.filter { k in
            k != best && scores[k].score > -.infinity && (k == 0 || scores[k - 1].score < scores[k].score)
                && (k == scores.count - 1 || scores[k + 1].score <= scores[k].score)
        }
        let other = peaks.max { scores[$0].score < scores[$1].score }.map { (scores[$0].offset, scores[$0].score) }
        return (scores[best].offset, scores[best].score, other)
    }

    /// The most offsets the wide search weighs pairs at (offsets times pairs); past it its step grows.
    static let wideSearchBudget = 40_000_000.0

    /// Every offset at which at least half the pairs lie inside the log, searched cheaply: each pair's gyroscope angle
    /// is the integral of the rate's magnitude over its interval (a difference of one running integral, sampled every
    /// millisecond, at most 10^7 times), correlated with the camera's angles as `searchOffset` does, in steps of 5 ms (more when the
    /// offsets times the pairs would pass `wideSearchBudget`). The integral of the magnitude equals the rotation's
    /// angle when the axis holds still over a frame, and is near it otherwise: enough to find the peak, which
    /// `searchOffset` then measures exactly. Returns the best offset, its step and the best other peak.
    func wideOffsetSearch(_ tracks: [FramePairTracks], focal: Double) throws
        -> (offset: Double, step: Double, otherPeak: (offset: Double, correlation: Double)?) {
        guard let firstFrame = frameTimes.first, let lastFrame = frameTimes.last else {
            throw CalibrationError.clipTooShort(frames: frameCount, seconds: 0)
        }
        let from = -lastFrame, to = gyro.duration - firstFrame
        progress(String(format: "searching every offset at which the clip lies inside the log: %.2f to %.2f s", from, to))
        let angles = tracks.map { cameraRotation($0, focal: focal).length }
        // A millisecond, or coarser for a log over about 3 hours: at most 10^7 samples of the running integral.
        let resolution = max(0.001, gyro.duration / 1e7)
        let count = Int((gyro.duration / resolution).rounded(.up)) + 2
        var integral = [Double](repeating: 0, count: count)
        var previous = gyro.rate(at: 0).length
        for k in 1..<count {
            let rate = gyro.rate(at: Double(k) * resolution).length
            integral[k] = integral[k - 1] + (previous + rate) / 2 * resolution
            previous = rate
        }
        func running(_ t: Double) -> Double {
            let x = min(max(t / resolution, 0), Double(count - 1))
            let k = min(Int(x), count - 2)
            return integral[k] + (integral[k + 1] - integral[k]) * (x - Double(k))
        }
        let step = max(0.005, (to - from) * Double(tracks.count) / Self.wideSearchBudget)
        let needed = max(Self.minimumTracks, tracks.count / 2)
        var scores: [(offset: Double, score: Double)] = []
        let steps = Int(((to - from) / step).rounded(.down))
        for k in 0...max(steps, 0) {
            let offset = from + Double(k) * step
            var a: [Double] = [], b: [Double] = []
            for (pair, angle) in zip(tracks, angles) {
                let t0 = logTime(ofFrame: pair.index, timeOffsetSeconds: offset), t1 = logTime(ofFrame: pair.index + 1, timeOffsetSeconds: offset)
                guard t0 >= 0, t1 <= gyro.duration else { continue }
                a.append(angle)
                b.append(running(t1) - running(t0))
            }
            scores.append((offset, a.count >= needed ? correlation(a, b) : -.infinity))
        }
        guard let best = scores.indices.max(by: { scores[$0].score < scores[$1].score }), scores[best].score > -.infinity else {
            throw CalibrationError.noTimeOverlap(videoSeconds: Double(frameCount) / framesPerSecond, logSeconds: gyro.duration,
                                                 searchRange: nil)
        }
        let peaks = scores.indices.filter { k in
            scores[k].score > -.infinity
                && (k == 0 || scores[k - 1].score < scores[k].score) && (k == scores.count - 1 || scores[k + 1].score <= scores[k].score)
        }
        // A motion that repeats itself correlates nearly as well a period away: a peak whose unexplained share is under
        // twice the best's (`ambiguity`'s test, with the best's share taken as at least 1 %: exact data correlates to
        // 0.9999 at every period) rivals it. Of the rivals the one nearest the clocks' own offset (0: both started
        // together) is taken, as a search of ±1 s about it would have, and that is said.
        let floor = max(1 - scores[best].score, 0.01)
        let rivals = peaks.filter { 1 - scores[$0].score < 2 * floor }
        let chosen = rivals.min { abs(scores[$0].offset - searchCentre) < abs(scores[$1].offset - searchCentre) } ?? best
        if chosen != best {
            progress(String(format: "the rates correlate nearly as well at %.3f s (r = %.3f) as at %.3f s (r = %.3f): a motion that repeats "
                            + "itself; taking the offset nearest %.3f s", scores[chosen].offset, scores[chosen].score,
                            scores[best].offset, scores[best].score, searchCentre))
        }
        // The best other peak lies clear of the chosen one's own (more than three steps and 50 ms away).
        let clear = max(3 * step, 0.05)
        let other = peaks.filter { abs(scores[$0].offset - scores[chosen].offset) > clear }
            .max { scores[$0].score < scores[$1].score }.map { (scores[$0].offset, scores[$0].score) }
        return (scores[chosen].offset, step, other)
    }

    /// Why an offset found from the rotation rates alone is not determined although its standard error is small:
    /// another peak of the correlation explains the rates nearly as well (its unexplained share under twice the
    /// best's). Nil when the best peak stands alone.
    static func ambiguity(best: Double, correlation: Double, otherPeak: (offset: Double, correlation: Double)?) -> String? {
        guard let otherPeak, 1 - otherPeak.correlation < 2 * (1 - correlation) else { return nil }
        return String(format: "the rotation rates correlate nearly as well at %.4f s (r = %.3f) as at %.4f s (r = %.3f): a motion that "
                      + "repeats itself; turn the camera irregularly", otherPeak.offset, otherPeak.correlation, best, correlation)
    }

    /// The offset from the rotation rates alone, with its standard error (seconds): least squares of the gyroscope's
    /// rotation angle per pair at the offset against the camera's, scaled and shifted (the line whose fit the
    /// correlation of `searchOffset` measures, so that both look for one optimum), iterated to convergence from
    /// `start`. Neither the mount nor the lens changes an angle's timing, so this stands where the camera model does
    /// not describe the picture. The standard error is the fit's, its residuals' variance grown by their correlation.
    func offsetFromRates(_ tracks: [FramePairTracks], focal: Double, start: Double) -> (offset: Double, standardError: Double) {
        let used = inside(tracks, offset: start, margin: Self.edgeMargin)
        let camera = used.map { cameraRotation($0, focal: focal).length }
        guard let fit = fitRates(used, camera: camera, start: start) else { return (start, .infinity) }
        guard let (inverse, variance) = CovarianceEstimate.covariance(columns: fit.columns, residuals: fit.residuals,
                                                                      inflation: CovarianceEstimate.correlationInflation(fit.residuals, width: 1)),
              inverse[0][0] >= 0 else { return (fit.offset, .infinity) }
        return (fit.offset, (variance * inverse[0][0]).squareRoot())
    }

    /// `offsetFromRates`'s least squares over `pairs` (with the camera's angles `camera`), from `start` (`DampedGaussNewton`,
    /// undamped, each step's offset held within `rateFitLargestOffsetStep`): the offset, and at it the residuals and the
    /// Jacobian's columns (offset, scale, shift). Nil when the normal equations do not solve at the start.
    private func fitRates(_ pairs: [FramePairTracks], camera: [Double], start: Double)
        -> (offset: Double, residuals: [Double], columns: [[Double]])? {
        let step = 1e-4
        func gyroAngles(_ offset: Double) -> [Double] { pairs.map { imuRotation($0, offset: offset).length } }
        // The unknowns: offset, scale, shift; the cache, the gyroscope's angles at the offset.
        var problem = LeastSquaresProblem<[Double], [Double]>(
            residuals: { x in
                let gyro = gyroAngles(x[0])
                return (zip(camera, gyro).map { x[1] * $0 + x[2] - $1 }, gyro)
            },
            columns: { x, _, gyro in
                [zip(gyroAngles(x[0] + step), gyro).map { -($0 - $1) / step }, camera, [Double](repeating: 1, count: pairs.count)]
            })
        let largest = Self.rateFitLargestOffsetStep
        problem.moved = { x, delta in [x[0] + max(-largest, min(largest, delta[0])), x[1] + delta[1], x[2] + delta[2]] }
        let solver = DampedGaussNewton(iterations: Self.rateFitIterations, damping: .none, stop: .stepBelow(1e-6, groups: [[0]]))
        let fit = solver.solve(problem, from: [start, 1, 0])
        if fit.singular && fit.steps == 0 { return nil }
        return (fit.point[0], fit.residuals, problem.columns(fit.point, fit.residuals, gyroAngles(fit.point[0])))
    }

    /// Gauss-Newton steps at most for `fitRates`. Its valley can be flat along the offset, where each step moves it
    /// a fraction of a millisecond: the fit runs until the step is under a microsecond, not a fixed handful of steps.
    static let rateFitIterations = 200
    /// Seconds: the most one step of `fitRates` moves the offset; the angles' differences are a line in it only nearby.
    static let rateFitLargestOffsetStep = 0.005

    /// A first C-from-S rotation (v_C = M·v_S) from the pairs' rotation vectors; `focal` in pixels, `offset` in seconds.
    /// About an axis the motion leaves free (a clip that turned about one axis), Wahba's problem has no answer of its
    /// own; the IMU's axes as the device's, weighted at a hundredth of the motion, choose the one nearest that
    /// (`Determination`'s rule for an undetermined axis), where an arbitrary one would start the fit in a wrong basin.
    func initialMount(_ tracks: [FramePairTracks], focal: Double, offset: Double) -> Quaternion? {
        var imu = tracks.map { -imuRotation($0, offset: offset) }
        var camera = tracks.map { cameraRotation($0, focal: focal) }
        let weight = (0.01 * imu.map { ($0 * $0).sum() }.reduce(0, +) / 3).squareRoot()
        for axis in [SIMD3<Double>(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)] where weight > 0 {
            imu.append(axis * weight)
            camera.append(CameraFrame.cameraFromDevice.rotate(axis) * weight)
        }
        return RotationFit.wahba(from: imu, to: camera)
    }

    /// The first stage: offset, log focal (unless the camera is known), mount and gyroscope bias fitted to each pair's
    /// rotation by least squares (`DampedGaussNewton`), with the bias's prior (`gyroBiasPriorRadiansPerSecond`).
    /// `stage` names the fit in the progress lines, whose steps count from 1 within it.
    func refine(_ start: RigParameters, _ tracks: [FramePairTracks], stage: String) -> RigParameters {
        // The camera's rotations depend on the focal length alone: computed once per focal length tried.
        var cameraRotations: [Double: [SIMD3<Double>]] = [:]
        func residuals(_ p: RigParameters) -> [Double] {
            let rotations = cameraRotations[p.logFocal] ?? tracks.map { cameraRotation($0, focal: exp(p.logFocal)) }
            if cameraRotations.count > 8 { cameraRotations.removeAll() }
            cameraRotations[p.logFocal] = rotations
            var out: [Double] = []
            out.reserveCapacity(3 * tracks.count)
            for (pair, camera) in zip(tracks, rotations) {
                let r = residual(camera: camera, pair, p)
                out += [r.x, r.y, r.z]
            }
            return out
        }
        let problem = RigProblem<Void>(
            slots: ParameterSlot.layout(fitsFocal: knownCamera == nil),
            differenceStep: { block in
                switch block {
                case .offset: return 1e-4
                case .logFocal, .gyroBias, .readout, .lens: return 1e-5
                case .mount: return 1e-6
                }
            },
            evaluate: { p, _ in (residuals(p), ()) }, groupWidth: 3)
        let solver = DampedGaussNewton(iterations: 30, damping: .levenberg(tries: 6), stop: problem.stepBelow(1e-6))
        return problem.solve(by: solver, from: start) { p, r, step in
            progress(String(format: "%@, step %d: offset %.4f s, vertical fov %.2f°, gyroscope bias %.3f°/s, residual %.3f°/s", stage, step,
                            p.offset, pinhole(focal: exp(p.logFocal)).verticalFieldOfViewDegrees, Angle.degrees(fromRadians: p.gyroBias.length),
                            Angle.degrees(fromRadians: (DampedGaussNewton.squares(r) / Double(max(tracks.count, 1))).squareRoot() * framesPerSecond)))
        }
    }

    /// A warning when the rotations leave an axis of S nearly unturned.
    func excitationWarning(_ tracks: [FramePairTracks], offset: Double) -> String {
        var scatter = [[Double]](repeating: [0, 0, 0], count: 3)
        for pair in tracks {
            let r = imuRotation(pair, offset: offset)
            for i in 0..<3 { for j in 0..<3 { scatter[i][j] += r[i] * r[j] } }
        }
        let (values, vectors) = RotationFit.symmetricEigen(scatter)
        guard values[0] > 0, (max(values[2], 0) / values[0]).squareRoot() < 0.1 else { return "" }
        let axis = String(format: "(%.2f, %.2f, %.2f)", vectors[0][2], vectors[1][2], vectors[2][2])
        return "the motion hardly turned about the IMU's axis \(axis): the mount's rotation about it is uncertain; "
            + "record again turning about every axis"
    }
}

/// Pearson's correlation of two equally long series; -1 when either is constant.
func correlation(_ a: [Double], _ b: [Double]) -> Double {
    let n = Double(a.count)
    let ma = a.reduce(0, +) / n, mb = b.reduce(0, +) / n
    var sab = 0.0, saa = 0.0, sbb = 0.0
    for (x, y) in zip(a, b) {
        sab += (x - ma) * (y - mb); saa += (x - ma) * (x - ma); sbb += (y - mb) * (y - mb)
    }
    guard saa > 0, sbb > 0 else { return -1 }
    return sab / (saa * sbb).squareRoot()
}
