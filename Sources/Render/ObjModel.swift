import Foundation

/// A triangle mesh read from a Wavefront OBJ file: positions, texture coordinates and normals,
/// de-indexed into one interleaved vertex per triangle corner.
public struct ObjModel: Sendable {
    /// Eight floats a vertex: position (x, y, z), texture coordinate (s, t) with t = 0 at the
    /// texture image's top row, normal (x, y, z).
    public let interleaved: [Float]
    public var vertexCount: Int { interleaved.count / 8 }

    public static func load(path: String) throws -> ObjModel {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw RenderError.missingAsset(path: path)
        }
        return try parse(text: text, file: path)
    }

    public static func parse(text: String, file: String) throws -> ObjModel {
        var positions: [SIMD3<Float>] = [], texcoords: [SIMD2<Float>] = [], normals: [SIMD3<Float>] = []
        var out: [Float] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            let fields = rawLine.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let keyword = fields.first, !keyword.hasPrefix("#") else { continue }
            func numbers(_ count: Int) throws -> [Float] {
                guard fields.count >= count + 1 else {
                    throw RenderError.modelParseFailed(file: file, line: lineNumber, reason: "'\(keyword)' needs \(count) numbers")
                }
                return try fields[1...count].map { field in
                    guard let value = Float(field), value.isFinite else {
                        throw RenderError.modelParseFailed(file: file, line: lineNumber, reason: "malformed number '\(field)'")
                    }
                    return value
                }
            }
            switch keyword {
            case "v": let n = try numbers(3); positions.append(SIMD3(n[0], n[1], n[2]))
            case "vt": let n = try numbers(2); texcoords.append(SIMD2(n[0], 1 - n[1]))  // OBJ's v = 0 is the image's bottom
            case "vn": let n = try numbers(3); normals.append(SIMD3(n[0], n[1], n[2]))
            case "f":
                let corners = try fields.dropFirst().map { field -> (Int, Int, Int) in
                    let parts = field.split(separator: "/", omittingEmptySubsequences: false)
                    func index(_ i: Int, _ count: Int, _ what: String) throws -> Int {
                        guard i < parts.count, let raw = Int(parts[i]) else {
                            throw RenderError.modelParseFailed(file: file, line: lineNumber,
                                                               reason: "face corner '\(field)' needs v/vt/vn indices")
                        }
                        let resolved = raw > 0 ? raw - 1 : count + raw
                        guard resolved >= 0, resolved < count else {
                            throw RenderError.modelParseFailed(file: file, line: lineNumber,
                                                               reason: "\(what) index \(raw) out of range in '\(field)'")
                        }
                        return resolved
                    }
                    return (try index(0, positions.count, "position"), try index(1, texcoords.count, "texture"),
                            try index(2, normals.count, "normal"))
                }
                guard corners.count >= 3 else {
                    throw RenderError.modelParseFailed(file: file, line: lineNumber, reason: "a face needs at least 3 corners")
                }
                for k in 1..<corners.count - 1 {  // a fan over convex polygons
                    for (p, t, n) in [corners[0], corners[k], corners[k + 1]] {
                        out += [positions[p].x, positions[p].y, positions[p].z, texcoords[t].x, texcoords[t].y,
                                normals[n].x, normals[n].y, normals[n].z]
                    }
                }
            default: continue  // mtllib, usemtl, o, g, s: not needed to draw one textured mesh
            }
        }
        guard !out.isEmpty else {
            throw RenderError.modelParseFailed(file: file, line: 0, reason: "the model has no faces")
        }
        return ObjModel(interleaved: out)
    }
}
