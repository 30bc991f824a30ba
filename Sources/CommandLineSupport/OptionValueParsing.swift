import SafeText
import ArgumentParser
import AttitudeMath
import CSVText

// Every option whose value is several numbers goes through `OptionValues` (CSVText), so they all refuse
// the same things (empty fields, hex floats, non-finite numbers, the wrong count) and say why. Options use
// these as `@Option(parsing: .unconditional, transform:)`, as `ExpressibleByArgument` cannot say why a value was refused.

extension Quaternion {
    /// `w,x,y,z` from the command line, normalised; the error says what is wrong with it.
    public static func parseOption(_ text: String) throws(OptionValueError) -> Quaternion {
        let v = try OptionValues.numbers(text, counts: [4], shape: "w,x,y,z")
        do {
            return try Quaternion.validated(w: v[0], x: v[1], y: v[2], z: v[3])
        } catch {
            throw OptionValueError("\(MessageText.quoted(text)) has length \(Quaternion(w: v[0], x: v[1], y: v[2], z: v[3]).norm), "
                                   + "too close to zero to be a rotation")
        }
    }
}

extension OutputFrame {
    /// `enu`, `ned` or a Core Motion frame name from the command line; the error lists the names.
    public static func parseOption(_ text: String) throws(OptionValueError) -> OutputFrame {
        guard let frame = OutputFrame(name: text) else {
            throw OptionValueError("unknown frame \(MessageText.quoted(text)); expected enu, ned or one of "
                                   + ReferenceFrame.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return frame
    }
}
