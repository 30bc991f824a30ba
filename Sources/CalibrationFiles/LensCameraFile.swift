import Camera
import CVFileStorage
import Foundation
import Pixels
import Rig
import SafeText

/// A camera read from a file as OpenCV's calibration tools write it: the pinhole for the calibrated picture size and the
/// lens, its distortion coefficients in OpenCV's radial-tangential model (k1, k2, p1, p2[, k3, ...], the default) or its
/// fisheye model (k1..k4, when `distortion_model: fisheye`).
extension LensCamera {
    /// Reads an OpenCV FileStorage file (YAML or XML) with OpenCV's own reader: `camera_matrix` (3x3, with or without a
    /// skew K[0][1]), `distortion_coefficients` (4, 5, 8, 12 or 14 values), `image_width`, `image_height`; other keys
    /// are ignored. Errors name the file, the line and the key.
    /// A calibration file (`steady-dice calibrate`'s) whose camera is undetermined is refused as a camera
    /// (`RigApplyingError.undetermined`, with `Rig.refusal(toServeAs:)`).
    public static func read(path: String) throws -> LensCamera {
        try FileStorageText.locatingErrors(in: path) {
            let sizes = try FileStorageText.check(path: path, integers: ["image_width", "image_height"], range: PictureSize.sides)
            if try Rig.readNotes(path: path).undetermined.contains(where: { $0.quantity == .camera }),
               let refusal = try Rig.readUnlocated(path: path).refusal(toServeAs: .camera) {
                throw RigApplyingError.undetermined(path: path, quantity: .camera, refusal: refusal)
            }
            return try readUnlocated(path: path, sizes: sizes)
        }
    }

    /// The camera's keys of a file `FileStorageText.check` passed, with the whole numbers it read (`sizes`).
    static func readUnlocated(path: String, sizes: [String: Set<Int>]) throws -> LensCamera {
        var raw = cvs_intrinsics()
        try withErrorBuffer { err, len in cvs_intrinsics_read(path, &raw, err, len) }
            describe: { CalibrationFileError(path: path, reason: $0) }
        let k = withUnsafeBytes(of: raw.camera_matrix) { Array($0.bindMemory(to: Double.self)) }
        let distortion = withUnsafeBytes(of: raw.distortion) { Array($0.bindMemory(to: Double.self).prefix(Int(raw.distortion_count))) }
        func fail(_ reason: String) -> CalibrationFileError { CalibrationFileError(path: path, reason: reason) }
        guard k.allSatisfy(\.isFinite) else { throw fail("camera_matrix: a value is not finite") }
        guard distortion.allSatisfy(\.isFinite) else { throw fail("distortion_coefficients: a value is not finite") }
        guard k[3] == 0, k[6] == 0, k[7] == 0, k[8] == 1 else {
            throw fail("camera_matrix: expected [fx s cx; 0 fy cy; 0 0 1] (s the skew, usually 0)")
        }
        // OpenCV's value is kept only when the text gave it: one written in a form the text is not read in
        // (`{image_width: 4294967616}`) could have wrapped on OpenCV's way to an int.
        for (key, value) in [("image_width", raw.image_width), ("image_height", raw.image_height)]
        where !(sizes[key] ?? []).contains(Int(value)) {
            throw fail("\(key): write it as `\(key): N` on a line of its own (or `<\(key)>N</\(key)>`), N from 1 to \(PictureSize.largestSide)")
        }
        let size: PictureSize
        do { size = try PictureSize(width: Int(raw.image_width), height: Int(raw.image_height)) } catch { throw fail("image_width, image_height: \(error)") }
        let (width, height) = (size.width, size.height)
        if let problem = PinholeCamera.problem(fx: k[0], fy: k[4], cx: k[2], cy: k[5], size: size) {
            throw fail("camera_matrix: " + problem)
        }
        // A skew is a shear of the pixel grid: one past 45° (|s| > fx) is no sensor's.
        guard abs(k[1]) <= k[0] else { throw fail("camera_matrix: the skew s = \(k[1]) is larger than fx = \(k[0]); a skew is near 0") }
        for (name, f, side) in [("height", k[4], height), ("width", k[0], width)] {
            let degrees = PinholeCamera.fieldOfViewDegrees(across: side, focalLength: f)
            guard PinholeCamera.isPhysical(fieldOfViewDegrees: degrees) else {
                throw fail(String(format: "camera_matrix: a field of view of %.3g° across the picture's %@ (%d pixels at %@ = %g); "
                                  + "taken: more than %g° and less than %g°", degrees, name, side, name == "height" ? "fy" : "fx", f,
                                  PinholeCamera.fieldOfViewBounds.lowerBound, PinholeCamera.fieldOfViewBounds.upperBound))
            }
        }
        let model = withUnsafeBytes(of: raw.distortion_model) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let lens: Lens
        switch Lens.make(model: model.isEmpty ? nil : model, coefficients: distortion) {
        case .success(let made): lens = made
        case .failure(let error):
            let about = model.isEmpty || error.description.hasPrefix("coefficient") ? "distortion_coefficients: " : "distortion_model: "
            throw fail(about + error.description)
        }
        return LensCamera(pinhole: PinholeCamera(fx: k[0], fy: k[4], cx: k[2], cy: k[5], skew: k[1], size: size),
                          lens: lens)
    }
}
