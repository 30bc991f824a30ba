import ArgumentParser
import CSVText

/// Three comma-separated numbers (`--mag-offset x,y,z`).
public struct Vector3Argument: StrictArgument, Sendable {
    public let vector: SIMD3<Double>

    public init(vector: SIMD3<Double>) { self.vector = vector }

    /// `x,y,z` from the command line.
    public static func parseOption(_ text: String) throws(OptionValueError) -> Vector3Argument {
        let v = try OptionValues.numbers(text, counts: [3], shape: "x,y,z")
        return Vector3Argument(vector: SIMD3(v[0], v[1], v[2]))
    }
}
