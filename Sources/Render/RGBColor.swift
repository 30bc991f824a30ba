/// An 8-bit RGB colour.
public struct RGBColor: Equatable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8) { self.r = r; self.g = g; self.b = b }

    /// `#RRGGBB` (the `#` is optional); nil for anything else.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        self.init(r: UInt8(value >> 16 & 0xFF), g: UInt8(value >> 8 & 0xFF), b: UInt8(value & 0xFF))
    }

    /// The uniform colour behind the die when no background is drawn (`--background none`).
    public static let defaultBackground = RGBColor(r: 0x20, g: 0x28, b: 0x30)

    public var description: String {
        "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }
}
