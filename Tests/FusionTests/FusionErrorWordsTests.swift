import AttitudeMath
import Fusion
import XCTest

/// Fusion's refusals name no option: the estimator is a library's (the command line names `--declination`,
/// `CommandLineSupportTests.CommandLineMessagesTests`).
final class FusionErrorWordsTests: XCTestCase {
    func testEveryRefusedFrameIsSaidWithoutAnOption() {
        for mode in FusionMode.allCases {
            for frame in [OutputFrame.enu, .ned] + ReferenceFrame.allCases.map(OutputFrame.reference) {
                let error = FusionError.unsupportedFrame(frame, mode)
                // No default: a new case does not compile until it is said here.
                switch error {
                case .unsupportedFrame: XCTAssertFalse(error.description.contains("--"), error.description)
                }
            }
        }
        XCTAssertEqual(FusionError.unsupportedFrame(.reference(.xTrueNorthZVertical), .nineD).description,
                       "xTrueNorthZVertical needs the magnetic declination, which the estimator does not know: give it, "
                       + "or use xMagneticNorthZVertical")
    }
}
