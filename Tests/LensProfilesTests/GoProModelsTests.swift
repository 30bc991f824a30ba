import LensProfiles
import XCTest

/// The firmware prefix to model table: every entry, the real clip's string, and strings that name no camera.
final class GoProModelsTests: XCTestCase {
    func testEachPrefixNamesItsModel() {
        for (prefix, model) in GoProModels.byFirmwarePrefix {
            XCTAssertEqual(GoProModels.model(firmware: prefix + ".02.00.00"), model, prefix)
            XCTAssertEqual(GoProModels.model(firmware: prefix), model, prefix)
        }
        XCTAssertEqual(Set(GoProModels.byFirmwarePrefix.map(\.prefix)).count, GoProModels.byFirmwarePrefix.count, "a prefix twice")
    }

    func testTheRealClipsFirmwareIsAHERO5Black() {
        XCTAssertEqual(GoProModels.model(firmware: "HD5.02.02.00.00"), "HERO5 Black")
        XCTAssertEqual(GoProModels.model(firmware: "HD5.03.02.51.00"), "HERO5 Session")
        XCTAssertEqual(GoProModels.model(firmware: "H21.01.01.46.00"), "HERO10 Black")
        XCTAssertEqual(GoProModels.model(firmware: "H22.03.02.00.00"), "HERO11 Black Mini")
    }

    /// A GPMF device name names a camera where it is one of the table's models, its spelling's case and end spaces aside.
    func testADeviceNameNamesItsModel() {
        XCTAssertEqual(GoProModels.model(deviceName: "HERO8 Black"), "HERO8 Black")
        XCTAssertEqual(GoProModels.model(deviceName: "Hero10 Black "), "HERO10 Black")
        XCTAssertEqual(GoProModels.model(deviceName: "HERO11 Black Mini"), "HERO11 Black Mini")
        for name in ["Camera", "GoPro Karma v1.0", "HERO8", "", "HERO8 Black Mini"] {
            XCTAssertNil(GoProModels.model(deviceName: name), name)
        }
    }

    func testOtherStringsNameNoCamera() {
        for firmware in ["", "HD5", "HD5.021.00", "HD5.04.01.00.00", "hd5.02.02.00.00", "Lavf58.76.100", "HD3.11.03.03.00"] {
            XCTAssertNil(GoProModels.model(firmware: firmware), firmware)
        }
    }
}
