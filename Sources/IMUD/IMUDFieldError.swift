import Foundation

/// A value given for an imud packet field that steady-dice cannot write: the field as imud's spec names it
/// (spec.md §8), the value, and what the field takes. Thrown where a caller's value (a command line's, a
/// library user's) becomes a field, before any packet is made.
public struct IMUDFieldError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The field's name in imud's spec, e.g. `version`.
    public let field: String
    public let value: String
    /// What the field takes, e.g. "14 or 17".
    public let expected: String

    public init(field: String, value: String, expected: String) {
        self.field = field
        self.value = value
        self.expected = expected
    }

    public var description: String { "imud packet field \(field) = \(value): expected \(expected)" }
    public var errorDescription: String? { description }
}
