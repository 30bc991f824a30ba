import AttitudeMath
import CGL
import Camera
import Foundation
import Pixels

/// The model drawn at the origin of W: the textured die (`models/die.obj`, `models/die.png`) or the
/// red box (`models/box.obj`, `models/box.png`), lit in view space by the same shaders.
final class DieLayer {
    private let program: ShaderProgram
    private let textureLocation: GLint
    private let texture: Texture
    private var vertexArray: GLuint = 0
    private var vertexBuffer: GLuint = 0
    private let vertexCount: GLsizei
    /// The same model with each triangle cut into `LensMesh.cuts`² smaller ones, for drawing through a lens.
    private var fineVertexArray: GLuint = 0
    private var fineVertexBuffer: GLuint = 0
    private let fineVertexCount: GLsizei
    private let lensLocations: (model: GLint, k0: GLint, k1: GLint, k2: GLint, intrinsics: GLint, skew: GLint, viewport: GLint, limit: GLint)
    /// `LensMesh.limit` for the last lens and camera drawn through: a search along the lens and four
    /// inversions, done once per lens and window size rather than every frame.
    private var limitCache: (lens: Lens, camera: PinholeCamera, limit: Float)?
    private let projectionLocation: GLint
    private let modelViewLocation: GLint
    private let greyedLocation: GLint

    init(assets: Assets, model kind: SceneModel = .die, readImage: (_ path: String) throws -> RGBImage) throws {
        program = try ShaderProgram(assets: assets, name: "die")
        let model = try ObjModel.load(path: assets.models.appendingPathComponent("\(kind.rawValue).obj").path)
        let texturePath = assets.models.appendingPathComponent("\(kind.rawValue).png").path
        guard FileManager.default.fileExists(atPath: texturePath) else { throw RenderError.missingAsset(path: texturePath) }
        texture = Texture.make(from: try readImage(texturePath))
        projectionLocation = program.uniform("u_projection")
        modelViewLocation = program.uniform("u_modelView")
        greyedLocation = program.uniform("u_greyed")
        textureLocation = program.uniform("u_texture")
        lensLocations = (program.uniform("u_lensModel"), program.uniform("u_k0"), program.uniform("u_k1"), program.uniform("u_k2"),
                         program.uniform("u_intrinsics"), program.uniform("u_skew"), program.uniform("u_viewport"), program.uniform("u_limit"))
        vertexCount = GLsizei(model.vertexCount)
        Self.upload(model.interleaved, array: &vertexArray, buffer: &vertexBuffer)
        let fine = LensMesh.subdivided(model.interleaved)
        fineVertexCount = GLsizei(fine.count / 8)
        Self.upload(fine, array: &fineVertexArray, buffer: &fineVertexBuffer)
    }

    /// A vertex array over one buffer of interleaved (position, texture coordinate, normal) floats.
    private static func upload(_ interleaved: [Float], array: inout GLuint, buffer: inout GLuint) {
        glGenVertexArrays(1, &array)
        glGenBuffers(1, &buffer)
        glBindVertexArray(array)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), interleaved.count * MemoryLayout<Float>.size, interleaved, GLenum(GL_STATIC_DRAW))
        let stride = GLsizei(8 * MemoryLayout<Float>.size)
        for (location, size, offset) in [(GLuint(0), GLint(3), 0), (1, 2, 3), (2, 3, 5)] {
            glEnableVertexAttribArray(location)
            glVertexAttribPointer(location, size, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: offset * MemoryLayout<Float>.size))
        }
        glBindVertexArray(0)
    }

    private func limit(_ lens: Lens, camera: PinholeCamera) -> Float {
        if let cached = limitCache, cached.lens == lens, cached.camera == camera { return cached.limit }
        let limit = Float(LensMesh.limit(lens, camera: camera))
        limitCache = (lens, camera, limit)
        return limit
    }

    deinit {
        glDeleteBuffers(1, &vertexBuffer)
        glDeleteVertexArrays(1, &vertexArray)
        glDeleteBuffers(1, &fineVertexBuffer)
        glDeleteVertexArrays(1, &fineVertexArray)
    }

    /// Draws the model; with `lens`, through that lens on `lens.camera`'s pixels (the camera fitted to the
    /// viewport), the finely cut mesh so that its edges bend as the lens bends them.
    func draw(projection: Matrix4, modelView: Matrix4, greyed: Bool, lens: (lens: Lens, camera: PinholeCamera)? = nil) {
        glEnable(GLenum(GL_DEPTH_TEST))
        glDepthFunc(GLenum(GL_LESS))
        glEnable(GLenum(GL_CULL_FACE))
        glCullFace(GLenum(GL_BACK))
        glFrontFace(GLenum(GL_CCW))
        glUseProgram(program.id)
        projection.columnMajorArray.withUnsafeBufferPointer { glUniformMatrix4fv(projectionLocation, 1, GLboolean(GL_FALSE), $0.baseAddress) }
        modelView.columnMajorArray.withUnsafeBufferPointer { glUniformMatrix4fv(modelViewLocation, 1, GLboolean(GL_FALSE), $0.baseAddress) }
        glUniform1f(greyedLocation, greyed ? 1 : 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
        glUniform1i(textureLocation, 0)
        let uniforms = LensMesh.uniforms(lens?.lens ?? .pinhole)
        glUniform1i(lensLocations.model, uniforms.model)
        glUniform4f(lensLocations.k0, uniforms.k[0], uniforms.k[1], uniforms.k[2], uniforms.k[3])
        glUniform4f(lensLocations.k1, uniforms.k[4], uniforms.k[5], uniforms.k[6], uniforms.k[7])
        glUniform4f(lensLocations.k2, uniforms.k[8], uniforms.k[9], uniforms.k[10], uniforms.k[11])
        if let lens, uniforms.model != 0 {
            let camera = lens.camera
            glUniform4f(lensLocations.intrinsics, Float(camera.fx), Float(camera.fy), Float(camera.cx), Float(camera.cy))
            glUniform1f(lensLocations.skew, Float(camera.skew))
            glUniform2f(lensLocations.viewport, Float(camera.width), Float(camera.height))
            glUniform1f(lensLocations.limit, limit(lens.lens, camera: camera))
        }
        let fine = uniforms.model != 0
        glBindVertexArray(fine ? fineVertexArray : vertexArray)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, fine ? fineVertexCount : vertexCount)
        glBindVertexArray(0)
        glDisable(GLenum(GL_CULL_FACE))
    }
}

