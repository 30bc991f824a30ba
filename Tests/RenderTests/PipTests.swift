import AttitudeMath
import Foundation
import Imaging
import PictureTestSupport
import Pixels
import Render
import SteadyDiceKit
import XCTest

/// Where each pip of the die must show, worked out from the die's specification alone (docs/frames.md's
/// faces and scripts/maintainer/make-die-model.py's pip layout, copied here as numbers) and the quaternion, in double
/// precision: no OBJ, texture, Matrix4 or DieView. The renderer draws from models/die.obj and die.png, so
/// a pip moved, missing or on the wrong face in those, or a wrong texture mapping, fails here.
enum DieSpecification {
    /// A face: its value, outward normal, and the model axes along its picture's right and up edges.
    struct Face {
        let value: Int
        let normal: SIMD3<Double>
        let right: SIMD3<Double>
        let up: SIMD3<Double>

        /// The model point at face coordinates (u across, v down, (0, 0) the top-left corner, (1, 1) the bottom-right).
        func point(u: Double, v: Double) -> SIMD3<Double> { 0.5 * normal + (u - 0.5) * right + (0.5 - v) * up }
    }

    static let faces = [
        Face(value: 1, normal: [0, 0, 1], right: [1, 0, 0], up: [0, 1, 0]),
        Face(value: 6, normal: [0, 0, -1], right: [-1, 0, 0], up: [0, 1, 0]),
        Face(value: 2, normal: [1, 0, 0], right: [0, 1, 0], up: [0, 0, 1]),
        Face(value: 5, normal: [-1, 0, 0], right: [0, -1, 0], up: [0, 0, 1]),
        Face(value: 3, normal: [0, 1, 0], right: [-1, 0, 0], up: [0, 0, 1]),
        Face(value: 4, normal: [0, -1, 0], right: [1, 0, 0], up: [0, 0, 1]),
    ]

    /// Pip centres in face coordinates.
    static let pips: [Int: [SIMD2<Double>]] = [
        1: [[0.5, 0.5]],
        2: [[0.25, 0.25], [0.75, 0.75]],
        3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
        4: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
        5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
        6: [[0.25, 0.22], [0.25, 0.5], [0.25, 0.78], [0.75, 0.22], [0.75, 0.5], [0.75, 0.78]],
    ]

    /// A pip's radius in face units: the 1's red pip is larger.
    static func pipRadius(_ value: Int) -> Double { value == 1 ? 0.16 : 0.09 }

    /// Places on a face that must show no pip: the 3x3 grid's points at least 0.2 from every pip of the face.
    static func blanks(_ value: Int) -> [SIMD2<Double>] {
        let grid = [0.25, 0.5, 0.75].flatMap { v in [0.25, 0.5, 0.75].map { u in SIMD2(u, v) } }
        return grid.filter { spot in pips[value]!.allSatisfy { (spot - $0).length >= 0.2 } }
    }

    /// Where the ivory of a face is sampled as the face's lit colour (clear of every pip of every face).
    static let ivorySpot = SIMD2(0.5, 0.25)

    /// The pixel position (origin at the image's top-left corner, pixel centres at +0.5) of model point `p`
    /// under Eq. VII and a 60° vertical perspective: the view sits at d = (0, 0, 4) in the device frame.
    static func project(_ p: SIMD3<Double>, _ worldFromDevice: Quaternion, width: Int, height: Int) -> SIMD2<Double> {
        let f = 1 / tan(Double.pi / 6)
        let inView = worldFromDevice.conjugate.rotate(p) - SIMD3(0, 0, 4)
        let ndcX = f / (Double(width) / Double(height)) * inView.x / -inView.z
        let ndcY = f * inView.y / -inView.z
        return SIMD2((ndcX + 1) / 2 * Double(width), (1 - ndcY) / 2 * Double(height))
    }

    /// The view's position in the model (= world) frame.
    static func viewPosition(_ worldFromDevice: Quaternion) -> SIMD3<Double> { worldFromDevice.rotate(SIMD3(0, 0, 4)) }
}

