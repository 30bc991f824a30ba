import AttitudeLog
import AttitudeMath
import Camera
import Foundation
import Pixels
import Render
import Scene
import XCTest

/// `--anchor --anchor-from first-look` over a log whose heading is arbitrary counts from where the camera looks at the
/// first frame drawn (`DrawingSettings.aimedAnchor`, resolved once as a pipeline starts): bearing 0 is that look's
/// heading, elevation counts from the horizon when the log has a vertical and from the look itself when it names no
/// frame. By default, and in a north log, bearings count from the log's W.
final class AnchorAimTests: XCTestCase {
    /// Looking north and level (docs/frames.md), then turned 120° to the west about W's Z, the camera pitched 20° up.
    static let firstLook = Quaternion(axis: [0, 0, 1], angle: Angle.radians(fromDegrees: 120)) * Quaternion(w: 0.5, x: 0.5, y: -0.5, z: -0.5)
        * Quaternion(axis: [1, 0, 0], angle: Angle.radians(fromDegrees: 20))

    /// A log that starts at `firstLook` and keeps turning (about a tilted axis, so both heading and tilt change).
    private func log(_ frame: ReferenceFrame?) throws -> AttitudeLog {
        let samples = (0...20).map { k in
            AttitudeSample(t: Double(k) * 0.1, worldFromDevice: Quaternion(axis: [0.2, 0.3, 1], angle: Double(k) * 0.05) * Self.firstLook)
        }
        return try AttitudeLog(samples: samples, frame: frame)
    }

    /// The settings for `anchor` counted from `origin` (first-look unless told: the default, nil, is the log's W).
    private func settings(_ anchor: Anchor, origin: AnchorOrigin? = .firstLook) -> DrawingSettings {
        var settings = CameraSettings(given: .fieldOfView(FieldOfView(fixedDegrees: 50)), anchor: anchor)
        settings.anchorOrigin = origin
        return DrawingSettings(camera: settings)
    }

    /// The die's centre in the picture of `scene`, with its place in W.
    private func centre(of scene: SceneState) throws -> (pixel: SIMD2<Double>, world: SIMD3<Double>) {
        let anchor = try XCTUnwrap(scene.anchor), camera = try XCTUnwrap(scene.camera), q = try XCTUnwrap(scene.worldFromDevice)
        let pixel = try XCTUnwrap(camera.project(device: q.conjugate.rotate(anchor.centreInWorld)), "the die is in front of the camera")
        return (pixel, anchor.centreInWorld)
    }

    private func bearingElevation(_ v: SIMD3<Double>) -> (bearing: Double, elevation: Double) {
        (Angle.degrees(fromRadians: atan2(-v.y, v.x)), Angle.degrees(fromRadians: atan2(v.z, hypot(v.x, v.y))))
    }

