import Foundation

/// An error with a message a user can act on: what was asked, what went wrong, where.
public struct IMUDError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
    public var errorDescription: String? { message }
}
