import CFreeType
import Foundation

/// The glyphs of one font at one pixel size, rasterised by FreeType into a single-channel coverage
/// image (rows top first) for the HUD's text. No OpenGL here.
public struct FontAtlas: Sendable {
    /// Where one glyph sits in the atlas and how it sits on the baseline, in pixels.
    public struct Glyph: Equatable, Sendable {
        /// The glyph's bitmap in the atlas: top-left corner and size.
        public let x: Int, y: Int, width: Int, height: Int
        /// From the pen position to the bitmap's left edge, and from the baseline up to its top row.
        public let left: Int, top: Int
        /// How far the pen moves on.
        public let advance: Int
    }

    /// The characters the HUD uses: printable ASCII and the degree sign.
    public static let characters: [Unicode.Scalar] = (32...126).compactMap(Unicode.Scalar.init) + ["\u{B0}"]

    /// DejaVu Sans Mono from Debian's fonts-dejavu-core (installed by scripts/setup).
    public static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"

    public let pixelSize: Int
    /// Coverage 0-255, `width * height` bytes, rows top first.
    public let pixels: [UInt8]
    public let width: Int, height: Int
    public let glyphs: [Unicode.Scalar: Glyph]
    /// Baseline to the top of the tallest glyphs, and baseline to baseline, in pixels.
    public let ascender: Int, lineHeight: Int

    /// Rasterises `characters` of the font at `path` at `pixelSize` pixels per em.
    public init(fontPath path: String = FontAtlas.defaultFontPath, pixelSize: Int) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw RenderError.fontFailed(path: path, reason: "file not found (Debian: apt-get install fonts-dejavu-core, as scripts/setup does)")
        }
        var libraryHandle: FT_Library?
        guard FT_Init_FreeType(&libraryHandle) == 0, let library = libraryHandle else {
            throw RenderError.fontFailed(path: path, reason: "FreeType failed to initialise")
        }
        defer { FT_Done_FreeType(library) }
        var faceHandle: FT_Face?
        let opened = FT_New_Face(library, path, 0, &faceHandle)
        guard opened == 0, let face = faceHandle else {
            throw RenderError.fontFailed(path: path, reason: "FreeType cannot open it (error \(opened)); is it a font file?")
        }
        defer { FT_Done_Face(face) }
        guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)) == 0 else {
            throw RenderError.fontFailed(path: path, reason: "cannot be set to \(pixelSize) px")
        }

        // Render every glyph once, then pack them on a grid of equal cells.
        struct Bitmap { let scalar: Unicode.Scalar; let width: Int; let height: Int; let rows: [UInt8]; let left: Int; let top: Int; let advance: Int }
        var bitmaps: [Bitmap] = []
        for scalar in Self.characters {
            guard FT_Load_Char(face, FT_ULong(scalar.value), FT_Int32(FT_LOAD_RENDER)) == 0, let slot = face.pointee.glyph else {
                throw RenderError.fontFailed(path: path, reason: "cannot render U+\(String(scalar.value, radix: 16, uppercase: true))")
            }
            let bitmap = slot.pointee.bitmap
            let w = Int(bitmap.width), h = Int(bitmap.rows), pitch = Int(bitmap.pitch)
            var rows = [UInt8](repeating: 0, count: w * h)
            if let buffer = bitmap.buffer, w > 0, h > 0 {
                for row in 0..<h { for column in 0..<w { rows[row * w + column] = buffer[row * pitch + column] } }
            }
            bitmaps.append(Bitmap(scalar: scalar, width: w, height: h, rows: rows, left: Int(slot.pointee.bitmap_left),
                                  top: Int(slot.pointee.bitmap_top), advance: Int(slot.pointee.advance.x) >> 6))
        }
        let cellWidth = (bitmaps.map(\.width).max() ?? 1) + 1
        let cellHeight = (bitmaps.map(\.height).max() ?? 1) + 1
        let columns = 16
        let atlasWidth = columns * cellWidth
        let atlasHeight = ((bitmaps.count + columns - 1) / columns) * cellHeight
        var atlas = [UInt8](repeating: 0, count: atlasWidth * atlasHeight)
        var glyphs: [Unicode.Scalar: Glyph] = [:]
        for (index, b) in bitmaps.enumerated() {
            let x0 = (index % columns) * cellWidth, y0 = (index / columns) * cellHeight
            for row in 0..<b.height { for column in 0..<b.width { atlas[(y0 + row) * atlasWidth + x0 + column] = b.rows[row * b.width + column] } }
            glyphs[b.scalar] = Glyph(x: x0, y: y0, width: b.width, height: b.height, left: b.left, top: b.top, advance: b.advance)
        }
        let metrics = face.pointee.size.pointee.metrics
        self.pixelSize = pixelSize
        self.pixels = atlas
        self.width = atlasWidth
        self.height = atlasHeight
        self.glyphs = glyphs
        self.ascender = Int(metrics.ascender + 63) >> 6
        self.lineHeight = Int(metrics.height + 63) >> 6
    }

    /// The width in pixels of `text` on one line; characters the atlas lacks advance like a space.
    public func width(of text: String) -> Int {
        let space = glyphs[" "]?.advance ?? pixelSize / 2
        return text.unicodeScalars.reduce(0) { $0 + (glyphs[$1]?.advance ?? space) }
    }
}
