// swift-tools-version:6.0
import PackageDescription

// A package of its own, beside steady-dice rather than inside it: swift-snapshot-testing (and the
// swift-syntax it resolves) stays out of the build of everyone who only wants SteadyDiceKit, and out
// of steady-dice's own test build. It depends on steady-dice by path, as a user's package would.
let package = Package(
    name: "steady-dice-snapshot-testing",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "SteadyDiceSnapshotTesting", targets: ["SteadyDiceSnapshotTesting"]),
    ],
    dependencies: [
        .package(name: "steady-dice", path: "../.."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        /// swift-snapshot-testing strategies over a quaternion or an attitude log sample, diffed as `steady-dice compare` does.
        .target(name: "SteadyDiceSnapshotTesting", dependencies: [
            .product(name: "SteadyDiceKit", package: "steady-dice"),
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        .testTarget(name: "SteadyDiceSnapshotTestingTests", dependencies: ["SteadyDiceSnapshotTesting"],
                    exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v5]
)
