import AttitudeMath

/// The frame a raw log is fused into.
public enum FusionFrameRequest: Equatable, Sendable {
    /// The mode's natural frame (`RawLogFusion.naturalFrame`): magnetic north in 9D, an arbitrary heading in 6D.
    case natural
    /// The natural frame, but true north in 9D where it can be had (`TrueNorth`): what a log drawn plays in.
    case trueNorthWherePossible
    /// This frame. True north needs a declination, given or the recording's, and is refused without one.
    case asked(OutputFrame)
}
