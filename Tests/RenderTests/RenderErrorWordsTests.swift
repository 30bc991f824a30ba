import Render
import XCTest

/// Every error of the renderer says what failed and names no option: the assets folder is "given", and the drawing
/// commands say `--assets` (`SceneCommandLineTests.DrawingWordsTests`).
final class RenderErrorWordsTests: XCTestCase {
    /// The cases of `RenderError`: `kind(of:)` and `example(_:)` switch without a default, so a new case does not compile
    /// until it has a kind and an example here.
    enum Kind: CaseIterable {
        case assetsNotFound, givenAssetsNotFound, missingAsset, shaderCompilationFailed, shaderLinkFailed, modelParseFailed
        case framebufferIncomplete, eglFailed, glError, fontFailed
    }

    static func kind(of error: RenderError) -> Kind {
        switch error {
        case .assetsNotFound: .assetsNotFound
        case .givenAssetsNotFound: .givenAssetsNotFound
        case .missingAsset: .missingAsset
        case .shaderCompilationFailed: .shaderCompilationFailed
        case .shaderLinkFailed: .shaderLinkFailed
        case .modelParseFailed: .modelParseFailed
        case .framebufferIncomplete: .framebufferIncomplete
        case .eglFailed: .eglFailed
        case .glError: .glError
        case .fontFailed: .fontFailed
        }
    }

    static func example(_ kind: Kind) -> RenderError {
        switch kind {
        case .assetsNotFound: .assetsNotFound(searched: ["/usr/share/steady-dice"])
        case .givenAssetsNotFound: .givenAssetsNotFound(path: "/tmp/none")
        case .missingAsset: .missingAsset(path: "models/die.obj")
        case .shaderCompilationFailed: .shaderCompilationFailed(file: "die.frag", log: "0:1: syntax error")
        case .shaderLinkFailed: .shaderLinkFailed(files: ["die.vert", "die.frag"], log: "no main")
        case .modelParseFailed: .modelParseFailed(file: "die.obj", line: 3, reason: "a face with an index out of range")
        case .framebufferIncomplete: .framebufferIncomplete(status: 0x8CD6)
        case .eglFailed: .eglFailed(step: "eglInitialize", code: 0x3001)
        case .glError: .glError(step: "glTexImage2D", code: 0x0501)
        case .fontFailed: .fontFailed(path: "DejaVuSansMono.ttf", reason: "not a font")
        }
    }

    func testEveryErrorSaysWhatFailedWithoutAnOption() {
        for kind in Kind.allCases {
            let error = Self.example(kind)
            XCTAssertEqual(Self.kind(of: error), kind)
            XCTAssertFalse(error.description.contains("--"), error.description)
        }
        XCTAssertEqual(RenderError.givenAssetsNotFound(path: "/tmp/none").description,
                       "cannot find the shaders/ and models/ folders; looked in: /tmp/none (the folder given). "
                       + "Give the folder that holds them, or set STEADY_DICE_ASSETS to it.")
    }
}