/// A pip seen in a picture: where, how big, and whether the picture shows it.
struct PipObservation {
    let face: Int
    let centre: SIMD2<Double>          // face coordinates
    let isPip: Bool                    // a pip of the face (true) or a place that must stay blank (false)
    let cosine: Double                 // of the angle between the face's normal and the line of sight
    let smallestRadius: Double         // pixels: the pip's (or blank's) projected ellipse, its minor semi-axis
    let area: Double                   // pixels: the projected pip's area
    let problems: [String]
}

enum PipCheck {
    /// Projected pips and blanks smaller than this (minor semi-axis, pixels) are not checked: their samples
    /// would sit within 2 px of the pip's edge, where filtering blends pip and ivory.
    static let smallestCheckedRadius = 4.0

    /// Checks every pip and blank of every face that faces the view, where it is large enough to check.
    /// A pip passes when its projected centre and 8 points at 0.4 of its radius around it all have a green
    /// channel under half the face's ivory green (the pips are near black, the 1's is red: both have little
    /// green); a blank passes when those points keep over 0.8 of it. Lighting is flat per face, so the face's
    /// own ivory is the reference.
    static func observe(_ image: RGBImage, _ q: Quaternion) -> [PipObservation] {
        let (width, height) = (image.width, image.height)
        let view = DieSpecification.viewPosition(q)
        var observations: [PipObservation] = []
        for face in DieSpecification.faces {
            let centre3 = face.point(u: 0.5, v: 0.5)
            let toView = view - centre3
            let cosine = (face.normal * toView).sum() / toView.length
            guard cosine > 0 else { continue }  // faces away from the view: hidden
            func pixel(_ p: SIMD3<Double>) -> (r: UInt8, g: UInt8, b: UInt8)? {
                let at = DieSpecification.project(p, q, width: width, height: height)
                let (x, y) = (Int(at.x.rounded(.down)), Int(at.y.rounded(.down)))
                guard x >= 0, y >= 0, x < width, y < height else { return nil }
                return image.pixel(x: x, y: y)
            }
            let radius = DieSpecification.pipRadius(face.value)
            let spots = DieSpecification.pips[face.value]!.map { ($0, true) } + DieSpecification.blanks(face.value).map { ($0, false) }
            for (spot, isPip) in spots {
                let centre = face.point(u: spot.x, v: spot.y)
                let projected = DieSpecification.project(centre, q, width: width, height: height)
                let rim = (0..<32).map { k -> SIMD2<Double> in
                    let a = Double(k) * 2 * .pi / 32
                    return DieSpecification.project(centre + radius * (cos(a) * face.right + sin(a) * face.up), q, width: width, height: height)
                }
                let smallest = rim.map { ($0 - projected).length }.min()!
                var twiceArea = 0.0  // the shoelace formula over the projected rim
                for k in rim.indices {
                    let a = rim[k], b = rim[(k + 1) % rim.count]
                    twiceArea += a.x * b.y - a.y * b.x
                }
                let area = abs(twiceArea) / 2
                guard smallest >= smallestCheckedRadius else { continue }
                var problems: [String] = []
                let ivory = face.point(u: DieSpecification.ivorySpot.x, v: DieSpecification.ivorySpot.y)
                guard let reference = pixel(ivory), let centreColour = pixel(centre) else {
                    problems.append("outside the picture")
                    observations.append(PipObservation(face: face.value, centre: spot, isPip: isPip, cosine: cosine,
                                                       smallestRadius: smallest, area: area, problems: problems))
                    continue
                }
                let samples = [centreColour] + (0..<8).compactMap { k -> (r: UInt8, g: UInt8, b: UInt8)? in
                    let a = Double(k) * .pi / 4
                    return pixel(centre + 0.4 * radius * (cos(a) * face.right + sin(a) * face.up))
                }
                let green = Double(reference.g)
                for sample in samples {
                    if isPip && Double(sample.g) >= 0.5 * green {
                        problems.append("green \(sample.g) is not under half the face's ivory \(reference.g): no pip")
                    }
                    if !isPip && Double(sample.g) <= 0.8 * green {
                        problems.append("green \(sample.g) is under 0.8 of the face's ivory \(reference.g): a pip where none belongs")
                    }
                }
                observations.append(PipObservation(face: face.value, centre: spot, isPip: isPip, cosine: cosine,
                                                   smallestRadius: smallest, area: area, problems: problems))
            }
        }
        return observations
    }
}

