import Foundation
import PictureTestSupport
import Pixels
import Render
import TestSupport
import XCTest

/// Failures of the renderer's inputs are named errors carrying the file and what went wrong.
final class RendererErrorTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "steady-dice-assets" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let source = try Assets.locate()
        for sub in ["shaders", "models"] {
            try FileManager.default.copyItem(at: source.root.appendingPathComponent(sub), to: folder.appendingPathComponent(sub))
        }
    }

    func testShaderCompileErrorNamesTheFileAndGivesTheDriversLog() throws {
        _ = try RenderHarness.renderer()  // a current context
        let fragment = folder.appendingPathComponent("shaders/die.frag")
        try "#version 330 core\nout vec4 c;\nvoid main() { c = undefinedThing; }\n".write(to: fragment, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try SceneRenderer(assets: Assets(root: folder), readImage: RGBImage.read)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("GL_SHADER_COMPILATION_FAILED"), message)
            XCTAssertTrue(message.contains(fragment.path), message)
            XCTAssertTrue(message.contains("undefinedThing"), "the driver's log names the bad identifier: \(message)")
        }
    }

    func testMissingModelIsNamed() throws {
        _ = try RenderHarness.renderer()
        let texture = folder.appendingPathComponent("models/die.png")
        try FileManager.default.removeItem(at: texture)
        XCTAssertThrowsError(try SceneRenderer(assets: Assets(root: folder), readImage: RGBImage.read)) { error in
            XCTAssertTrue("\(error)".contains(texture.path), "\(error)")
        }
    }

    func testObjErrorsNameFileAndLine() {
        XCTAssertThrowsError(try ObjModel.parse(text: "v 0 0 0\nv 1 x 0\n", file: "bad.obj")) { error in
            XCTAssertEqual("\(error)", "bad.obj:2: malformed number 'x'")
        }
        XCTAssertThrowsError(try ObjModel.parse(text: "v 0 0 0\nvt 0 0\nvn 0 0 1\nf 1/1/1 2/1/1 3/1/1\n", file: "bad.obj")) { error in
            XCTAssertTrue("\(error)".hasPrefix("bad.obj:4: position index 2 out of range"), "\(error)")
        }
        XCTAssertThrowsError(try ObjModel.parse(text: "# nothing\n", file: "empty.obj")) { error in
            XCTAssertTrue("\(error)".contains("no faces"), "\(error)")
        }
    }

    func testShippedDieHasSixTexturedFaces() throws {
        let model = try ObjModel.load(path: try Assets.locate().models.appendingPathComponent("die.obj").path)
        XCTAssertEqual(model.vertexCount, 36, "six faces of two triangles")
        // Every corner lies on the unit cube's surface, and texture coordinates stay inside the atlas.
        for v in 0..<model.vertexCount {
            let p = model.interleaved[8 * v..<8 * v + 3].map { abs($0) }
            XCTAssertEqual(p.max() ?? 0, 0.5, accuracy: 1e-6)
            for t in model.interleaved[8 * v + 3..<8 * v + 5] { XCTAssertTrue((0...1).contains(t)) }
        }
    }

    func testAssetsFolderWithoutShadersIsRefusedWithTheWayOut() {
        XCTAssertThrowsError(try Assets.locate(explicit: "/tmp")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("/tmp"), message)
            XCTAssertTrue(message.contains("STEADY_DICE_ASSETS"), message)
        }
        XCTAssertThrowsError(try Assets.locate(environment: [Assets.environmentVariable: "/nonexistent"]))
    }
}
