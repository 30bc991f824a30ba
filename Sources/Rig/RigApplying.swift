import AttitudeMath
import Camera
import Foundation

// MARK: - What to draw with: one rule

extension Rig {
    /// Applies a calibration's rig read from `path` (`Rig.read`), or none, and what the user `given` beside it, to an
    /// attitude source timed by `clock` (a clip or a log; live imud): the one rule for what is drawn with.
    ///
    /// An option given for what the file determines is refused (`RigOverrides.givenTwice`), and so is a file whose
    /// time offset is undetermined. What the file leaves undetermined (and a file read has not: `Rig.read`) is drawn with
    /// what is given beside it, else the default pinhole or the identity mount, and said in one line each; a mount undetermined about some axes is
    /// said too. A bias written is applied whatever else is undetermined. The file's offset applies to a source on its
    /// own clock (`TimeOffset.seconds(pairing:)`); on the other it is said and not applied; a live source's given
    /// offset replaces the file's.
    public static func apply(_ calibration: (rig: Rig, path: String)?, given: RigOverrides,
                             clock: TimeOffset.Clock) throws(RigApplyingError) -> AppliedRig {
        guard let (rig, path) = calibration else {
            return AppliedRig(camera: .given(given.camera), mount: Self.drawingMount(given.mount),
                              timeOffset: given.timeOffsetSeconds.map { TimeOffset(seconds: $0, clock: clock) }, gyroBiasRadiansPerSecond: nil,
                              notes: [])
        }
        if let field = given.givenTwice(with: rig, clock: clock) { throw .givenTwice(path: path, given: given, field: field) }
        if let refusal = rig.refusal(toServeAs: .timeOffset) {
            throw .undetermined(path: path, quantity: .timeOffset, refusal: refusal)
        }
        // Drawing's one choice of camera: the file's where it determines one, else the one given (`none`: the default pinhole).
        let camera: AppliedRig.DrawingCamera = if rig.determines(.camera), let filesCamera = rig.camera {
            .theFiles(filesCamera, path: path)
        } else {
            .given(given.camera)
        }
        let mount: AppliedRig.DrawingMount = if rig.determines(.mount), let filesMount = rig.deviceFromIMU {
            .theFiles(filesMount)
        } else {
            drawingMount(given.mount)
        }
        var applied = AppliedRig(camera: camera, mount: mount, timeOffset: nil, gyroBiasRadiansPerSecond: rig.gyroBiasRadiansPerSecond, notes: [])
        applied.notes = undeterminedNotes(rig, path: path, given: given)
        if clock == .live, let seconds = given.timeOffsetSeconds {
            applied.timeOffset = TimeOffset(seconds: seconds, clock: .live)
        } else if rig.timeOffset.seconds(pairing: clock) != nil {
            applied.timeOffset = rig.timeOffset
            if clock == .live { applied.notes.append(RigNote(.liveOffsetApplied(path: path, seconds: rig.timeOffset.seconds))) }
        } else if let note = otherClocksOffsetNote(rig.timeOffset, path: path, sourceClock: clock) {
            applied.notes.append(note)
        }
        return applied
    }

    /// The mount drawn with when the one `given` draws.
    private static func drawingMount(_ given: GivenMount) -> AppliedRig.DrawingMount {
        given.deviceFromIMU.map { .given($0) } ?? .none
    }

    /// How what the file leaves undetermined is drawn: the camera and the whole mount (info), a mount about some axes
    /// (warning).
    private static func undeterminedNotes(_ rig: Rig, path: String, given: RigOverrides) -> [RigNote] {
        var notes: [RigNote] = []
        if !rig.determines(.camera) { notes.append(RigNote(.cameraUndetermined(path: path, drawnWith: given.camera))) }
        if !rig.determines(.mount) {
            notes.append(RigNote(.mountUndetermined(path: path, drawnWith: given.mount)))
        } else {
            // A mount undetermined about every axis is not written at all, and the line above says how it is drawn.
            let loose = CameraAxis.allCases.filter { !rig.determines(.mountAxis($0)) }
            if !loose.isEmpty { notes.append(RigNote(.mountAxesUndetermined(path: path, axes: loose))) }
        }
        return notes
    }

    /// A file's offset that pairs the other clock than the source's, not applied; nil for a clip's zero on a live source.
    private static func otherClocksOffsetNote(_ offset: TimeOffset, path: String, sourceClock: TimeOffset.Clock) -> RigNote? {
        switch sourceClock {
        case .clip:
            return RigNote(.liveOffsetNotForAClip(path: path, seconds: offset.seconds))
        case .live:
            guard offset.seconds != 0 else { return nil }
            return RigNote(.clipOffsetNotForLive(path: path, seconds: offset.seconds))
        }
    }

    /// Why this rig cannot serve as a camera (`camera_matrix` undetermined), a mount (`imu_to_camera` undetermined, or
    /// the file holding the time offset alone) or a time offset (`time_offset_s` undetermined), or nil when it can: what
    /// `apply` and `--intrinsics` (`LensCamera.read`) refuse it with; the command line advises what to give instead.
    public func refusal(toServeAs quantity: Undetermined.Quantity) -> RigRefusal? {
        guard !determines(quantity) else { return nil }
        if quantity == .timeOffset { return .timeOffsetUndetermined }
        if !determines(.mount) && !determines(.camera) { return .onlyTimeOffset(seconds: timeOffset.seconds) }
        if quantity == .mount { return .mountUndetermined(timeOffsetSeconds: timeOffset.seconds) }
        return .fieldOfViewUndetermined(timeOffsetSeconds: timeOffset.seconds)
    }
}