/// The goldens must see a pip, and an independent check sees every pip, at oblique attitudes; a die with one
/// pip removed (a broken texture made here) fails both at each of them.
final class PipTests: XCTestCase {
    /// Oblique attitudes, each with a golden: in each, a face whose pips are checked is seen at 45° or more from its normal.
    static let oblique: [(name: String, q: Quaternion, width: Int, height: Int)] = [
        ("generic-a-640x480", Quaternion(axis: [1, 0.4, 0.9], angle: 0.9), 640, 480),
        ("generic-b-360x640", Quaternion(axis: [-0.3, 1, 0.2], angle: 2.3), 360, 640),
        ("z90-x45-640x480", Quaternion(axis: [0, 0, 1], angle: .pi / 2) * Quaternion(axis: [1, 0, 0], angle: .pi / 4), 640, 480),
        // A corner towards the view: 1, 2 and 3 each at about 55°.
        ("corner-640x480", Quaternion(axis: [-1, 1, 0], angle: acos(1 / 3.0.squareRoot())), 640, 480),
        // The 1 at 66° from the line of sight, above the 4 seen nearly head-on (turned further, the 1's pip grows too
        // thin to check).
        ("grazing-x60-640x480", Quaternion(axis: [1, 0, 0], angle: .pi / 3), 640, 480),
    ]

    func testGoldensOfTheObliqueAttitudes() throws {
        for view in Self.oblique where !["generic-a-640x480", "generic-b-360x640", "z90-x45-640x480"].contains(view.name) {
            try Golden.images.assertMatches(try RenderHarness.render(view.q, width: view.width, height: view.height), named: view.name)
        }
    }

    func testEveryPipShowsWhereTheQuaternionPutsIt() throws {
        for view in Self.oblique {
            let image = try RenderHarness.render(view.q, width: view.width, height: view.height)
            let observations = PipCheck.observe(image, view.q)
            for o in observations where !o.problems.isEmpty {
                XCTFail("\(view.name): face \(o.face) \(o.isPip ? "pip" : "blank") at \(o.centre): \(o.problems.joined(separator: "; "))")
            }
            let pips = observations.filter(\.isPip)
            let faces = Set(pips.map(\.face))
            XCTAssertGreaterThanOrEqual(faces.count, 2, "\(view.name): pips checked on faces \(faces.sorted()) only")
            XCTAssertGreaterThanOrEqual(pips.count, 2, "\(view.name): \(pips.count) pips checked")
            XCTAssertGreaterThanOrEqual(observations.count - pips.count, 4, "\(view.name): \(observations.count - pips.count) blanks checked")
            let mostOblique = try XCTUnwrap(pips.min { $0.cosine < $1.cosine })
            XCTAssertLessThan(mostOblique.cosine, 0.75, "\(view.name): no face checked at more than 41° from its normal")
            let smallest = try XCTUnwrap(pips.min { $0.area < $1.area })
            print(String(format: "pips %@: %d pips and %d blanks checked on faces %@; the most oblique face checked, %d, at %.0f°; "
                         + "the smallest pip checked %.0f px (minor semi-axis %.1f px)", view.name, pips.count,
                         observations.count - pips.count, faces.sorted().map(String.init).joined(separator: " "), mostOblique.face,
                         Angle.degrees(fromRadians: acos(mostOblique.cosine)), smallest.area, smallest.smallestRadius))
        }
    }

