import AttitudeMath
import Calibration
import Camera
import Foundation
import Imaging
import Render

/// A synthetic calibration clip: a camera turning with a recorded motion inside a textured world, each
/// frame k drawn at video time k / fps with the attitude the IMU had at log time k / fps + `timeOffset`,
/// seen through the mount. The truth `calibrate` must find.
public struct SyntheticCalibrationClip: Sendable {
    /// The camera's vertical field of view in degrees and its picture size.
    public var fieldOfViewDegrees: Double
    public var width: Int, height: Int
    public var framesPerSecond: Double
    public var duration: Double
    /// R with v_D = R·v_S from the IMU's frame to the camera's device frame.
    public var deviceFromIMU: Quaternion
    /// Log time = video time + `timeOffset`.
    public var timeOffset: Double
    /// Chooses the texture's colours.
    public var seed: UInt64

    public init(fieldOfViewDegrees: Double, width: Int, height: Int, framesPerSecond: Double, duration: Double,
                deviceFromIMU: Quaternion, timeOffset: Double, seed: UInt64) {
        self.fieldOfViewDegrees = fieldOfViewDegrees
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.duration = duration
        self.deviceFromIMU = deviceFromIMU
        self.timeOffset = timeOffset
        self.seed = seed
    }

    /// The pinhole camera the clip is drawn with.
    public var camera: PinholeCamera { PinholeCamera(verticalFieldOfViewDegrees: fieldOfViewDegrees, width: width, height: height) }

    /// The number of frames: `duration` × fps, rounded.
    public var frameCount: Int { Int((duration * framesPerSecond).rounded()) }

    /// Draws every frame offscreen into `output` (which the caller finishes), calling `progress` with the
    /// frames written so far and the count after each; returns the count.
    @discardableResult
    public func render(motion: SyntheticMotion, assets: Assets, to output: VideoOutput,
                       progress: (Int, Int) -> Void = { _, _ in }) throws -> Int {
        // About as many texels per degree as the camera has pixels, so the texture neither blurs nor aliases.
        let panoramaWidth = min(8192, max(512, Int(360 * Double(height) / fieldOfViewDegrees) / 2 * 2))
        let panorama = CalibrationTexture.panorama(width: panoramaWidth, height: panoramaWidth / 2, seed: seed)
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let renderer = try SceneRenderer(assets: assets)
        renderer.setPanorama(panorama)
        let camera = self.camera
        let target = try OffscreenTarget(width: width, height: height)
        target.bind()
        // The die sits far below, fixed in the world like the texture, so it moves as the texture does.
        let nadir = Anchor(bearingDegrees: 0, elevationDegrees: -90, distance: Anchor.maximumDistance)
        let frames = frameCount
        for k in 0..<frames {
            let q = motion.worldFromDevice(videoTime: Double(k) / framesPerSecond, deviceFromIMU: deviceFromIMU, timeOffset: timeOffset)
            renderer.draw(SceneState(worldFromDevice: q, camera: camera, anchor: nadir), width: width, height: height)
            try output.write(target.readImage())
            progress(k + 1, frames)
        }
        return frames
    }
}

/// A texture rich in corners at several scales: the sphere of directions cut into cubes of about 10°,
/// 3° and 1°, each a random colour. Cut in 3-D rather than in the panorama's rows and columns, the
/// blocks keep their size up to the poles, where an equirectangular grid would pinch into slivers
/// that alias (and move unlike the world) in a camera picture.
public enum CalibrationTexture {
    public static func panorama(width: Int, height: Int, seed: UInt64) -> RGBImage {
        func hash(_ cell: SIMD3<Int>, _ c: UInt64) -> Int {
            var h = UInt64(bitPattern: Int64(cell.x)) &* 0x9E37_79B9_7F4A_7C15
            h ^= UInt64(bitPattern: Int64(cell.y)) &* 0xC2B2_AE3D_27D4_EB4F
            h ^= UInt64(bitPattern: Int64(cell.z)) &* 0x1656_67B1_9E37_79F9
            h ^= (seed &+ c) &* 0x27D4_EB2F_1656_67C5
            h ^= h >> 29; h = h &* 0xBF58_476D_1CE4_E5B9; h ^= h >> 32
            return Int(h & 0xFF)
        }
        let cellsPerUnit = [6.0, 20.0, 60.0]
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for j in 0..<height {
            for i in 0..<width {
                let b = (Double(i) + 0.5) * 360 / Double(width) - 180, e = 90 - (Double(j) + 0.5) * 180 / Double(height)
                let d = PanoramaLayout.direction(bearing: b, elevation: e)
                var rgb = SIMD3<Int>(0, 0, 0)
                for (n, k) in cellsPerUnit.enumerated() {
                    let cell = SIMD3(Int((d.x * k).rounded(.down)), Int((d.y * k).rounded(.down)), Int((d.z * k).rounded(.down)))
                    rgb &+= SIMD3(hash(cell, UInt64(3 * n)), hash(cell, UInt64(3 * n + 1)), hash(cell, UInt64(3 * n + 2)))
                }
                let base = 3 * (j * width + i)
                pixels[base] = UInt8(rgb.x / 3)
                pixels[base + 1] = UInt8(rgb.y / 3)
                pixels[base + 2] = UInt8(rgb.z / 3)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
