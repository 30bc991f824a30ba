import Foundation

extension Quaternion {
    /// Parses `w,x,y,z` (four comma-separated decimal numbers, as on the command line), normalised.
    /// Nil for anything else, or for a quaternion `validated` refuses.
    public init?(commaSeparated text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let w = parts[0], let x = parts[1], let y = parts[2], let z = parts[3],
              let q = try? Quaternion.validated(w: w, x: x, y: y, z: z) else { return nil }
        self = q
    }
}