    /// A die whose texture lacks one pip (the smallest one checked at that attitude, on its most oblique face)
    /// fails the golden comparison and the pip check, at every oblique attitude.
    func testADieWithOnePipRemovedFailsTheGoldenAndThePipCheck() throws {
        _ = try RenderHarness.renderer()  // makes the shared context current
        for view in Self.oblique {
            let good = try RenderHarness.render(view.q, width: view.width, height: view.height)
            let target = try XCTUnwrap(PipCheck.observe(good, view.q).filter(\.isPip).min { $0.area < $1.area })
            let assets = try Self.assets(withoutPip: target.centre, onFace: target.face)
            defer { try? FileManager.default.removeItem(at: assets.root) }
            let broken = try SceneRenderer(assets: assets, readImage: RGBImage.read)
            let size = PictureSize(fixedWidth: view.width, height: view.height)
            let offscreen = try OffscreenTarget(size: size)
            offscreen.bind()
            broken.clearColor = .defaultBackground
            broken.setBackground(nil, generation: 0, viewport: size)
            broken.draw(SceneState(worldFromDevice: view.q), size: size)
            let image = offscreen.readImage()

            let changed = ImageComparison(expected: good, actual: image, tolerance: Golden.channelTolerance).differingPixels
            let golden = try XCTUnwrap(try Golden.images.comparison(image, named: view.name), "\(view.name) has no golden")
            XCTAssertFalse(golden.matches, "\(view.name): the golden comparison misses a removed pip: \(golden.summary())")
            let missed = PipCheck.observe(image, view.q).filter { $0.face == target.face && $0.centre == target.centre }
            XCTAssertEqual(missed.count, 1, "\(view.name): the removed pip is no longer checked")
            XCTAssertFalse(missed.first?.problems.isEmpty ?? true, "\(view.name): the pip check misses the removed pip")
            // The smallest pip checked must exceed what the goldens let differ freely (none now; the 0.1 % they
            // once allowed is printed beside it).
            XCTAssertGreaterThan(Double(changed), Golden.pixelFractionTolerance * Double(view.width * view.height))
            print(String(format: "broken die %@: pip (%.2f, %.2f) of face %d at %.0f° removed: %d px changed (%.0f px projected; "
                         + "0.1 %% of the picture is %d px); golden: %@", view.name, target.centre.x, target.centre.y, target.face,
                         Angle.degrees(fromRadians: acos(target.cosine)), changed, target.area, view.width * view.height / 1000,
                         golden.summary(expected: "golden", actual: "broken")))
        }
    }

    /// A copy of the assets whose die texture has the pip at `centre` of face `value` painted over in ivory.
    static func assets(withoutPip centre: SIMD2<Double>, onFace value: Int) throws -> Assets {
        let source = try Assets.locate()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("steady-dice-broken-die-\(getpid())-\(value)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source.shaders, to: root.appendingPathComponent("shaders"))
        try FileManager.default.copyItem(at: source.models, to: root.appendingPathComponent("models"))
        let path = root.appendingPathComponent("models/die.png").path
        var texture = try RGBImage.read(path: path)
        // The atlas: 256-pixel cells, 1 2 3 on the top row and 4 5 6 below (scripts/maintainer/make-die-model.py).
        let cell = 256.0
        let (x0, y0) = (Double((value - 1) % 3) * cell, Double((value - 1) / 3) * cell)
        let (cx, cy) = (x0 + centre.x * cell, y0 + centre.y * cell)
        let radius = (DieSpecification.pipRadius(value) + 0.02) * cell
        for y in 0..<texture.height {
            for x in 0..<texture.width where (Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy) < radius * radius {
                let i = 3 * (y * texture.width + x)
                texture.pixels[i] = 245; texture.pixels[i + 1] = 240; texture.pixels[i + 2] = 225  // the die's ivory
            }
        }
        try texture.write(path: path)
        return Assets(root: root)
    }
}
