import CGL
import Foundation
import Pixels

/// The background quad: a frame centre-cropped to the viewport, drawn first and always parallel to
/// the image plane. The texture is allocated once per crop size and updated in place after that.
final class BackgroundLayer {
    private let program: ShaderProgram
    private let textureLocation: GLint
    private let texture = Texture()
    private let vertices = TexturedVertices()
    private let texcoordMinLocation: GLint
    private let texcoordMaxLocation: GLint
    private(set) var crop: BackgroundCrop?
    /// How many times the texture storage was (re)allocated; tests check a frame never allocates.
    private(set) var allocationCount = 0

    init(assets: Assets) throws {
        program = try ShaderProgram(assets: assets, name: "background")
        texcoordMinLocation = program.uniform("u_texcoordMin")
        texcoordMaxLocation = program.uniform("u_texcoordMax")
        textureLocation = program.uniform("u_texture")
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertices.buffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), 16 * MemoryLayout<Float>.size, nil, GLenum(GL_DYNAMIC_DRAW))
    }

    /// Crops `image` to the viewport's aspect and uploads the crop.
    func update(image: RGBImage, viewport: PictureSize) {
        let newCrop = BackgroundCrop(frameWidth: image.width, frameHeight: image.height,
                                     viewportWidth: viewport.width, viewportHeight: viewport.height)
        if newCrop.textureWidth != texture.width || newCrop.textureHeight != texture.height {
            texture.allocate(width: newCrop.textureWidth, height: newCrop.textureHeight)
            allocationCount += 1
        }
        texture.upload(image, x: newCrop.x, y: newCrop.y, width: newCrop.width, height: newCrop.height)
        if newCrop != crop {
            let s = newCrop.texcoordMax
            // Triangle strip in clip space: top-left, bottom-left, top-right, bottom-right.
            let quad: [Float] = [-1, 1, 0, 0, -1, -1, 0, s.y, 1, 1, s.x, 0, 1, -1, s.x, s.y]
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertices.buffer)
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, quad.count * MemoryLayout<Float>.size, quad)
            crop = newCrop
        }
    }

    func draw() {
        guard let crop else { return }
        glDisable(GLenum(GL_DEPTH_TEST))
        glUseProgram(program.id)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
        glUniform1i(textureLocation, 0)
        glUniform2f(texcoordMinLocation, 0.5 / Float(crop.textureWidth), 0.5 / Float(crop.textureHeight))
        glUniform2f(texcoordMaxLocation, (Float(crop.width) - 0.5) / Float(crop.textureWidth),
                    (Float(crop.height) - 0.5) / Float(crop.textureHeight))
        glBindVertexArray(vertices.vertexArray)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        glBindVertexArray(0)
    }
}
