import Camera
import CommandLineSupport
import CommandTestSupport
import Pixels
import Render
import Scene
import SceneCommandLine
import XCTest

/// The frame pipeline's refusals and notes are values; the drawing commands word them with their options' names
/// (`DrawingWords.swift`), and the library's own words name none.
final class DrawingWordsTests: XCTestCase {
    /// One refusal of each case, with the option its wording names: `option(of:)` switches without a default, so a new
    /// case does not compile until it names its option here, and `testEveryRefusalIsWordedWithItsOption` fails until
    /// it has an example.
    static let refusals: [DrawingSettingsError] = [
        .timeOffsetOutOfRange(limitSeconds: 3600),
        .noRoomForTheHUD(size: PictureSize(fixedWidth: 64, height: 48), above: .box, smallest: PictureSize(fixedWidth: 239, height: 180)),
        .anchorOriginWithoutAnchor, .lookOutsideTheLog(time: 2.5, log: "g.csv", duration: 2), .lookOverAFixedWorld,
    ]

    /// The option a refusal's wording names, and the case's place in `refusals`.
    static func option(of refusal: DrawingSettingsError) -> (option: String, index: Int) {
        switch refusal {
        case .timeOffsetOutOfRange: ("--time-offset", 0)
        case .noRoomForTheHUD: ("--hud", 1)
        case .anchorOriginWithoutAnchor: ("--anchor-from", 2)
        case .lookOutsideTheLog: ("--anchor-from", 3)
        case .lookOverAFixedWorld: ("--anchor-from", 4)
        }
    }

    /// One error of each case of the renderer's, with the option its wording names (nil: none, worded as the library says it).
    static let renderErrors: [(RenderError, String?)] = [
        (.assetsNotFound(searched: ["/usr/share/steady-dice"]), "--assets"), (.givenAssetsNotFound(path: "/tmp/none"), "--assets"),
        (.missingAsset(path: "models/die.obj"), nil), (.shaderCompilationFailed(file: "die.frag", log: "0:1: syntax error"), nil),
        (.shaderLinkFailed(files: ["die.vert", "die.frag"], log: "no main"), nil), (.modelParseFailed(file: "die.obj", line: 3, reason: "bad"), nil),
        (.framebufferIncomplete(status: 0x8CD6), nil), (.eglFailed(step: "eglInitialize", code: 0x3001), nil),
        (.glError(step: "glTexImage2D", code: 0x0501), nil), (.fontFailed(path: "DejaVuSansMono.ttf", reason: "not a font"), nil),
    ]

    /// The place of a renderer's error's case in `renderErrors`: a switch without a default, so a new case does not
    /// compile until it has its place, and `testEveryRenderErrorIsWordedWithItsOption` fails until it has an example.
    static func index(of error: RenderError) -> Int {
        switch error {
        case .assetsNotFound: 0
        case .givenAssetsNotFound: 1
        case .missingAsset: 2
        case .shaderCompilationFailed: 3
        case .shaderLinkFailed: 4
        case .modelParseFailed: 5
        case .framebufferIncomplete: 6
        case .eglFailed: 7
        case .glError: 8
        case .fontFailed: 9
        }
    }

    static let notes: [DrawingNote] = [
        .anchorAimed(Anchor(fixedBearingDegrees: 20, elevationDegrees: 5), lookTime: 1.5, given: false, vertical: true),
        .headingNotNorth(log: "six-d.csv", frame: .xArbitraryZVertical, anchorBearingDegrees: 30, panorama: true, anchorFromTheLog: true),
        .headingNotNorth(log: "g.csv", frame: nil, anchorBearingDegrees: nil, panorama: true, anchorFromTheLog: false),
        .attitudeLogNotHeld(path: "a.csv"),
        .renderStopsAtTheVideo(end: 2, video: "v.mp4", log: "a.csv", logDuration: 5),
        .noCamera(reason: "camera 0 gives no frames"),
    ]

