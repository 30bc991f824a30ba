import ExitKinds

extension RenderError: ErrorWithExitKind {
    /// Assets and a font that are not there or not the kind of file asked for are missing inputs; a shader or model that
    /// was read and cannot be used is data; a driver that cannot give the
    /// context, framebuffer or call asked of it is unavailable.
    public var exitKind: ExitKind {
        switch self {
        case .assetsNotFound, .givenAssetsNotFound, .missingAsset, .fontFailed: return .noInput
        case .shaderCompilationFailed, .shaderLinkFailed, .modelParseFailed: return .data
        case .framebufferIncomplete, .eglFailed, .glError: return .unavailable
        }
    }
}
