import Camera
import Pixels
import Scene
import SceneCommandLine
import XCTest

/// The frame pipeline's refusals and notes are values; the drawing commands word them with their options' names
/// (`DrawingWords.swift`), and the library's own words name none.
final class DrawingWordsTests: XCTestCase {
    static let refusals: [DrawingSettingsError] = [
        .timeOffsetOutOfRange(limitSeconds: 3600),
        .noRoomForTheHUD(size: PictureSize(fixedWidth: 64, height: 48), above: .box, smallest: PictureSize(fixedWidth: 239, height: 180)),
        .anchorDistance, .anchorElevation, .anchorOriginWithoutAnchor,
        .lookOutsideTheLog(time: 2.5, log: "g.csv", duration: 2), .lookOverAFixedWorld,
    ]
    static let notes: [DrawingNote] = [
        .anchorAimed(Anchor(bearingDegrees: 20, elevationDegrees: 5), lookTime: 1.5, given: false, vertical: true),
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
        XCTAssertEqual(DrawingSettingsError.anchorDistance.commandLineMessage,
                       "--anchor: the distance must be from \(Anchor.minimumDistance) to \(Anchor.maximumDistance) "
                       + "(the whole die between the near plane at 0.1 and the far plane at 100)")
        XCTAssertEqual(DrawingSettingsError.anchorElevation.commandLineMessage, "--anchor: the elevation must be within -90 to 90 degrees")
        XCTAssertEqual(DrawingSettingsError.anchorOriginWithoutAnchor.commandLineMessage,
                       "--anchor-from says what --anchor counts from: give --anchor too")
        XCTAssertEqual(DrawingSettingsError.lookOutsideTheLog(time: 2.5, log: "g.csv", duration: 2).commandLineMessage,
                       "--anchor-from 2.5 is outside g.csv, which runs from 0 to 2.000 s")
        XCTAssertTrue(DrawingSettingsError.lookOverAFixedWorld.commandLineMessage.hasPrefix("--anchor-from counts from where the camera looks in a log"))
        XCTAssertEqual(DrawingSettingsError.fieldOfViewOutOfRange(degrees: 200).commandLineMessage,
                       "--fov must be between 1 and 179 degrees (exclusive)")
    }

    /// The lines on stderr say what the anchor counts from, at which log time, and where elevation counts from; and where
    /// bearings stand on a heading that is not north.
    func testTheNotesAreWordedWithTheOptions() {
        XCTAssertEqual(DrawingNote.anchorAimed(Anchor(bearingDegrees: 20, elevationDegrees: 5), lookTime: 1.5, given: false, vertical: true)
                        .commandLineMessage,
                       "--anchor 20,5: bearing counted from where the camera looks at the first frame drawn (log time 1.500 s), "
                       + "elevation from the horizon")
        XCTAssertEqual(DrawingNote.anchorAimed(Anchor(bearingDegrees: 20, elevationDegrees: 5, distance: 2.5), lookTime: 0.25, given: true,
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