    func testTheRefusalsAreWordedWithTheOptions() {
        XCTAssertEqual(DrawingSettingsError.timeOffsetOutOfRange(limitSeconds: 3600).commandLineMessage,
                       "--time-offset must be a number of seconds from -3600 to 3600")
        XCTAssertEqual(DrawingSettingsError.noRoomForTheHUD(size: PictureSize(fixedWidth: 64, height: 48), above: .box,
                                                            smallest: PictureSize(fixedWidth: 239, height: 180))
                        .commandLineMessage, "--hud: 64x48 leaves no room for the HUD above the box; give a --size of at least 239x180")
        XCTAssertEqual(DrawingSettingsError.anchorOriginWithoutAnchor.commandLineMessage,
                       "--anchor-from says what --anchor counts from: give --anchor too")
        XCTAssertEqual(DrawingSettingsError.lookOutsideTheLog(time: 2.5, log: "g.csv", duration: 2).commandLineMessage,
                       "--anchor-from 2.5 is outside g.csv, which runs from 0 to 2.000 s")
        XCTAssertTrue(DrawingSettingsError.lookOverAFixedWorld.commandLineMessage.hasPrefix("--anchor-from counts from where the camera looks in a log"))
    }

    /// The values refused when built, the anchor's, are said with their options, every case; the field of view, refused as
    /// `--fov` is parsed, in the library's words after the option ArgumentParser names.
    /// A request refused against its log or its frames, worded with the option that asked for it, and refused by the
    /// commands as a usage failure (64) with those words.
    func testTheRequestsRefusalsAreWordedWithTheirOptions() throws {
        XCTAssertEqual(DrawingRequestError.startPastTheLog(time: 9, log: "a.csv", duration: 5).commandLineMessage,
                       "--from 9 is past the end of a.csv, which runs from 0 to 5.000 s")
        XCTAssertEqual(DrawingRequestError.timeOutsideTheLog(time: -1, log: "a.csv", duration: 5).commandLineMessage,
                       "--at -1 is outside a.csv, which runs from 0 to 5.000 s")
        XCTAssertTrue(DrawingRequestError.tooManyFrames(start: 0, end: 1e9, framesPerSecond: 30, count: 3e10).commandLineMessage
                        .hasSuffix("one render writes at most \(SteppedClock.maximumSteps)"))
        XCTAssertEqual(DrawingRequestError.noFrames(start: 2, end: 2, framesPerSecond: 30).commandLineMessage, "no frames: --from 2 to 2 s at --fps 30")
        for error in [DrawingRequestError.startPastTheLog(time: 9, log: "a.csv", duration: 5), .noFrames(start: 2, end: 2, framesPerSecond: 30)] {
            XCTAssertFalse(error.description.contains("--"), error.description)
            XCTAssertThrowsError(try asValidationError { throw error }) {
                XCTAssertEqual(($0 as? CommandFailure)?.status, .usage)
                XCTAssertEqual("\($0)", error.commandLineMessage)
            }
        }
    }

    func testTheValuesRefusedWhenBuiltAreWordedWithTheirOptions() {
        for error in [AnchorError.distance(0.5), .elevation(91)] {
            // No default: a new case does not compile until it is worded here.
            let expected = switch error {
            case .distance:
                "--anchor: the distance must be from \(Anchor.minimumDistance) to \(Anchor.maximumDistance) "
                    + "(the whole die between the near plane at 0.1 and the far plane at 100)"
            case .elevation: "--anchor: the elevation must be within -90 to 90 degrees"
            }
            XCTAssertEqual(error.commandLineMessage, expected)
            XCTAssertEqual(commandLineMessage(for: error), expected)
            XCTAssertFalse(error.description.contains("--"), error.description)
        }
        let fieldOfView = FieldOfViewError(degrees: 200)
        XCTAssertEqual(refusal(CameraOptions.self, ["--fov", "200"]), "The value '200' is invalid for '--fov <DEG>': \(fieldOfView.description)")
        XCTAssertFalse(fieldOfView.description.contains("--"), fieldOfView.description)
    }

