import Workers

/// What the tests collect across threads (log lines, frames, samples, a process's output) is a `Locked`
/// collection, appended to from the thread that delivers it and read as it is now.
extension Locked where Value: RangeReplaceableCollection {
    /// Appends `element` under the lock: a log or observer callback as it is (`log: lines.append`).
    public func append(_ element: Value.Element) {
        withLock { $0.append(element) }
    }

    /// Appends `elements` under the lock (the bytes a pipe delivered).
    public func append<S: Sequence>(contentsOf elements: S) where S.Element == Value.Element {
        withLock { $0.append(contentsOf: elements) }
    }
}

extension Locked where Value == [String] {
    /// Whether any line collected so far contains `text`.
    public func contains(_ text: String) -> Bool {
        current.contains { $0.contains(text) }
    }
}
