/// Something a command needs from the machine is not there: a camera that does not open or gives no
/// frame (absent, busy, silent), no display to open a window on.
public struct UnavailableError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
