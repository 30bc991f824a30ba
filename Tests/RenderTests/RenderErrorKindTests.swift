import ExitKinds
import Render
import XCTest

/// Render's errors each say their kind of failure (`ErrorWithExitKind`), which the command line's one exit-status table
/// (`CommandLineSupport.ExitStatus`) turns into a status.
final class RenderErrorKindTests: XCTestCase {
    func testEachErrorSaysItsKind() {
        let cases: [(ErrorWithExitKind, ExitKind, String)] = [
            (RenderError.assetsNotFound(searched: ["/usr/share/steady-dice"]), .noInput, "no assets folder"),
            (RenderError.givenAssetsNotFound(path: "/tmp/none"), .noInput, "the assets folder given holds none"),
            (RenderError.missingAsset(path: "models/die.obj"), .noInput, "a missing asset"),
            (RenderError.fontFailed(path: "DejaVuSansMono.ttf", reason: "file not found"), .noInput, "a missing font"),
            (RenderError.shaderCompilationFailed(file: "die.frag", log: "0:1: syntax error"), .data, "a shader that does not compile"),
            (RenderError.shaderLinkFailed(files: ["die.vert", "die.frag"], log: ""), .data, "shaders that do not link"),
            (RenderError.modelParseFailed(file: "die.obj", line: 3, reason: "malformed number"), .data, "a malformed model"),
            (RenderError.eglFailed(step: "eglInitialize", code: 0x3001), .unavailable, "no EGL"),
            (RenderError.framebufferIncomplete(status: 0x8CDD), .unavailable, "a framebuffer the driver refuses"),
            (RenderError.glError(step: "renderer set-up", code: 0x0505), .unavailable, "a failed OpenGL call"),
        ]
        for (error, kind, what) in cases {
            XCTAssertEqual(error.exitKind, kind, what)
        }
    }
}
