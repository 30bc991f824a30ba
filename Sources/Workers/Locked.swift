import Foundation

/// A value behind a lock, for state that threads share and that nothing waits on (a wait needs a condition:
/// `WorkerThread`'s).
// @unchecked Sendable: `value` is only read or written inside `withLock`, under `lock`.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value under the lock; what it returns or throws is `withLock`'s. The lock is held for all of
    /// `body`, so it should only read or change the value: a sleep or a wait in it stalls every other reader.
    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value as it is now.
    public var current: Value { withLock { $0 } }
}
