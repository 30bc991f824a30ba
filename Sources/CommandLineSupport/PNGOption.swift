import ArgumentParser

/// An option that names a PNG file to write (`snapshot --output`, `run --snapshot-on-exit`, `compare --diff`): the
/// name must end in `.png`, in any case, so that a picture is never written under another kind's name.
public enum PNGOption {
    /// Refuses `path` as a usage error naming `option` unless it ends in `.png`.
    public static func check(_ path: String, option: String) throws {
        guard path.lowercased().hasSuffix(".png") else { throw ValidationError("\(option) must name a .png file") }
    }
}
