import CGL

/// A vertex array over one buffer of interleaved (x, y, s, t) floats: attribute 0 the position,
/// attribute 1 the texture coordinate. The background's quad and the HUD's panel and glyphs draw from one.
final class TexturedVertices {
    private(set) var vertexArray: GLuint = 0
    private(set) var buffer: GLuint = 0

    init() {
        glGenVertexArrays(1, &vertexArray)
        glGenBuffers(1, &buffer)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let stride = GLsizei(4 * MemoryLayout<Float>.size)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, nil)
        glEnableVertexAttribArray(1)
        glVertexAttribPointer(1, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 2 * MemoryLayout<Float>.size))
        glBindVertexArray(0)
    }

    deinit {
        glDeleteBuffers(1, &buffer)
        glDeleteVertexArrays(1, &vertexArray)
    }
}
