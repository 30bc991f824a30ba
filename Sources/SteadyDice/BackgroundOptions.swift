import ArgumentParser
import Foundation
import Imaging
import Render

/// A source of background frames for the renderer. `latest()` never blocks: it returns the newest
/// complete frame and a generation number that changes whenever the frame does.
protocol BackgroundProvider: AnyObject {
    func latest() -> (image: RGBImage, generation: Int)?
    /// Stops any capture thread.
    func stop()
}

extension BackgroundProvider {
    func stop() {}
}

/// A still image, loaded once.
final class StillImageBackground: BackgroundProvider {
    private let image: RGBImage
    init(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ImagingError.unreadableImage(path: path, reason: "file not found")
        }
        image = try RGBImage.read(path: path)
    }
    func latest() -> (image: RGBImage, generation: Int)? { (image, 0) }
}

/// The options that choose what is drawn behind the die, shared by `run`, `snapshot` and `bench`.
struct BackgroundOptions: ParsableArguments {
    @Option(help: "none (a uniform colour), #RRGGBB, or an image file, centre-cropped to the frame's aspect.")
    var background: BackgroundChoice = .none

    /// The colour behind everything (the whole background for `none` and `#RRGGBB`).
    var clearColor: RGBColor {
        if case .colour(let colour) = background { return colour }
        return .defaultBackground
    }

    /// The frame source these options name, or nil for a plain colour. `forSnapshot` asks for a
    /// reproducible single frame rather than a live stream.
    func makeProvider(forSnapshot: Bool) throws -> BackgroundProvider? {
        switch background {
        case .none, .colour: return nil
        case .image(let path): return try StillImageBackground(path: path)
        }
    }
}
