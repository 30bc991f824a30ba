import CGL
import Foundation
import Pixels

/// The HUD: lines of text on a translucent panel in the top-left corner, drawn last over the scene.
/// The glyphs come from a FreeType-rasterised font atlas, re-made when the window's size calls for
/// another font size.
final class HUDLayer {
    private let program: ShaderProgram
    private let viewportLocation: GLint
    private let colourLocation: GLint
    private let texturedLocation: GLint
    private let fontLocation: GLint
    private let fontPath: String
    private var atlas: FontAtlas
    private var texture: GLuint = 0
    private let panelAndGlyphs = TexturedVertices()

    /// Dark, 62% opaque: text stays readable over a bright camera picture, which still shows through.
    static let panelColour: (r: Float, g: Float, b: Float, a: Float) = (0.04, 0.05, 0.07, 0.62)
    static let textColour: (r: Float, g: Float, b: Float, a: Float) = (1, 1, 1, 1)

    init(assets: Assets, fontPath: String? = nil) throws {
        let fontPath = fontPath ?? assets.font
        program = try ShaderProgram(assets: assets, name: "hud")
        viewportLocation = program.uniform("u_viewport")
        colourLocation = program.uniform("u_colour")
        texturedLocation = program.uniform("u_textured")
        fontLocation = program.uniform("u_font")
        self.fontPath = fontPath
        atlas = try FontAtlas(fontPath: fontPath, pixelSize: 16)
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        uploadAtlas()
    }

    deinit {
        glDeleteTextures(1, &texture)
    }

    private func uploadAtlas() {
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        atlas.pixels.withUnsafeBytes { bytes in
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(atlas.width), GLsizei(atlas.height), 0,
                         GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
    }

    /// Draws `lines` on the panel, laid out by `HUDLayout` for a viewport of `size` and `model`.
    func draw(lines: [String], size: PictureSize, model: SceneModel, anchored: Bool) {
        let layout = HUDLayout(size: size, lineCount: lines.count, model: model, anchored: anchored)
        guard layout.pixelSize > 0 else { return }
        if layout.pixelSize != atlas.pixelSize, let resized = try? FontAtlas(fontPath: fontPath, pixelSize: layout.pixelSize) {
            atlas = resized
            uploadAtlas()
        }
        let margin = Float(HUDLayout.margin(pixelSize: atlas.pixelSize))
        let padding = Float(HUDLayout.padding(pixelSize: atlas.pixelSize))
        let textWidth = Float(lines.map { atlas.width(of: $0) }.max() ?? 0)
        let panelRight = margin + 2 * padding + textWidth
        let panelBottom = Float(HUDLayout.panelBottom(pixelSize: atlas.pixelSize, lineHeight: atlas.lineHeight, lineCount: lines.count))
        var vertices: [Float] = []
        func quad(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ s0: Float, _ t0: Float, _ s1: Float, _ t1: Float) {
            vertices += [x0, y0, s0, t0, x0, y1, s0, t1, x1, y0, s1, t0, x1, y0, s1, t0, x0, y1, s0, t1, x1, y1, s1, t1]
        }
        quad(margin, margin, panelRight, panelBottom, 0, 0, 0, 0)
        let panelVertexCount = vertices.count / 4
        let atlasWidth = Float(atlas.width), atlasHeight = Float(atlas.height)
        for (index, line) in lines.enumerated() {
            var pen = margin + padding
            let baseline = margin + padding + Float(atlas.ascender + index * atlas.lineHeight)
            for scalar in line.unicodeScalars {
                guard let glyph = atlas.glyphs[scalar] ?? atlas.glyphs[" "] else { continue }
                if glyph.width > 0 && glyph.height > 0 {
                    let x0 = pen + Float(glyph.left), y0 = baseline - Float(glyph.top)
                    quad(x0, y0, x0 + Float(glyph.width), y0 + Float(glyph.height),
                         Float(glyph.x) / atlasWidth, Float(glyph.y) / atlasHeight,
                         Float(glyph.x + glyph.width) / atlasWidth, Float(glyph.y + glyph.height) / atlasHeight)
                }
                pen += Float(glyph.advance)
            }
        }

        glDisable(GLenum(GL_DEPTH_TEST))
        glEnable(GLenum(GL_BLEND))
        // Colour blends over the scene; the framebuffer's alpha stays opaque.
        glBlendFuncSeparate(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ZERO), GLenum(GL_ONE))
        glUseProgram(program.id)
        glUniform2f(viewportLocation, Float(size.width), Float(size.height))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glUniform1i(fontLocation, 0)
        glBindVertexArray(panelAndGlyphs.vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), panelAndGlyphs.buffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), vertices.count * MemoryLayout<Float>.size, vertices, GLenum(GL_STREAM_DRAW))
        let panel = Self.panelColour, text = Self.textColour
        glUniform4f(colourLocation, panel.r, panel.g, panel.b, panel.a)
        glUniform1f(texturedLocation, 0)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, GLsizei(panelVertexCount))
        glUniform4f(colourLocation, text.r, text.g, text.b, text.a)
        glUniform1f(texturedLocation, 1)
        glDrawArrays(GLenum(GL_TRIANGLES), GLint(panelVertexCount), GLsizei(vertices.count / 4 - panelVertexCount))
        glBindVertexArray(0)
        glDisable(GLenum(GL_BLEND))
    }
}
