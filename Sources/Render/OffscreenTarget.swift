import CGL
import Pixels

/// A framebuffer object with an RGBA8 colour and a 24-bit depth renderbuffer.
public final class OffscreenTarget {
    /// The picture the target holds.
    public let size: PictureSize
    public var width: Int { size.width }
    public var height: Int { size.height }
    private var framebuffer: GLuint = 0
    private var colour: GLuint = 0
    private var depth: GLuint = 0

    /// A target of `size`; `RenderError.framebufferIncomplete` when the driver refuses it.
    public init(size: PictureSize) throws {
        self.size = size
        let (width, height) = (size.width, size.height)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glGenRenderbuffers(1, &colour)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colour)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), colour)
        glGenRenderbuffers(1, &depth)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), depth)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH_COMPONENT24), GLsizei(width), GLsizei(height))
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_ATTACHMENT), GLenum(GL_RENDERBUFFER), depth)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw RenderError.framebufferIncomplete(status: status)
        }
    }

    deinit {
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteRenderbuffers(1, &colour)
        glDeleteRenderbuffers(1, &depth)
    }

    public func bind() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
    }

    /// The bound framebuffer's pixels as an upright RGB image (OpenGL's rows are bottom first).
    public func readImage() -> RGBImage {
        bind()
        return Self.readBoundFramebuffer(size: size)
    }

    /// Reads the currently bound read framebuffer (the window's back buffer, or a target) upright.
    /// RGBA is read because it is the driver's fast path; the alpha byte is dropped while flipping.
    public static func readBoundFramebuffer(size: PictureSize) -> RGBImage {
        let (width, height) = (size.width, size.height)
        var bottomFirst = [UInt8](repeating: 0, count: width * height * 4)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        bottomFirst.withUnsafeMutableBytes { bytes in
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        var topFirst = [UInt8](repeating: 0, count: width * height * 3)
        bottomFirst.withUnsafeBufferPointer { source in
            topFirst.withUnsafeMutableBufferPointer { destination in
                for row in 0..<height {
                    var s = (height - 1 - row) * width * 4
                    var d = row * width * 3
                    for _ in 0..<width {
                        destination[d] = source[s]; destination[d + 1] = source[s + 1]; destination[d + 2] = source[s + 2]
                        s += 4; d += 3
                    }
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: topFirst)
    }
}
