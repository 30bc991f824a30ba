import Dispatch
import Foundation

/// SIGINT and SIGTERM turned into a polite stop request while this object lives: the process is not
/// killed, `onStop` runs (on a background queue) so the caller can finish what it is doing, and
/// `requested` says a stop was asked for. Dropping the object restores the default dispositions.
final class StopSignals: @unchecked Sendable {
    private static let numbers = [SIGINT, SIGTERM]
    private let lock = NSLock()
    private var stopRequested = false
    private var sources: [DispatchSourceSignal] = []

    init(onStop: @escaping @Sendable () -> Void = {}) {
        sources = Self.numbers.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in
                self?.markRequested()
                onStop()
            }
            source.resume()
            return source
        }
    }

    deinit {
        sources.forEach { $0.cancel() }
        Self.numbers.forEach { signal($0, SIG_DFL) }
    }

    var requested: Bool {
        lock.lock(); defer { lock.unlock() }
        return stopRequested
    }

    private func markRequested() {
        lock.lock(); stopRequested = true; lock.unlock()
    }
}
