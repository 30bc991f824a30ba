import Foundation

/// What `body` throws, as text, or "accepted" when it returns: a refusal compared as one string.
public func refusal(_ body: () throws -> Any) -> String {
    do {
        _ = try body()
        return "accepted"
    } catch {
        return "\(error)"
    }
}
