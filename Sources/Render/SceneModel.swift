/// What is drawn at the origin of the world frame; each is `models/<rawValue>.obj` with its `.png`.
public enum SceneModel: String, CaseIterable, Sendable {
    /// The textured die, edge 1 (docs/frames.md).
    case die
    /// The articles' red SceneKit box: 4 along X, 2 along Y, 1 along Z, centred at the origin.
    case box

    /// Half its size along the model's X, Y and Z (model units): what must lie beyond the near plane
    /// for an anchored model to be drawn.
    public var halfExtents: SIMD3<Double> {
        switch self {
        case .die: return SIMD3(0.5, 0.5, 0.5)
        case .box: return SIMD3(2, 1, 0.5)
        }
    }
}
