import AttitudeMath
import Camera
import CommandTestSupport
import CVShim
import Foundation
import Imaging
import PictureTestSupport
import Pixels
import Render
import TestSupport
import XCTest

/// The die drawn through a distorted lens (`--intrinsics` with distortion, `--lens-drawing warp`, the
/// default) lands on the picture's own pixels: its silhouette against an independent projection of its
/// surface by OpenCV (`cv::projectPoints`, `cv::fisheye::projectPoints`).
final class LensDrawingTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "lens-drawing" }

    static let width = 640, height = 480
    static let matrix = [420.0, 0, 319.5, 0, 420, 239.5, 0, 0, 1]
    static let fisheyeMatrix = [230.0, 0, 319.5, 0, 230, 239.5, 0, 0, 1]
    /// Looking level at bearing -90° (a quarter turn about x from looking straight down).
    static let attitude = "0.7071068,0.7071068,0,0"

    func writeIntrinsics(_ name: String, matrix: [Double], distortion: [Double], fisheye: Bool) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let pinhole = PinholeCamera(fx: matrix[0], fy: matrix[4], cx: matrix[2], cy: matrix[5], skew: matrix[1], size: PictureSize(fixedWidth: Self.width, height: Self.height))
        let lens: Lens = fisheye ? .fisheye(SIMD4(distortion[0], distortion[1], distortion[2], distortion[3])) : .radial(distortion)
        try OpenCVCameraFile.write(LensCamera(pinhole: pinhole, lens: lens), to: path)
        return path
    }

    /// Pixels of the die's surface, projected by OpenCV: a dense grid on each face of the cube, each point
    /// put in the camera frame by the anchored die's model-view, marked at its nearest pixel.
    func expectedMask(anchor: Anchor, matrix: [Double], distortion: [Double], fisheye: Bool) throws -> [Bool] {
        let worldFromDevice = Quaternion(w: 0.7071068, x: 0.7071068, y: 0, z: 0).normalized()!
        let modelView = anchor.modelView(worldFromDevice: worldFromDevice)
        let n = 240
        var points: [Double] = []
        for axis in 0..<3 {
            for side in [-0.5, 0.5] {
                for i in 0...n {
                    for j in 0...n {
                        var p = SIMD3<Double>(repeating: 0)
                        p[axis] = side
                        p[(axis + 1) % 3] = Double(i) / Double(n) - 0.5
                        p[(axis + 2) % 3] = Double(j) / Double(n) - 0.5
                        let eye = modelView.apply(SIMD4(Float(p.x), Float(p.y), Float(p.z), 1))
                        // OpenCV's camera frame C from the view (D): x right, y down, z forward.
                        guard -eye.z > 0.1 else { continue }
                        points += [Double(eye.x), -Double(eye.y), -Double(eye.z)]
                    }
                }
            }
        }
        let count = points.count / 3
        var pixels = [Double](repeating: 0, count: 2 * count)
        var err = [CChar](repeating: 0, count: 256)
        let status = cvs_project_points(fisheye ? 1 : 0, nil, matrix, distortion, Int32(distortion.count), points, Int32(count), &pixels,
                                        &err, err.count)
        XCTAssertEqual(status, 0, String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        // OpenCV's projectPoints takes fx, fy, cx, cy and not the skew K[0][1]: u moves by skew · y_distorted, written
        // out here, y_distorted = (v - cy) / fy.
        for k in 0..<count { pixels[2 * k] += matrix[1] * (pixels[2 * k + 1] - matrix[5]) / matrix[4] }
        var mask = [Bool](repeating: false, count: Self.width * Self.height)
        for k in 0..<count {
            let x = Int(pixels[2 * k].rounded()), y = Int(pixels[2 * k + 1].rounded())
            guard x >= 0, y >= 0, x < Self.width, y < Self.height else { continue }
            mask[y * Self.width + x] = true
        }
        return mask
    }

    /// The pixels `snapshot` drew the die on: those not of the plain background colour.
    func drawnMask(intrinsics: String, anchor: String, extra: [String] = []) throws -> [Bool] {
        let output = folder.appendingPathComponent("die-\(UUID().uuidString.prefix(6)).png").path
        let run = try CommandHarness.run(["snapshot", "--attitude", Self.attitude, "--anchor", anchor, "--intrinsics", intrinsics,
                                          "--size", "\(Self.width)x\(Self.height)", "--background", "#ff00ff", "-o", output] + extra)
        XCTAssertEqual(run.status, 0, run.stderr)
        let image = try RGBImage.read(path: output)
        return PixelMask.differing(from: RGBColor(r: 255, g: 0, b: 255), in: image)
    }

    func check(name: String, matrix: [Double], distortion: [Double], fisheye: Bool, anchor: (Double, Double, Double)) throws {
        let intrinsics = try writeIntrinsics("\(name).yml", matrix: matrix, distortion: distortion, fisheye: fisheye)
        let placed = Anchor(fixedBearingDegrees: anchor.0, elevationDegrees: anchor.1, distance: anchor.2)
        let drawn = try drawnMask(intrinsics: intrinsics, anchor: "\(anchor.0),\(anchor.1),\(anchor.2)")
        let expected = try expectedMask(anchor: placed, matrix: matrix, distortion: distortion, fisheye: fisheye)
        XCTAssertGreaterThan(expected.filter { $0 }.count, 2000, "\(name): the die is in view")
        let iou = PixelMask.intersectionOverUnion(drawn, expected)
        XCTAssertGreaterThan(iou, 0.95, "\(name): the die through the lens against OpenCV's projection")
        // The same die through the pinhole alone misses: the lens matters here, so the check can fail.
        let pinhole = try expectedMask(anchor: placed, matrix: matrix, distortion: [0, 0, 0, 0], fisheye: false)
        XCTAssertLessThan(PixelMask.intersectionOverUnion(drawn, pinhole), 0.85, "\(name): the lens moved the die")
    }

    func testTheDieThroughARadialLens() throws {
        try check(name: "radial", matrix: Self.matrix, distortion: [-0.32, 0.1, 0.001, -0.001, 0], fisheye: false, anchor: (-60, 12, 5))
    }

    /// Fuzz round 41: a camera matrix with a skew is drawn through with it, K = [fx s cx; 0 fy cy; 0 0 1] (a large
    /// one here, so that leaving it out moves the die by many pixels).
    func testTheDieThroughASkewedRadialLens() throws {
        var skewed = Self.matrix
        skewed[1] = 60
        try check(name: "skewed", matrix: skewed, distortion: [-0.32, 0.1, 0.001, -0.001, 0], fisheye: false, anchor: (-60, 12, 5))
        let intrinsics = try writeIntrinsics("skewed.yml", matrix: skewed, distortion: [-0.32, 0.1, 0.001, -0.001, 0], fisheye: false)
        let drawn = try drawnMask(intrinsics: intrinsics, anchor: "-60,12,5")
        let unskewed = try expectedMask(anchor: Anchor(fixedBearingDegrees: -60, elevationDegrees: 12, distance: 5), matrix: Self.matrix,
                                        distortion: [-0.32, 0.1, 0.001, -0.001, 0], fisheye: false)
        XCTAssertLessThan(PixelMask.intersectionOverUnion(drawn, unskewed), 0.9, "the skew moved the die")
    }

    func testTheDieThroughAFisheye() throws {
        try check(name: "fisheye", matrix: Self.fisheyeMatrix, distortion: [0.02, -0.01, 0.005, -0.001], fisheye: true,
                  anchor: (-40, 25, 2.5))
    }

    /// `run`'s window draws the die through the lens as `snapshot` does: the frame it shows equals the
    /// offscreen one, pixel for pixel.
    func testTheWindowDrawsThroughTheLensAsTheSnapshotDoes() throws {
        try Requirement.display()
        let intrinsics = try writeIntrinsics("window.yml", matrix: Self.matrix, distortion: [-0.32, 0.1, 0.001, -0.001, 0], fisheye: false)
        let common = ["--attitude", Self.attitude, "--anchor", "-60,12,5", "--intrinsics", intrinsics, "--size", "\(Self.width)x\(Self.height)",
                      "--background", "#ff00ff"]
        let window = folder.appendingPathComponent("window.png").path
        let run = try CommandHarness.run(["run"] + common + ["--frames", "3", "--snapshot-on-exit", window])
        XCTAssertEqual(run.status, 0, run.stderr)
        let snapshot = folder.appendingPathComponent("snapshot.png").path
        let shot = try CommandHarness.run(["snapshot"] + common + ["-o", snapshot])
        XCTAssertEqual(shot.status, 0, shot.stderr)
        let shown = try RGBImage.read(path: window), drawn = try RGBImage.read(path: snapshot)
        XCTAssertEqual(CommandHarness.differingChannels(shown.pixels, drawn.pixels), 0, "the window and the snapshot differ")
        XCTAssertGreaterThan(drawn.pixels.count / 3 - (0..<(drawn.pixels.count / 3)).filter {
            drawn.pixels[3 * $0] == 255 && drawn.pixels[3 * $0 + 1] == 0 && drawn.pixels[3 * $0 + 2] == 255
        }.count, 2000, "the die is in view")
    }

    /// `--lens-drawing warp` keeps the picture as taken: every background pixel is the input's.
    func testTheWarpedPictureIsThePictureAsTaken() throws {
        var pixels = [UInt8](repeating: 0, count: Self.width * Self.height * 3)
        for y in 0..<Self.height { for x in 0..<Self.width where (x / 16 + y / 16) % 2 == 0 { for c in 0..<3 { pixels[(y * Self.width + x) * 3 + c] = 230 } } }
        let checker = RGBImage(width: Self.width, height: Self.height, pixels: pixels)
        let picture = folder.appendingPathComponent("checker.png").path
        try checker.write(path: picture)
        let intrinsics = try writeIntrinsics("fe.yml", matrix: Self.fisheyeMatrix, distortion: [0.02, -0.01, 0.005, -0.001], fisheye: true)
        let output = folder.appendingPathComponent("warp.png").path
        // The die anchored behind the camera: only the background shows.
        let run = try CommandHarness.run(["snapshot", "--attitude", Self.attitude, "--anchor", "90,0", "--intrinsics", intrinsics,
                                          "--size", "\(Self.width)x\(Self.height)", "--background", picture, "-o", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(CommandHarness.differingChannels(try RGBImage.read(path: output).pixels, checker.pixels, tolerance: 0), 0)
        let undistorted = folder.appendingPathComponent("undistort.png").path
        let other = try CommandHarness.run(["snapshot", "--attitude", Self.attitude, "--anchor", "90,0", "--intrinsics", intrinsics,
                                            "--size", "\(Self.width)x\(Self.height)", "--background", picture, "--lens-drawing", "undistort",
                                            "-o", undistorted])
        XCTAssertEqual(other.status, 0, other.stderr)
        XCTAssertGreaterThan(CommandHarness.differingChannels(try RGBImage.read(path: undistorted).pixels, checker.pixels, tolerance: 10), 10000)
    }
}
