import Foundation
import TestSupport
import XCTest

/// A test case with a fresh temporary folder (`TemporaryFolderTestCase`'s), which the location tests and the commands'
/// tests share (the commands' tests run the built tools through their own extension of it).
open class LocationTestCase: TemporaryFolderTestCase {
    open override var folderPrefix: String { "location-tests" }
}
