import ExitKinds
import Foundation

/// A camera's vertical field of view, in degrees, strictly inside `PinholeCamera.fieldOfViewBounds`: the one place a field of
/// view given to draw with is checked; a value of this type is in it.
public struct FieldOfView: Equatable, Sendable, CustomStringConvertible {
    /// Degrees across the picture's height.
    public let degrees: Double

    /// The field of view of `degrees`, refused (`FieldOfViewError`) outside `PinholeCamera.fieldOfViewBounds`.
    public init(degrees: Double) throws(FieldOfViewError) {
        guard PinholeCamera.isPhysical(fieldOfViewDegrees: degrees) else { throw FieldOfViewError(degrees: degrees) }
        self.degrees = degrees
    }

    /// A field of view written in the code (a default, a test's), not read from a user: a value out of range is the
    /// code's mistake, stopped by a precondition.
    public init(fixedDegrees degrees: Double) {
        precondition(PinholeCamera.isPhysical(fieldOfViewDegrees: degrees), "FieldOfView \(degrees)° out of range")
        self.degrees = degrees
    }

    /// `50°`.
    public var description: String { String(format: "%g°", degrees) }
}

/// A vertical field of view outside `PinholeCamera.fieldOfViewBounds`: the user's value, so the caller's to say with its option.
public struct FieldOfViewError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The field of view as given, in degrees.
    public let degrees: Double

    public init(degrees: Double) { self.degrees = degrees }

    public var description: String {
        String(format: "the field of view must be %@, not %g", PinholeCamera.fieldOfViewBoundsText, degrees)
    }
}
