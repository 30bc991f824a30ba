import AttitudeMath
import CPanoramaRaster
import Calibration
import Camera
import Foundation
import Imaging
import Pixels
import RawLog
import Render

/// A synthetic calibration clip: a camera turning with a recorded motion inside a textured world, each
/// frame k drawn at video time t_k (k / fps, or its own time from `frameTimes`) with the attitude the IMU
/// had at log time t_k + `timeOffsetSeconds`, seen through the mount. The truth `calibrate` must find.
///
/// A plain pinhole with a global shutter is drawn by OpenGL. A lens, a rolling shutter or motion blur is
/// drawn by looking the world's panorama up along each pixel's ray through the lens (`panorama_raster`):
/// row y (0 at the top) shows log time t_k + `timeOffsetSeconds` + `readout` · (y / height - 1/2), so the offset
/// is the middle row's as `calibrate` writes it, and with an `exposureSeconds` each pixel is the
/// mean of 7 instants spread evenly over the exposure, centred on its row's time. The world is a
/// panorama at infinity, except with `translation`: the panorama is then on a sphere of `roomRadius`
/// about the start, and the camera moves inside it, so its move shows as parallax.
public struct SyntheticCalibrationClip: Sendable {
    /// The camera's vertical field of view in degrees and its picture size.
    public var verticalFieldOfViewDegrees: Double
    public var size: PictureSize
    public var width: Int { size.width }
    public var height: Int { size.height }
    public var framesPerSecond: Double
    public var duration: Double
    /// R with v_D = R·v_S from the IMU's frame to the camera's device frame.
    public var deviceFromIMU: Quaternion
    /// Log time = video time + `timeOffsetSeconds`.
    public var timeOffsetSeconds: Double
    /// Chooses the texture's colours.
    public var seed: UInt64
    /// The lens the picture is seen through; the field of view is the picture's height through it.
    public var lens: Lens = .pinhole
    /// Seconds from the first row's time to one row past the last: the rolling shutter's readout (0: global).
    public var readoutSeconds: Double = 0
    /// Seconds each row is exposed for: motion blur (0: none).
    public var exposureSeconds: Double = 0
    /// Each frame's time, seconds, rising (a variable frame rate); nil: frame k at k / fps.
    public var frameTimes: [Double]?
    /// Metres: how far the camera moves from its place, along a slow Lissajous path (0: it only turns).
    public var translation: Double = 0
    /// Metres: with `translation`, the panorama is on a sphere of this radius about the start (a room),
    /// so near and far do not matter but the move shows as parallax.
    public var roomRadius: Double = Self.defaultRoomRadius
    /// Metres: the room's radius where none is given.
    public static let defaultRoomRadius = 3.0

    public init(verticalFieldOfViewDegrees: Double, size: PictureSize, framesPerSecond: Double, duration: Double,
                deviceFromIMU: Quaternion, timeOffsetSeconds: Double, seed: UInt64) {
        self.verticalFieldOfViewDegrees = verticalFieldOfViewDegrees
        self.size = size
        self.framesPerSecond = framesPerSecond
        self.duration = duration
        self.deviceFromIMU = deviceFromIMU
        self.timeOffsetSeconds = timeOffsetSeconds
        self.seed = seed
    }

    /// The pinhole camera the clip is drawn with (the lens's intrinsics when it has a lens).
    public var camera: PinholeCamera {
        lensCamera?.pinhole ?? PinholeCamera(verticalFieldOfViewDegrees: verticalFieldOfViewDegrees, size: size)
    }

    /// The camera with its lens; nil when the lens does not reach the field of view's edge.
    public var lensCamera: LensCamera? {
        LensCamera(verticalFieldOfViewDegrees: verticalFieldOfViewDegrees, size: size, lens: lens)
    }

    /// The number of frames: `duration` × fps, rounded, or as many as `frameTimes` gives.
    public var frameCount: Int { frameTimes?.count ?? Int((duration * framesPerSecond).rounded()) }

    /// Frame k's time on the video's clock, seconds.
    public func time(ofFrame k: Int) -> Double { frameTimes?[k] ?? Double(k) / framesPerSecond }

    /// Whether the clip needs the ray lookup rather than OpenGL's pinhole.
    public var drawnAlongRays: Bool { lens != .pinhole || readoutSeconds != 0 || exposureSeconds > 0 || translation > 0 }

    /// The camera's place in the world at video time `t`, metres: a Lissajous path of `translation`'s
    /// amplitude, at 0.7, 0.45 and 0.9 Hz on the world's x, y and z.
    public func position(videoTime t: Double) -> SIMD3<Double> {
        translation * SIMD3(sin(2 * .pi * 0.7 * t), sin(2 * .pi * 0.45 * t + 1), 0.5 * sin(2 * .pi * 0.9 * t + 2))
    }

    /// Frame times around `framesPerSecond` that vary as a phone's do: each period is the mean period
    /// times 1 ± `jitter` (a share from 0 to 0.9), drawn from `seed`. The mean rate is kept.
    public static func variableFrameTimes(count: Int, framesPerSecond: Double, jitter: Double, seed: UInt64) -> [Double] {
        var random = GaussianNoise(seed: seed &+ 0x5851_F42D_4C95_7F2D)  // not the texture's or the gyroscope's draws
        var times: [Double] = []
        var t = 0.0
        for _ in 0..<count {
            times.append(t)
            t += (1 + jitter * (2 * random.uniform() - 1)) / framesPerSecond
        }
        return times
    }

