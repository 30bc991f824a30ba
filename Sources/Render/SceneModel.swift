/// What is drawn at the origin of the world frame; each is `models/<rawValue>.obj` with its `.png`.
public enum SceneModel: String, CaseIterable, Sendable {
    /// The textured die, edge 1 (CONVENTIONS.md).
    case die
    /// The seed's red SceneKit box: 4 along X, 2 along Y, 1 along Z, centred at the origin.
    case box
}
