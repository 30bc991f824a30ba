import CGL
import Foundation

/// A linked GLSL program built from a vertex and a fragment shader file in `shaders/`.
final class ShaderProgram {
    let id: GLuint

    /// The program of `shaders/NAME.vert` and `shaders/NAME.frag`.
    convenience init(assets: Assets, name: String) throws {
        try self.init(vertexFile: assets.shaders.appendingPathComponent("\(name).vert"),
                      fragmentFile: assets.shaders.appendingPathComponent("\(name).frag"))
    }

    private init(vertexFile: URL, fragmentFile: URL) throws {
        let vertex = try ShaderProgram.compile(file: vertexFile, kind: GLenum(GL_VERTEX_SHADER))
        defer { glDeleteShader(vertex) }
        let fragment = try ShaderProgram.compile(file: fragmentFile, kind: GLenum(GL_FRAGMENT_SHADER))
        defer { glDeleteShader(fragment) }
        let program = glCreateProgram()
        glAttachShader(program, vertex)
        glAttachShader(program, fragment)
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = ShaderProgram.infoLog(program, getLength: glGetProgramiv, getLog: glGetProgramInfoLog)
            glDeleteProgram(program)
            throw RenderError.shaderLinkFailed(files: [vertexFile.path, fragmentFile.path], log: log)
        }
        id = program
    }

    deinit { glDeleteProgram(id) }

    func uniform(_ name: String) -> GLint { glGetUniformLocation(id, name) }

    private static func compile(file: URL, kind: GLenum) throws -> GLuint {
        guard let source = try? String(contentsOf: file, encoding: .utf8) else {
            throw RenderError.missingAsset(path: file.path)
        }
        let shader = glCreateShader(kind)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled == GL_TRUE else {
            let log = infoLog(shader, getLength: glGetShaderiv, getLog: glGetShaderInfoLog)
            glDeleteShader(shader)
            throw RenderError.shaderCompilationFailed(file: file.path, log: log)
        }
        return shader
    }

    private static func infoLog(_ object: GLuint,
                                getLength: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
                                getLog: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void) -> String {
        var length: GLint = 0
        getLength(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        guard length > 0 else { return "(the driver gave no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        getLog(object, length, nil, &buffer)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
