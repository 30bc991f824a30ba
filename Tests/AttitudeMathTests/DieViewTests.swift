import AttitudeMath
import TestSupport
import XCTest

final class DieViewTests: XCTestCase {
    func testFastModelViewEqualsTheGeneralInverseForRandomAttitudes() throws {
        var generator = SplitMix64(seed: 20)
        for index in 0..<1000 {
            let worldFromDevice = Quaternion.random(using: &generator)
            let fast = DieView.modelView(worldFromDevice: worldFromDevice)
            let general = try DieView.modelViewByInverse(worldFromDevice: worldFromDevice)
            assertEqual(fast, general, accuracy: 1e-5, "attitude \(index): \(worldFromDevice)")
        }
    }

    func testFastModelViewEqualsTheGeneralInverseForOtherViewOffsets() throws {
        var generator = SplitMix64(seed: 21)
        for _ in 0..<100 {
            let worldFromDevice = Quaternion.random(using: &generator)
            let offset = SIMD3<Float>(Float.random(in: -3...3, using: &generator), Float.random(in: -3...3, using: &generator),
                                      Float.random(in: 0...8, using: &generator))
            assertEqual(DieView.modelView(worldFromDevice: worldFromDevice, viewOffset: offset),
                        try DieView.modelViewByInverse(worldFromDevice: worldFromDevice, viewOffset: offset), accuracy: 1e-5)
        }
    }

    func testAtTheIdentityTheDieIsFourUnitsInFrontOfTheCamera() {
        XCTAssertEqual(DieView.modelView(worldFromDevice: .identity), Matrix4.translation(0, 0, -4))
        // The "1" face centre (0, 0, 0.5) in W is 3.5 units in front of the view, along its -Z.
        let face = DieView.modelView(worldFromDevice: .identity).apply(SIMD4(0, 0, 0.5, 1))
        XCTAssertEqual(face, SIMD4(0, 0, -3.5, 1))
    }

    func testModelViewTakesWorldPointsIntoTheView() {
        // The view sits at R·d in W (the view frame's origin), so that point maps to the view's origin.
        var generator = SplitMix64(seed: 22)
        for _ in 0..<100 {
            let worldFromDevice = Quaternion.random(using: &generator)
            let viewInWorld = worldFromDevice.rotate([0, 0, 4])
            let mapped = DieView.modelView(worldFromDevice: worldFromDevice)
                .apply(SIMD4(Float(viewInWorld.x), Float(viewInWorld.y), Float(viewInWorld.z), 1))
            XCTAssertEqual(mapped.x, 0, accuracy: 1e-5)
            XCTAssertEqual(mapped.y, 0, accuracy: 1e-5)
            XCTAssertEqual(mapped.z, 0, accuracy: 1e-5)
        }
    }
}