    /// The lines on stderr say what the anchor counts from, at which log time, and where elevation counts from; and where
    /// bearings stand on a heading that is not north.
    func testTheNotesAreWordedWithTheOptions() {
        XCTAssertEqual(DrawingNote.anchorAimed(Anchor(fixedBearingDegrees: 20, elevationDegrees: 5), lookTime: 1.5, given: false, vertical: true)
                        .commandLineMessage,
                       "--anchor 20,5: bearing counted from where the camera looks at the first frame drawn (log time 1.500 s), "
                       + "elevation from the horizon")
        XCTAssertEqual(DrawingNote.anchorAimed(Anchor(fixedBearingDegrees: 20, elevationDegrees: 5, distance: 2.5), lookTime: 0.25, given: true,
                                               vertical: false).commandLineMessage,
                       "--anchor 20,5,2.5: bearing counted from where the camera looks at log time 0.250 s (--anchor-from), "
                       + "elevation from that look too: the log has no vertical")
        XCTAssertEqual(DrawingNote.headingNotNorth(log: "six-d.csv", frame: .xArbitraryZVertical, anchorBearingDegrees: 30, panorama: false,
                                                   anchorFromTheLog: true).commandLineMessage,
                       "six-d.csv: heading arbitrary (xArbitraryZVertical): --anchor's bearing 30° counts from the log's X, the device's "
                       + "heading at its start, not from north; fuse with a magnetometer (9D) for bearings from north, or give "
                       + "--anchor-from first-look to count from where the camera looks at the first frame drawn")
        XCTAssertEqual(DrawingNote.headingNotNorth(log: "g.csv", frame: nil, anchorBearingDegrees: nil, panorama: true, anchorFromTheLog: false)
                        .commandLineMessage,
                       "g.csv: the log names no frame: --panorama's middle column counts from its X, north only if the log's X is north")
        XCTAssertEqual(DrawingNote.renderStopsAtTheVideo(end: 2, video: "v.mp4", log: "a.csv", logDuration: 5).commandLineMessage,
                       "render: to log time 2.000 s, where v.mp4 ends (a.csv runs to 5.000 s; --to renders further)")
        XCTAssertEqual(DrawingNote.noCamera(reason: "camera 0 gives no frames").commandLineMessage,
                       "no camera to show (camera 0 gives no frames); drawing the plain background (choose one with --camera, --video or --background)")
        XCTAssertTrue(DrawingNote.attitudeLogNotHeld(path: "a.csv").commandLineMessage.contains("--hold-to-picture holds a raw log's gyroscope"))
    }

    func testEveryRefusalIsWordedWithItsOption() {
        XCTAssertEqual(Self.refusals.map { Self.option(of: $0).index }, Array(Self.refusals.indices), "one example of each case, in order")
        for refusal in Self.refusals {
            XCTAssertTrue(refusal.commandLineMessage.hasPrefix(Self.option(of: refusal).option), refusal.commandLineMessage)
            XCTAssertFalse(refusal.description.contains("--"), refusal.description)
        }
    }

    func testEveryRenderErrorIsWordedWithItsOption() {
        XCTAssertEqual(Self.renderErrors.map { Self.index(of: $0.0) }, Array(Self.renderErrors.indices), "one example of each case, in order")
        for (error, option) in Self.renderErrors {
            XCTAssertEqual(commandLineMessage(for: error), error.commandLineMessage, "the one-line errors say it so")
            if let option {
                XCTAssertTrue(error.commandLineMessage.contains(option), error.commandLineMessage)
                XCTAssertFalse(error.description.contains("--"), error.description)
            } else {
                XCTAssertEqual(error.commandLineMessage, error.description)
            }
        }
        XCTAssertEqual(RenderError.givenAssetsNotFound(path: "/tmp/none").commandLineMessage,
                       "cannot find the shaders/ and models/ folders; looked in: /tmp/none (from --assets). "
                       + "Pass --assets DIR or set STEADY_DICE_ASSETS to the folder that holds them.")
    }

    /// The library says the same things without naming an option: a library user has no command line.
    func testTheLibrarysWordsNameNoOption() {
        for refusal in Self.refusals {
            XCTAssertFalse(refusal.description.contains("--"), refusal.description)
        }
        for note in Self.notes {
            XCTAssertFalse(note.description.contains("--"), note.description)
            XCTAssertNotEqual(note.description, note.commandLineMessage)
        }
        XCTAssertFalse(FixedAttitudeNames().frame.contains("--"))
        XCTAssertFalse(FixedAttitudeNames().source.contains("--"))
        XCTAssertEqual(FixedAttitudeNames.attitudeOption, FixedAttitudeNames(frame: "as given by --attitude", source: "fixed attitude (--attitude)"))
    }
}