    /// Draws every frame offscreen into `output` (which the caller finishes), calling `progress` with the
    /// frames written so far and the count after each; returns the count.
    @discardableResult
    public func render(motion: SyntheticMotion, assets: Assets, to output: VideoOutput,
                       progress: (Int, Int) -> Void = { _, _ in }) throws -> Int {
        try render(motion: motion, assets: assets, write: { image, _ in try output.write(image) }, progress: progress)
    }

    /// Draws every frame and hands it to `write` with its time in seconds; returns the count.
    @discardableResult
    public func render(motion: SyntheticMotion, assets: Assets, write: (RGBImage, Double) throws -> Void,
                       progress: (Int, Int) -> Void = { _, _ in }) throws -> Int {
        if drawnAlongRays { return try renderAlongRays(motion: motion, write: write, progress: progress) }
        // About as many texels per degree as the camera has pixels, so the texture neither blurs nor aliases.
        let panorama = CalibrationTexture.panorama(width: panoramaWidth, height: panoramaWidth / 2, seed: seed)
        return try HeadlessContext.within {
            let renderer = try SceneRenderer(assets: assets, readImage: RGBImage.read)
            renderer.setPanorama(panorama)
            let camera = self.camera
            let target = try OffscreenTarget(size: size)
            target.bind()
            // The die sits far below, fixed in the world like the texture, so it moves as the texture does.
            let nadir = Anchor(fixedBearingDegrees: 0, elevationDegrees: -90, distance: Anchor.maximumDistance)
            let frames = frameCount
            for k in 0..<frames {
                let q = motion.worldFromDevice(videoTime: time(ofFrame: k), deviceFromIMU: deviceFromIMU, timeOffsetSeconds: timeOffsetSeconds)
                renderer.draw(SceneState(worldFromDevice: q, camera: camera, anchor: nadir), size: size)
                try write(target.readImage(), time(ofFrame: k))
                progress(k + 1, frames)
            }
            return frames
        }
    }

    private var panoramaWidth: Int { min(8192, max(512, Int(360 * Double(height) / verticalFieldOfViewDegrees) / 2 * 2)) }

    /// The lens, rolling shutter and blur: each pixel's ray through the lens, turned into the world at
    /// its row's instants, looks the panorama up (no die: it sits far below, out of these clips' views).
    private func renderAlongRays(motion: SyntheticMotion, write: (RGBImage, Double) throws -> Void,
                                 progress: (Int, Int) -> Void) throws -> Int {
        guard let lensCamera else {
            throw SyntheticClipError("the lens does not reach a \(verticalFieldOfViewDegrees)° field of view")
        }
        let panorama = CalibrationTexture.panorama(width: panoramaWidth, height: panoramaWidth / 2, seed: seed)
        var rays = [Float](repeating: .nan, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                guard let r = lensCamera.ray(pixel: SIMD2(Double(x), Double(y))) else { continue }
                let i = 3 * (y * width + x)
                rays[i] = Float(r.x); rays[i + 1] = Float(r.y); rays[i + 2] = Float(r.z)
            }
        }
        let samples = exposureSeconds > 0 ? 7 : 1
        let cameraAxesInDevice = [SIMD3<Double>(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)].map(CameraFrame.camera(fromDevice:))
        var rotations = [Double](repeating: 0, count: samples * height * 9)
        var positions = [Double](repeating: 0, count: translation > 0 ? samples * height * 3 : 0)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let frames = frameCount
        for k in 0..<frames {
            let start = time(ofFrame: k)
            for s in 0..<samples {
                let blur = samples > 1 ? exposureSeconds * (Double(s) / Double(samples - 1) - 0.5) : 0
                for y in 0..<height {
                    let t = start + readoutSeconds * (Double(y) / Double(height) - 0.5) + blur
                    let q = motion.worldFromDevice(videoTime: t, deviceFromIMU: deviceFromIMU, timeOffsetSeconds: timeOffsetSeconds)
                    // World from C: C's axes in D (`CameraFrame`), turned into the world.
                    let columns = cameraAxesInDevice.map { q.rotate($0) }
                    let base = (s * height + y) * 9
                    for row in 0..<3 { for column in 0..<3 { rotations[base + 3 * row + column] = columns[column][row] } }
                    if translation > 0 {
                        let p = position(videoTime: t)
                        positions[(s * height + y) * 3] = p.x
                        positions[(s * height + y) * 3 + 1] = p.y
                        positions[(s * height + y) * 3 + 2] = p.z
                    }
                }
            }
            panorama.pixels.withUnsafeBufferPointer { pano in
                rays.withUnsafeBufferPointer { ray in
                    rotations.withUnsafeBufferPointer { rotation in
                        positions.withUnsafeBufferPointer { position in
                            pixels.withUnsafeMutableBufferPointer { out in
                                panorama_raster(pano.baseAddress, Int32(panorama.width), Int32(panorama.height), ray.baseAddress,
                                                Int32(width), Int32(height), rotation.baseAddress,
                                                translation > 0 ? position.baseAddress : nil, roomRadius, Int32(samples), out.baseAddress)
                            }
                        }
                    }
                }
            }
            try write(RGBImage(width: width, height: height, pixels: pixels), start)
            progress(k + 1, frames)
        }
        return frames
    }
}

/// Why a synthetic clip cannot be drawn.
public struct SyntheticClipError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
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
                let (b, e) = PanoramaLayout.bearingElevation(texel: i, j, width: width, height: height)
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
