/// Failures of the renderer, each named, with what the driver or the file said.
public enum RenderError: Error, CustomStringConvertible {
    case assetsNotFound(searched: [String])
    /// The folder given as the assets' (`Assets.locate(explicit:)`) holds no `shaders/` and `models/`.
    case givenAssetsNotFound(path: String)
    case missingAsset(path: String)
    case shaderCompilationFailed(file: String, log: String)
    case shaderLinkFailed(files: [String], log: String)
    case modelParseFailed(file: String, line: Int, reason: String)
    case framebufferIncomplete(status: UInt32)
    case eglFailed(step: String, code: Int32)
    case glError(step: String, code: UInt32)
    case fontFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .assetsNotFound(let searched):
            return "cannot find the shaders/ and models/ folders; looked in: \(searched.joined(separator: ", ")). "
                + "Give the folder that holds them, or set \(Assets.environmentVariable) to it."
        case .givenAssetsNotFound(let path):
            return "cannot find the shaders/ and models/ folders; looked in: \(path) (the folder given). "
                + "Give the folder that holds them, or set \(Assets.environmentVariable) to it."
        case .missingAsset(let path): return "\(path): file not found"
        case .shaderCompilationFailed(let file, let log): return "GL_SHADER_COMPILATION_FAILED in \(file):\n\(log)"
        case .shaderLinkFailed(let files, let log): return "GL_PROGRAM_LINK_FAILED for \(files.joined(separator: " + ")):\n\(log)"
        case .modelParseFailed(let file, let line, let reason): return "\(file):\(line): \(reason)"
        case .framebufferIncomplete(let status): return "GL_FRAMEBUFFER_INCOMPLETE (status 0x\(String(status, radix: 16)))"
        case .eglFailed(let step, let code):
            return "EGL failed at \(step) (error 0x\(String(code, radix: 16))); offscreen rendering needs Mesa's EGL (libegl-mesa0)"
        case .glError(let step, let code): return "OpenGL error 0x\(String(code, radix: 16)) at \(step)"
        case .fontFailed(let path, let reason): return "HUD font \(path): \(reason)"
        }
    }
}
