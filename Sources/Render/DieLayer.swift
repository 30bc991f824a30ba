import AttitudeMath
import CGL
import Foundation
import Imaging

/// The model drawn at the origin of W: the textured die (`models/die.obj`, `models/die.png`) or the
/// red box (`models/box.obj`, `models/box.png`), lit in view space by the same shaders.
final class DieLayer {
    private let program: ShaderProgram
    private let textureLocation: GLint
    private let texture: Texture
    private var vertexArray: GLuint = 0
    private var vertexBuffer: GLuint = 0
    private let vertexCount: GLsizei
    private let projectionLocation: GLint
    private let modelViewLocation: GLint
    private let greyedLocation: GLint

    init(assets: Assets, model kind: SceneModel = .die) throws {
        program = try ShaderProgram(assets: assets, name: "die")
        let model = try ObjModel.load(path: assets.models.appendingPathComponent("\(kind.rawValue).obj").path)
        let texturePath = assets.models.appendingPathComponent("\(kind.rawValue).png").path
        guard FileManager.default.fileExists(atPath: texturePath) else { throw RenderError.missingAsset(path: texturePath) }
        texture = Texture.make(from: try RGBImage.read(path: texturePath))
        projectionLocation = program.uniform("u_projection")
        modelViewLocation = program.uniform("u_modelView")
        greyedLocation = program.uniform("u_greyed")
        textureLocation = program.uniform("u_texture")
        vertexCount = GLsizei(model.vertexCount)

        glGenVertexArrays(1, &vertexArray)
        glGenBuffers(1, &vertexBuffer)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), model.interleaved.count * MemoryLayout<Float>.size, model.interleaved,
                     GLenum(GL_STATIC_DRAW))
        let stride = GLsizei(8 * MemoryLayout<Float>.size)
        for (location, size, offset) in [(GLuint(0), GLint(3), 0), (1, 2, 3), (2, 3, 5)] {
            glEnableVertexAttribArray(location)
            glVertexAttribPointer(location, size, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: offset * MemoryLayout<Float>.size))
        }
        glBindVertexArray(0)
    }

    deinit {
        glDeleteBuffers(1, &vertexBuffer)
        glDeleteVertexArrays(1, &vertexArray)
    }

    func draw(projection: Matrix4, modelView: Matrix4, greyed: Bool) {
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
        glBindVertexArray(vertexArray)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, vertexCount)
        glBindVertexArray(0)
        glDisable(GLenum(GL_CULL_FACE))
    }
}
