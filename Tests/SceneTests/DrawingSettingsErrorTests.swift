import Camera
import Pixels
import Scene
import XCTest

/// Every refusal of the drawing settings says what is wrong with its values and names no option: a library user has no
/// command line (the drawing commands word them with theirs, `SceneCommandLineTests.DrawingWordsTests`).
final class DrawingSettingsErrorTests: XCTestCase {
    /// The cases of `DrawingSettingsError`: `kind(of:)` and `example(_:)` switch without a default, so a new case does
    /// not compile until it has a kind and an example here.
    enum Kind: CaseIterable {
        case timeOffsetOutOfRange, noRoomForTheHUD, anchorOriginWithoutAnchor, lookOutsideTheLog, lookOverAFixedWorld
    }

    static func kind(of error: DrawingSettingsError) -> Kind {
        switch error {
        case .timeOffsetOutOfRange: .timeOffsetOutOfRange
        case .noRoomForTheHUD: .noRoomForTheHUD
        case .anchorOriginWithoutAnchor: .anchorOriginWithoutAnchor
        case .lookOutsideTheLog: .lookOutsideTheLog
        case .lookOverAFixedWorld: .lookOverAFixedWorld
        }
    }

    static func example(_ kind: Kind) -> DrawingSettingsError {
        switch kind {
        case .timeOffsetOutOfRange: .timeOffsetOutOfRange(limitSeconds: 3600)
        case .noRoomForTheHUD:
            .noRoomForTheHUD(size: PictureSize(fixedWidth: 64, height: 48), above: .box, smallest: PictureSize(fixedWidth: 239, height: 180))
        case .anchorOriginWithoutAnchor: .anchorOriginWithoutAnchor
        case .lookOutsideTheLog: .lookOutsideTheLog(time: 2.5, log: "g.csv", duration: 2)
        case .lookOverAFixedWorld: .lookOverAFixedWorld
        }
    }

    func testEveryRefusalSaysItsValuesWithoutAnOption() {
        for kind in Kind.allCases {
            let error = Self.example(kind)
            XCTAssertEqual(Self.kind(of: error), kind)
            XCTAssertFalse(error.description.isEmpty, "\(kind)")
            XCTAssertFalse(error.description.contains("--"), error.description)
        }
    }
}