/// The die's mesh and uniforms for drawing through a lens.
enum LensMesh {
    /// Each triangle is cut into cuts² smaller ones: a die face's edge then bends in 16 straight pieces.
    static let cuts = 16

    /// The interleaved vertices (8 floats each) with every triangle cut into `cuts`² by its barycentric grid.
    static func subdivided(_ interleaved: [Float]) -> [Float] {
        var out: [Float] = []
        out.reserveCapacity(interleaved.count * cuts * cuts)
        let n = cuts
        for t in stride(from: 0, to: interleaved.count - 23, by: 24) {
            let a = Array(interleaved[t..<(t + 8)]), b = Array(interleaved[(t + 8)..<(t + 16)]), c = Array(interleaved[(t + 16)..<(t + 24)])
            func vertex(_ i: Int, _ j: Int) -> [Float] {
                // i steps from a towards b, j from a towards c.
                let u = Float(i) / Float(n), v = Float(j) / Float(n), w = 1 - u - v
                return (0..<8).map { w * a[$0] + u * b[$0] + v * c[$0] }
            }
            for i in 0..<n {
                for j in 0..<(n - i) {
                    out += vertex(i, j) + vertex(i + 1, j) + vertex(i, j + 1)
                    if i + j + 1 < n { out += vertex(i + 1, j) + vertex(i + 1, j + 1) + vertex(i, j + 1) }
                }
            }
        }
        return out
    }

    /// How far the lens model is followed before it is continued in a straight line (the shader's
    /// `u_limit`): radial, the undistorted radius of x/z, y/z; fisheye, the angle from the axis. A quarter
    /// past the picture's farthest corner, and never past where the model stops growing (a polynomial
    /// fitted inside the picture can fold back beyond it).
    static func limit(_ lens: Lens, camera: PinholeCamera) -> Double {
        let fisheye: Bool = { if case .fisheye = lens { return true } else { return false } }()
        // Undistorted radius (or angle) along +x, and the distorted radius it lands on.
        func distortedRadius(_ s: Double) -> Double? {
            let ray = fisheye ? SIMD3(sin(s), 0, cos(s)) : SIMD3(s, 0, 1)
            return lens.distort(ray).map(\.length)
        }
        let ceiling = fisheye ? 0.999 * Double.pi : 20.0
        // Where the model stops growing, searched in small steps up to the ceiling.
        var fold = ceiling
        var last = 0.0
        let steps = 2000
        for i in 1...steps {
            let s = ceiling * Double(i) / Double(steps)
            guard let d = distortedRadius(s), d > last else { fold = ceiling * Double(i - 1) / Double(steps); break }
            last = d
        }
        var corner = 0.0
        for (x, y) in [(-0.5, -0.5), (Double(camera.width) - 0.5, -0.5), (-0.5, Double(camera.height) - 0.5),
                       (Double(camera.width) - 0.5, Double(camera.height) - 0.5)] {
            let p = camera.normalized(pixel: SIMD2(x, y))
            guard let ray = lens.ray(distorted: p) else { return max(fold, 1e-3) }
            let r = (ray.x * ray.x + ray.y * ray.y).squareRoot()
            corner = max(corner, fisheye ? atan2(r, ray.z) : r / max(ray.z, 1e-9))
        }
        return max(min(1.25 * corner, fold), 1e-3)
    }

    /// The shader's lens model (0 pinhole, 1 radial, 2 fisheye) and its twelve coefficients.
    static func uniforms(_ lens: Lens) -> (model: GLint, k: [Float]) {
        switch lens {
        case .pinhole: return (0, [Float](repeating: 0, count: 12))
        case .radial(let k): return (1, (0..<12).map { $0 < k.count ? Float(k[$0]) : 0 })
        case .fisheye(let k): return (2, [Float(k[0]), Float(k[1]), Float(k[2]), Float(k[3])] + [Float](repeating: 0, count: 8))
        }
    }
}
