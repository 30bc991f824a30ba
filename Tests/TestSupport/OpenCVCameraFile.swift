import Camera
import Foundation

/// A camera written as OpenCV's calibration tools write one (a FileStorage YAML with `camera_matrix`,
/// `distortion_coefficients`, `image_width`, `image_height`, and `distortion_model: fisheye` for a
/// fisheye), for tests that give `--intrinsics` a camera they know.
public enum OpenCVCameraFile {
    public static func write(_ camera: LensCamera, to path: String) throws {
        let p = camera.pinhole
        let matrix = p.matrixRows.map { String($0) }.joined(separator: ", ")
        let coefficients = camera.lens.coefficients
        let fisheye: Bool = { if case .fisheye = camera.lens { return true } else { return false } }()
        try """
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
            """.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
