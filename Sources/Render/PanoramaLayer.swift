import AttitudeMath
import Camera
import CGL
import Foundation
import Pixels

/// An equirectangular panorama as the background: one full-screen pass in which every pixel's ray
/// is turned into the world and sampled by bearing and elevation. Columns wrap (no seam at ±180°),
/// rows clamp; filtering is bilinear. Uploaded once; nothing is done on the CPU per frame.
final class PanoramaLayer {
    private let program: ShaderProgram
    private let texture = Texture()
    private var vertexArray: GLuint = 0
    private let panoramaLocation: GLint
    private let worldFromCameraLocation: GLint
    private let intrinsicsLocation: GLint
    private let skewLocation: GLint
    private let viewportHeightLocation: GLint
    private(set) var isSet = false

    init(assets: Assets) throws {
        program = try ShaderProgram(assets: assets, name: "panorama")
        panoramaLocation = program.uniform("u_panorama")
        worldFromCameraLocation = program.uniform("u_worldFromCamera")
        intrinsicsLocation = program.uniform("u_intrinsics")
        skewLocation = program.uniform("u_skew")
        viewportHeightLocation = program.uniform("u_viewportHeight")
        glGenVertexArrays(1, &vertexArray)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_REPEAT)
    }

    deinit { glDeleteVertexArrays(1, &vertexArray) }

    /// Uploads the whole panorama; it must fit GL_MAX_TEXTURE_SIZE (the caller shrinks it first).
    func set(_ image: RGBImage) {
        texture.allocate(width: image.width, height: image.height)
        texture.upload(image, x: 0, y: 0, width: image.width, height: image.height)
        isSet = true
    }

    /// Draws the panorama seen by `camera` (pixels) at the device-to-world attitude `worldFromDevice`.
    func draw(camera: PinholeCamera, worldFromDevice: Quaternion) {
        glDisable(GLenum(GL_DEPTH_TEST))
        glUseProgram(program.id)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
        glUniform1i(panoramaLocation, 0)
        // worldFromCamera (OpenCV's C to W) is worldFromDevice times D from C, whose axes are C's signs of D's
        // (`CameraFrame`): each column of worldFromDevice times its sign, uploaded column by column.
        let r = worldFromDevice.rotationMatrixRows
        let sign = CameraFrame.camera(fromDevice: SIMD3(1, 1, 1))
        let worldFromCameraColumns: [Float] = (0..<3).flatMap { column in (0..<3).map { row in r[row][column] * sign[column] } }
            .map(Float.init)
        worldFromCameraColumns.withUnsafeBufferPointer {
            glUniformMatrix3fv(worldFromCameraLocation, 1, GLboolean(GL_FALSE), $0.baseAddress)
        }
        glUniform4f(intrinsicsLocation, Float(camera.fx), Float(camera.fy), Float(camera.cx), Float(camera.cy))
        glUniform1f(skewLocation, Float(camera.skew))
        glUniform1f(viewportHeightLocation, Float(camera.height))
        glBindVertexArray(vertexArray)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        glBindVertexArray(0)
    }

    /// The largest texture side the driver takes (GL_MAX_TEXTURE_SIZE).
    static var maximumTextureSize: Int {
        var size: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &size)
        return Int(size)
    }
}

extension RGBImage {
    /// The image halved in both directions, each pixel the mean of a 2x2 block (an odd last row or
    /// column is dropped). Keeps an equirectangular layout edge to edge.
    func halved() -> RGBImage {
        let w = width / 2, h = height / 2
        var out = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<3 {
                    let a = Int(pixels[((2 * y) * width + 2 * x) * 3 + c]), b = Int(pixels[((2 * y) * width + 2 * x + 1) * 3 + c])
                    let d = Int(pixels[((2 * y + 1) * width + 2 * x) * 3 + c]), e = Int(pixels[((2 * y + 1) * width + 2 * x + 1) * 3 + c])
                    out[(y * w + x) * 3 + c] = UInt8((a + b + d + e + 2) / 4)
                }
            }
        }
        return RGBImage(width: w, height: h, pixels: out)
    }
}
