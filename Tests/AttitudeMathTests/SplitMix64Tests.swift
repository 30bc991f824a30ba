import AttitudeMath
import XCTest

/// The one seeded generator (synthetic clips, gyroscope noise, benchmarks, the tests) is SplitMix64 itself:
/// its published outputs for seed 0, and uniforms strictly inside (0, 1).
final class SplitMix64Tests: XCTestCase {
    func testSeedZeroGivesTheReferenceOutputs() {
        var generator = SplitMix64(seed: 0)
        XCTAssertEqual((0..<3).map { _ in generator.next() }, [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }

    func testUniformsAreTheTop53BitsInsideTheOpenInterval() {
        var bits = SplitMix64(seed: 42), uniforms = SplitMix64(seed: 42)
        for _ in 0..<10_000 {
            let u = uniforms.uniform()
            XCTAssertEqual(u, (Double(bits.next() >> 11) + 0.5) / 9_007_199_254_740_992)
            XCTAssertTrue(u > 0 && u < 1)
        }
    }
}
