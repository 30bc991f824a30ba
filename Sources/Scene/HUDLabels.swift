/// What the HUD says besides the numbers: the reference frame's name, the source and its health, who fused
/// the attitude, and the frame rate (nil where it means nothing, as in a snapshot).
public struct HUDLabels: Equatable, Sendable {
    public var frame: String
    public var source: String
    public var fusion: String
    public var framesPerSecond: Double?

    public init(frame: String, source: String, fusion: String, framesPerSecond: Double? = nil) {
        self.frame = frame
        self.source = source
        self.fusion = fusion
        self.framesPerSecond = framesPerSecond
    }
}
