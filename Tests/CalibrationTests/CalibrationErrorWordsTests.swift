import Calibration
import Pixels
import Rig
import XCTest

/// Every refusal of a calibration says what is wrong and advises in words, naming no option: the library is the
/// `Snapshotter`'s and the calibration service's as much as `calibrate`'s (which names its options,
/// `SteadyDiceCommandsTests.CalibrateCommandWordsTests`).
final class CalibrationErrorWordsTests: XCTestCase {
    /// The cases of `CalibrationError`: `kind(of:)` and `example(_:)` switch without a default, so a new case does not
    /// compile until it has a kind and an example here.
    enum Kind: CaseIterable {
        case clipTooShort, noTexture, noTimeOverlap, noFit, intrinsicsSize, tooFewRotationPairs, tooLittleRotation, unexplained
        case fieldOfViewUndetermined, offsetUndetermined
    }

    static func kind(of error: CalibrationError) -> Kind {
        switch error {
        case .clipTooShort: .clipTooShort
        case .noTexture: .noTexture
        case .noTimeOverlap: .noTimeOverlap
        case .noFit: .noFit
        case .intrinsicsSize: .intrinsicsSize
        case .tooFewRotationPairs: .tooFewRotationPairs
        case .tooLittleRotation: .tooLittleRotation
        case .unexplained: .unexplained
        case .fieldOfViewUndetermined: .fieldOfViewUndetermined
        case .offsetUndetermined: .offsetUndetermined
        }
    }

    /// Each case, in each of its forms.
    static func examples(_ kind: Kind) -> [CalibrationError] {
        switch kind {
        case .clipTooShort: [.clipTooShort(frames: 12, seconds: 0.4)]
        case .noTexture: [.noTexture(textured: 3, pairs: 80)]
        case .noTimeOverlap:
            [.noTimeOverlap(videoSeconds: 20, logSeconds: 5, searchRange: 2), .noTimeOverlap(videoSeconds: 20, logSeconds: 5, searchRange: nil)]
        case .noFit: [.noFit(reason: "no rotation seen")]
        case .intrinsicsSize: [.intrinsicsSize(PictureSize(fixedWidth: 1920, height: 1080), clip: PictureSize(fixedWidth: 1280, height: 720))]
        case .tooFewRotationPairs: [.tooFewRotationPairs(4)]
        case .tooLittleRotation: [.tooLittleRotation(degrees: 2, seconds: 10, medianPixels: 0.1)]
        case .unexplained: [.unexplained(residualDegreesPerSecond: 30, motionDegreesPerSecond: 35, used: 20, textured: 80)]
        case .fieldOfViewUndetermined:
            [.fieldOfViewUndetermined(degrees: 60, standardErrorPercent: 30, lens: "a fisheye lens bends it"),
             .fieldOfViewUndetermined(degrees: 200, standardErrorPercent: nil),
             .fieldOfViewUndetermined(degrees: 60, standardErrorPercent: 30),
             .fieldOfViewUndetermined(degrees: 60, standardErrorPercent: nil)]
        case .offsetUndetermined: [.offsetUndetermined(offset: 0.25, Undetermined(.timeOffset, standardError: "± 40 ms", why: "the motion repeats"))]
        }
    }

    func testEveryRefusalAdvisesWithoutAnOption() {
        for kind in Kind.allCases {
            for error in Self.examples(kind) {
                XCTAssertEqual(Self.kind(of: error), kind)
                XCTAssertFalse(error.description.contains("--"), error.description)
                XCTAssertEqual(error.text { $0.words }, error.description)
            }
        }
        XCTAssertTrue(CalibrationError.tooFewRotationPairs(4).description.hasSuffix("or give a radial or fisheye model if it bends the picture"))
        XCTAssertTrue(CalibrationError.fieldOfViewUndetermined(degrees: 60, standardErrorPercent: 30, lens: "bent").description
                        .hasSuffix("estimate the lens with a radial or fisheye model, or give it with the camera's intrinsics (calibrated with OpenCV's tools)"))
    }
}
