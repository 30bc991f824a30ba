import AttitudeMath
import Camera
import Foundation
import Pixels

/// Where the HUD's panel and lines go in a viewport, and at what font size. Pure arithmetic, no
/// OpenGL: the panel sits in the top-left corner, scales with the window, and always ends above the
/// top edge of the die as it is drawn at the identity attitude.
public struct HUDLayout: Equatable, Sendable {
    /// Font size in pixels per em; 0 when the viewport is too small for a readable HUD.
    public let pixelSize: Int
    /// The smallest font size the HUD is drawn at.
    public static let minimumPixelSize = 7
    /// Columns a line may use before it is cut short.
    public static let maximumColumns = 46

    /// Picks the font size for `lineCount` lines in a viewport of `size`: about a thirtieth
    /// of the shorter side, made smaller until the panel ends above `model` (the die, or the larger box)
    /// at the identity view and a full line fits in the width. 0 when not even `minimumPixelSize` fits.
    /// An `anchored` model sits wherever the world puts it, not in front of the camera: the panel then
    /// keeps the die's layout.
    public init(size: PictureSize, lineCount: Int, model: SceneModel = .die, anchored: Bool = false) {
        pixelSize = Self.pixelSize(size: size, lineCount: lineCount, model: anchored ? .die : model)
    }

    private static func pixelSize(size viewport: PictureSize, lineCount: Int, model: SceneModel) -> Int {
        let (width, height) = (viewport.width, viewport.height)
        func fits(_ size: Int) -> Bool {
            // DejaVu Sans Mono: 1.17 em from baseline to baseline, glyphs 0.6 em wide; rounded up here.
            let bottom = Self.panelBottom(pixelSize: size, lineHeight: Int(ceil(1.2 * Double(size))), lineCount: lineCount)
            let right = Self.margin(pixelSize: size) + 2 * Self.padding(pixelSize: size)
                + Self.maximumColumns * Int(ceil(0.61 * Double(size)))
            return Double(bottom) < Self.identityTop(height: height, model: model) - 2 && right <= width
        }
        var size = Int(Double(min(width, height)) / 30)
        while size >= Self.minimumPixelSize && !fits(size) { size -= 1 }
        return size >= Self.minimumPixelSize ? size : 0
    }

    /// The smallest viewport a HUD of `lineCount` lines fits in above `model`: the least width, then the
    /// least height at that width (what `--hud`'s refusal asks for).
    public static func smallestSize(lineCount: Int, model: SceneModel = .die, anchored: Bool = false) -> PictureSize {
        func fits(_ width: Int, _ height: Int) -> Bool {
            HUDLayout(size: PictureSize(fixedWidth: width, height: height), lineCount: lineCount, model: model, anchored: anchored)
                .pixelSize > 0
        }
        let largest = PictureSize.largestSide
        let width = PictureSize.sides.first { fits($0, largest) } ?? largest
        let height = PictureSize.sides.first { fits(width, $0) } ?? largest
        return PictureSize(fixedWidth: width, height: height)
    }

    /// Space between the panel and the window's edges, and between the panel's edge and its text.
    public static func margin(pixelSize: Int) -> Int { max(2, pixelSize / 2) }
    public static func padding(pixelSize: Int) -> Int { max(2, pixelSize / 2) }

    /// The panel's bottom edge, pixels from the top of the viewport.
    public static func panelBottom(pixelSize: Int, lineHeight: Int, lineCount: Int) -> Int {
        margin(pixelSize: pixelSize) + 2 * padding(pixelSize: pixelSize) + lineCount * lineHeight
    }

    /// The top edge of the die's "1" face at the identity attitude, pixels from the top: the face's
    /// half-edge 0.5 at distance 4 − 0.5 under the default 60° vertical field of view.
    public static func identityDieTop(height: Int) -> Double {
        identityTop(height: height, model: .die)
    }

    /// The top edge of `model`'s face towards the camera at the identity attitude, pixels from the top:
    /// its half-extent along Y at distance 4 minus its half-extent along Z (the box: 1 at 3.5).
    public static func identityTop(height: Int, model: SceneModel) -> Double {
        let extents = model.halfExtents
        let distance = Double(DieView.defaultViewOffset.z) - extents.z
        let halfExtent = extents.y / distance / tan(PinholeCamera.defaultFieldOfViewDegrees * .pi / 360)
        return Double(height) / 2 * (1 - halfExtent)
    }
}
