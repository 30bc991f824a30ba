import Camera
import Foundation
import Pixels
import XCTest

/// A camera written as OpenCV's calibration tools write one (a FileStorage YAML with `camera_matrix`,
/// `distortion_coefficients`, `image_width`, `image_height`, and `distortion_model: fisheye` for a
/// fisheye), for tests that give `--intrinsics` a camera they know.
public enum OpenCVCameraFile {
    public static func write(_ camera: LensCamera, to path: String) throws {
        try text(camera).write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The file's text, lines numbered from 1 at `%YAML:1.0` (`camera_matrix` on line 3, `distortion_coefficients` on 8).
    public static func text(_ camera: LensCamera) -> String {
        let p = camera.pinhole
        let matrix = p.matrixRows.map { String($0) }.joined(separator: ", ")
        let coefficients = camera.lens.coefficients
        let fisheye: Bool = { if case .fisheye = camera.lens { return true } else { return false } }()
        return """
            %YAML:1.0
            ---
            camera_matrix: !!opencv-matrix
               rows: 3
               cols: 3
               dt: d
               data: [ \(matrix) ]
            distortion_coefficients: !!opencv-matrix
               rows: 1
               cols: \(coefficients.count)
               dt: d
               data: [ \(coefficients.map { String($0) }.joined(separator: ", ")) ]
            image_width: \(p.width)
            image_height: \(p.height)
            \(fisheye ? "distortion_model: fisheye" : "")
            """
    }

    /// A 320x240 camera with a radial lens as OpenCV's tools write it: the text tests change into hostile files.
    public static let sample320x240 = text(LensCamera(pinhole: PinholeCamera(fx: 300, fy: 300, cx: 159.5, cy: 119.5, size: PictureSize(fixedWidth: 320, height: 240)),
                                                      lens: .radial([0.1, -0.05, 0, 0, 0])))

    /// Writes `text` to `path` with each of `replacements` made; a replacement whose old text is not there fails the test.
    public static func write(_ text: String, replacing replacements: [(String, String)], to path: String,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        var text = text
        for (old, new) in replacements {
            XCTAssertTrue(text.contains(old), old, file: file, line: line)
            text = text.replacingOccurrences(of: old, with: new)
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
