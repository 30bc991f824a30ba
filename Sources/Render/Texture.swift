import CGL
import Pixels

/// A 2D RGB texture. Rows are uploaded top first, so texture coordinate t = 0 is the image's top row.
final class Texture {
    let id: GLuint
    private(set) var width = 0
    private(set) var height = 0

    init() {
        var id: GLuint = 0
        glGenTextures(1, &id)
        self.id = id
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    }

    deinit {
        var id = self.id
        glDeleteTextures(1, &id)
    }

    /// Allocates storage (contents undefined) when the size changes; a no-op otherwise.
    func allocate(width: Int, height: Int) {
        guard width != self.width || height != self.height else { return }
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGB8, GLsizei(width), GLsizei(height), 0,
                     GLenum(GL_RGB), GLenum(GL_UNSIGNED_BYTE), nil)
        self.width = width
        self.height = height
    }

    /// Copies a rectangle of `image` into the texture at texel (0, 0) without reallocating.
    func upload(_ image: RGBImage, x: Int, y: Int, width: Int, height: Int) {
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(image.width))
        glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), GLint(x))
        glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), GLint(y))
        image.pixels.withUnsafeBytes { bytes in
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height),
                            GLenum(GL_RGB), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), 0)
        glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), 0)
    }

    /// A texture holding a whole image, with mipmaps for minified drawing (the die's atlas).
    static func make(from image: RGBImage) -> Texture {
        let texture = Texture()
        texture.allocate(width: image.width, height: image.height)
        texture.upload(image, x: 0, y: 0, width: image.width, height: image.height)
        glGenerateMipmap(GLenum(GL_TEXTURE_2D))
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR_MIPMAP_LINEAR)
        return texture
    }
}
