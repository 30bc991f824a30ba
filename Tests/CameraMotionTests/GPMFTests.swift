import CameraMotion
import XCTest

final class GPMFTests: XCTestCase {
}
