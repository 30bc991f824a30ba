import Camera
import Foundation
import Pixels

/// One calibrated lens of Gyroflow's lens profile database (gyroflow/lens_profiles, CC0): a camera in one mode,
/// calibrated at one picture size, as OpenCV's fisheye model.
public struct LensProfile: Equatable, Sendable {
    /// The profile's file name without `.json`, which names its source (`lenses/SOURCE.md`).
    public var name: String
    /// "GoPro".
    public var brand: String
    /// The camera as the profile spells it ("HERO5 Black", "Hero10 black"); compared without case.
    public var model: String
    /// The mode ("Wide", "Linear"), as the profile's `lens_model` names it.
    public var mode: String
    /// The camera and lens at the calibration's picture size (`calib_dimension`).
    public var camera: LensCamera

    public init(name: String, brand: String, model: String, mode: String, camera: LensCamera) {
        self.name = name; self.brand = brand; self.model = model; self.mode = mode; self.camera = camera
    }

    /// The calibration's picture size, pixels.
    public var size: PictureSize { camera.pinhole.size }
    public var width: Int { camera.pinhole.width }
    public var height: Int { camera.pinhole.height }

    /// Whether this profile is for the camera named `model` (the spelling's case aside).
    public func isFor(model other: String) -> Bool {
        model.caseInsensitiveCompare(other) == .orderedSame
    }

    /// The same lens for a picture of `newSize`, of the same aspect: the camera matrix scaled by the width's ratio,
    /// s = width / this profile's width, edges onto edges (u' + 0.5 = s·(u + 0.5), docs/conventions.md); the lens's
    /// coefficients, which act on normalised coordinates, are unchanged.
    public func camera(size newSize: PictureSize) -> LensCamera {
        let s = Double(newSize.width) / Double(width)
        let p = camera.pinhole
        return LensCamera(pinhole: PinholeCamera(fx: p.fx * s, fy: p.fy * s, cx: s * (p.cx + 0.5) - 0.5, cy: s * (p.cy + 0.5) - 0.5,
                                                 skew: p.skew * s, size: newSize),
                          lens: camera.lens)
    }

    // MARK: - The profile's file

    /// The fields of a profile this reads; the rest of the format is left out.
    private struct File: Decodable {
        struct Dimension: Decodable { var w: Int; var h: Int }
        struct FisheyeParameters: Decodable {
            var camera_matrix: [[Double]]
            var distortion_coeffs: [Double]
        }
        var camera_brand: String?
        var camera_model: String
        var lens_model: String?
        var calib_dimension: Dimension
        var use_opencv_fisheye: Bool?
        var use_opencv_standard: Bool?
        var fisheye_params: FisheyeParameters
    }

    /// A profile's JSON, named `name` (its file's name without `.json`). Only OpenCV's fisheye model is taken (the model
    /// of every GoPro profile): a profile marked `use_opencv_standard`, a camera matrix that is not 3x3 with a camera's
    /// values, or coefficients other than four, are refused naming the field.
    public init(json: Data, name: String) throws(LensProfileError) {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: json)
        } catch {
            throw LensProfileError(name: name, reason: "is not a lens profile's JSON (\(error))")
        }
        if file.use_opencv_standard == true && file.use_opencv_fisheye != true {
            throw LensProfileError(name: name, reason: "describes OpenCV's standard model (use_opencv_standard), which is not read here")
        }
        let m = file.fisheye_params.camera_matrix
        guard m.count == 3, m.allSatisfy({ $0.count == 3 }) else {
            throw LensProfileError(name: name, reason: "fisheye_params.camera_matrix is not 3x3")
        }
        let (w, h) = (file.calib_dimension.w, file.calib_dimension.h)
        let size: PictureSize
        do { size = try PictureSize(width: w, height: h) } catch {
            throw LensProfileError(name: name, reason: "calib_dimension \(w)x\(h) is no picture's size (\(error))")
        }
        if let problem = PinholeCamera.problem(fx: m[0][0], fy: m[1][1], cx: m[0][2], cy: m[1][2], size: size) {
            throw LensProfileError(name: name, reason: "fisheye_params.camera_matrix: \(problem)")
        }
        let lens: Lens
        switch Lens.make(model: "fisheye", coefficients: file.fisheye_params.distortion_coeffs) {
        case .success(let made): lens = made
        case .failure(let error): throw LensProfileError(name: name, reason: "fisheye_params.distortion_coeffs: \(error)")
        }
        self.init(name: name, brand: file.camera_brand ?? "", model: file.camera_model, mode: file.lens_model ?? "",
                  camera: LensCamera(pinhole: PinholeCamera(fx: m[0][0], fy: m[1][1], cx: m[0][2], cy: m[1][2], skew: m[0][1],
                                                            size: size), lens: lens))
    }
}

/// Why a lens profile cannot be read: the profile's name and what is wrong with it.
public struct LensProfileError: Error, CustomStringConvertible, Equatable, Sendable {
    public var name: String
    public var reason: String

    public init(name: String, reason: String) {
        self.name = name; self.reason = reason
    }

    public var description: String { "lens profile \(name): \(reason)" }
}