    private func assertClose(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.x, b.x, accuracy: 1e-6, message, file: file, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: 1e-6, message, file: file, line: line)
    }

    /// No frame (no vertical): `--anchor 0,0` is the centre of the first frame drawn, B,E are angles right and up from
    /// that look in its own picture, and the die stays where it was put in W while the camera turns on.
    func testWithoutAVerticalTheAnchorCountsFromTheFirstLook() throws {
        let log = try log(nil)
        let middle = SIMD2(63.5, 47.5)
        let pipeline = try SteppedPipeline(settings: settings(Anchor(fixedBearingDegrees: 0, elevationDegrees: 0)), attitude: .log(log, fusion: nil, path: "g.csv"),
                                           clock: .steps(start: 0.5, framesPerSecond: 10))
        let first = try centre(of: try pipeline.frame(step: 0, size: PictureSize(fixedWidth: 128, height: 96)).scene)
        assertClose(first.pixel, middle, "--anchor 0,0 is the first frame's centre")
        let later = try centre(of: try pipeline.frame(step: 6, size: PictureSize(fixedWidth: 128, height: 96)).scene)
        XCTAssertEqual(later.world, first.world, "fixed in W")
        XCTAssertGreaterThan(hypot(later.pixel.x - middle.x, later.pixel.y - middle.y), 10, "the camera turned away from it")

        // 20° right and 10° up of the look, in the look's own picture: the pinhole puts it at fx·tan B right and,
        // at that bearing, fy·tan E / cos B up.
        let aimed = try SteppedPipeline(settings: settings(Anchor(fixedBearingDegrees: 20, elevationDegrees: 10)), attitude: .log(log, fusion: nil, path: "g.csv"),
                                        clock: .instant(0.5)).frame(step: 0, size: PictureSize(fixedWidth: 128, height: 96)).scene
        let camera = try XCTUnwrap(aimed.camera)
        let b = Angle.radians(fromDegrees: 20), e = Angle.radians(fromDegrees: 10)
        assertClose(try centre(of: aimed).pixel, SIMD2(camera.cx + camera.fx * tan(b), camera.cy - camera.fy * tan(e) / cos(b)),
                    "right and up of the look")
    }

    /// An arbitrary heading with a vertical: bearing 0 is the first look's heading and elevation counts from W's horizon,
    /// so `--anchor 0,0` sits on the first frame's middle column, on the horizon 20° below the look, and `--anchor 0,20`
    /// (the look's own elevation) in its centre.
    func testWithAVerticalTheBearingCountsFromTheFirstLooksHeading() throws {
        for frame in [ReferenceFrame.xArbitraryZVertical, .xArbitraryCorrectedZVertical] {
            let log = try log(frame)
            func scene(_ anchor: Anchor, from start: Double, step: Int = 0) throws -> SceneState {
                try SteppedPipeline(settings: settings(anchor), attitude: .log(log, fusion: nil, path: "six-d.csv"),
                                    clock: .steps(start: start, framesPerSecond: 10)).frame(step: step, size: PictureSize(fixedWidth: 128, height: 96)).scene
            }
            // At log time 0 the camera is not rolled: the horizon straight below the look is on the middle column.
            let level = try centre(of: try scene(Anchor(fixedBearingDegrees: 0, elevationDegrees: 0), from: 0))
            XCTAssertEqual(level.pixel.x, 63.5, accuracy: 1e-6, "\(frame): the middle column")
            XCTAssertGreaterThan(level.pixel.y, 47.5 + 20, "\(frame): below the centre, the look being 20° up")
            XCTAssertEqual(bearingElevation(level.world).elevation, 0, accuracy: 1e-9, "on W's horizon")

            // From 0.5 s the camera is rolled too; the look's own bearing and elevation are the centre.
            let look = bearingElevation(log.attitude(at: 0.5).rotate([0, 0, -1]))
            XCTAssertGreaterThan(abs(look.bearing), 90, "the log's X is far from where the camera looks")
            assertClose(try centre(of: try scene(Anchor(fixedBearingDegrees: 0, elevationDegrees: look.elevation), from: 0.5)).pixel,
                        SIMD2(63.5, 47.5), "\(frame): at the look's elevation, the centre")
            let placed = try centre(of: try scene(Anchor(fixedBearingDegrees: 30, elevationDegrees: 5), from: 0.5)).world
            let expected = look.bearing + 30
            XCTAssertEqual(remainder(bearingElevation(placed).bearing - expected, 360), 0, accuracy: 1e-9, "30° right of the look")
            XCTAssertEqual(bearingElevation(placed).elevation, 5, accuracy: 1e-9, "5° above the horizon")
            XCTAssertEqual(try centre(of: try scene(Anchor(fixedBearingDegrees: 30, elevationDegrees: 5), from: 0.5, step: 9)).world, placed,
                           "fixed in W")
        }
    }

    /// A north frame keeps bearings from north, whatever the first look; `--anchor-from first-look` asks for the look.
    func testANorthLogKeepsBearingsFromNorth() throws {
        for frame in [ReferenceFrame.xMagneticNorthZVertical, .xTrueNorthZVertical] {
            let anchor = Anchor(fixedBearingDegrees: 30, elevationDegrees: 5)
            let aimed = try XCTUnwrap(try settings(anchor, origin: nil).aimedAnchor(over: try log(frame), path: "nine-d.csv", drawingFrom: 0.5))
            XCTAssertEqual(aimed.anchor, anchor, "\(frame): from north")
            XCTAssertNil(aimed.note)
            let looked = try XCTUnwrap(try settings(anchor, origin: .firstLook).aimedAnchor(over: try log(frame), path: "nine-d.csv",
                                                                                          drawingFrom: 0.5))
            XCTAssertNotEqual(looked.anchor.centreInWorld, anchor.centreInWorld)
        }
    }

    /// The first look includes the mount and the reference pose the drawing applies: it is the attitude the first
    /// frame draws, so `--anchor 0,0` is that frame's centre with both.
    func testTheFirstLookIsTheAttitudeDrawn() throws {
        var settings = settings(Anchor(fixedBearingDegrees: 0, elevationDegrees: 0))
        settings.deviceFromIMU = Quaternion(axis: [0.3, -1, 0.2], angle: 0.9)
        settings.relativeTo = Quaternion(axis: [1, 0.4, 0], angle: 1.1)
        let pipeline = try SteppedPipeline(settings: settings, attitude: .log(try log(nil), fusion: nil, path: "g.csv"),
                                           clock: .steps(start: 1, framesPerSecond: 10))
        assertClose(try centre(of: try pipeline.frame(step: 0, size: PictureSize(fixedWidth: 128, height: 96)).scene).pixel, SIMD2(63.5, 47.5), "mounted and relative")
    }

    /// One rule for every command: the first look is at the log time the drawing starts from (the window's `--from`,
    /// `snapshot`'s `--at`, `render`'s `--from`). A snapshot at a render frame's time matches that frame when it is
    /// told the render's start (`--anchor-from S`); without, it counts from its own time.
    func testEveryClockLooksAtItsStartAndAnchorFromPinsIt() throws {
        let log = try log(.xArbitraryZVertical)
        let anchor = Anchor(fixedBearingDegrees: -15, elevationDegrees: 3, distance: 6)
        let path = "six-d.csv"
        let window = try WallClockPipeline(settings: settings(anchor), attitude: .log(log, fusion: nil, path: path),
                                           clock: WallClock(speed: 1, looping: false, from: 0.4))
        let snapshot = try SteppedPipeline(settings: settings(anchor), attitude: .log(log, fusion: nil, path: path), clock: .instant(0.4))
        XCTAssertEqual(window.loadedCamera.anchor, snapshot.loadedCamera.anchor, "run --from 0.4 and snapshot --at 0.4 look at the same time")

        let render = try SteppedPipeline(settings: settings(anchor), attitude: .log(log, fusion: nil, path: path),
                                         clock: .steps(start: 0.4, framesPerSecond: 5))
        let frame3 = try render.frame(step: 3, size: PictureSize(fixedWidth: 64, height: 48)).scene
        let pinned = try SteppedPipeline(settings: settings(anchor, origin: .look(logTime: 0.4)), attitude: .log(log, fusion: nil, path: path),
                                         clock: .instant(1.0)).frame(step: 0, size: PictureSize(fixedWidth: 64, height: 48)).scene
        XCTAssertEqual(pinned.anchor, frame3.anchor, "snapshot --at 1 --anchor-from 0.4 is render --from 0.4's frame 3")
        XCTAssertEqual(pinned.worldFromDevice, frame3.worldFromDevice)
        let own = try SteppedPipeline(settings: settings(anchor), attitude: .log(log, fusion: nil, path: path), clock: .instant(1.0))
        XCTAssertNotEqual(own.loadedCamera.anchor, render.loadedCamera.anchor, "snapshot --at 1 alone looks at 1 s")
    }

    /// Without `--anchor-from` the anchor counts from the log's W whatever its frame, as a tool that reads the log
    /// computes bearings (steadiness.py's `--anchor-pixel`): the same anchor as `--anchor-from log`, and the line that
    /// says so, pointing to first-look.
    func testByDefaultTheAnchorCountsFromTheLog() throws {
        let anchor = Anchor(fixedBearingDegrees: 30, elevationDegrees: 0)
        for frame in [ReferenceFrame.xArbitraryZVertical, .xArbitraryCorrectedZVertical, .xMagneticNorthZVertical, nil] as [ReferenceFrame?] {
            let aimed = try XCTUnwrap(try settings(anchor, origin: nil).aimedAnchor(over: try log(frame), path: "l.csv", drawingFrom: 0.5))
            XCTAssertEqual(aimed.anchor, anchor, "\(String(describing: frame))")
            XCTAssertTrue(aimed.countsFromTheLog)
        }
        let pipeline = try SteppedPipeline(settings: settings(anchor, origin: nil), attitude: .log(try log(nil), fusion: nil, path: "g.csv"),
                                           clock: .instant(0.5))
        XCTAssertEqual(pipeline.loadedCamera.anchor, anchor)
    }

    /// `--anchor-from log` keeps the old meaning (the log's X) and says so as before; a look time outside the log, or a
    /// look asked of an attitude that is not a log's, is refused.
    func testAnchorFromLogAndItsRefusals() throws {
        let anchor = Anchor(fixedBearingDegrees: 30, elevationDegrees: 0)
        let aimed = try XCTUnwrap(try settings(anchor, origin: .log).aimedAnchor(over: try log(.xArbitraryZVertical), path: "six-d.csv",
                                                                              drawingFrom: 0.5))
        XCTAssertEqual(aimed.anchor, anchor)
        XCTAssertTrue(aimed.countsFromTheLog)
        XCTAssertEqual(settings(anchor).camera.headingNote(frame: .xArbitraryZVertical, log: "six-d.csv", anchorFromTheLog: true),
                       .headingNotNorth(log: "six-d.csv", frame: .xArbitraryZVertical, anchorBearingDegrees: 30, panorama: false,
                                        anchorFromTheLog: true))
        XCTAssertNil(settings(anchor).camera.headingNote(frame: .xArbitraryZVertical, log: "six-d.csv", anchorFromTheLog: false),
                     "an aimed anchor says its own line")
        XCTAssertNil(settings(anchor).camera.headingNote(frame: .xMagneticNorthZVertical, log: "nine-d.csv", anchorFromTheLog: true),
                     "bearings from north need no note")

        XCTAssertThrowsError(try settings(anchor, origin: .look(logTime: 2.5)).aimedAnchor(over: try log(nil), path: "g.csv", drawingFrom: 0)) {
            XCTAssertEqual($0 as? DrawingSettingsError, .lookOutsideTheLog(time: 2.5, log: "g.csv", duration: 2))
        }
        XCTAssertThrowsError(try SteppedPipeline(settings: settings(anchor, origin: .firstLook), attitude: .fixed(.identity), clock: .instant(0))) {
            XCTAssertEqual($0 as? DrawingSettingsError, .lookOverAFixedWorld)
        }
        let fixed = try SteppedPipeline(settings: settings(anchor, origin: nil), attitude: .fixed(Self.firstLook), clock: .instant(0))
        XCTAssertEqual(fixed.loadedCamera.anchor, anchor, "--attitude's W is as given")
    }

    /// The note says what the anchor counts from, at which log time, and where elevation counts from (the command
    /// line's words for it: `DrawingWordsTests`).
    func testTheNoteSaysWhatTheAnchorCountsFrom() throws {
        let anchor = Anchor(fixedBearingDegrees: 20, elevationDegrees: 5)
        XCTAssertEqual(try settings(anchor).aimedAnchor(over: try log(.xArbitraryZVertical), path: "six-d.csv", drawingFrom: 1.5)?.note,
                       .anchorAimed(anchor, lookTime: 1.5, given: false, vertical: true))
        let far = Anchor(fixedBearingDegrees: 20, elevationDegrees: 5, distance: 2.5)
        XCTAssertEqual(try settings(far, origin: .look(logTime: 0.25)).aimedAnchor(over: try log(nil), path: "g.csv", drawingFrom: 1.5)?.note,
                       .anchorAimed(far, lookTime: 0.25, given: true, vertical: false))
    }
}
