import AttitudeMath
import Foundation

/// Why a log cannot be given in the frame asked for.
public struct FrameConversionError: Error, Equatable, CustomStringConvertible {
    /// What cannot be converted, and why.
    public var message: String
    /// The conversion is between magnetic and true north, and the magnetic declination at the site is not given.
    public var needsDeclination: Bool

    public init(message: String, needsDeclination: Bool = false) {
        self.message = message
        self.needsDeclination = needsDeclination
    }

    public var description: String { needsDeclination ? message + ": give it (degrees, east positive)" : message }
}

extension AttitudeLog {
    /// The log's attitudes turned into `target`: `targetFromDevice = targetFromW · worldFromDevice`.
    ///
    /// - between magnetic and true north: a turn of ∓declination about Z, so `declinationDegrees`
    ///   (east of true north positive) is needed, and refused without;
    /// - into an arbitrary-heading frame: X along the first sample's heading (its yaw about Z);
    ///   from an arbitrary-heading log only into `xArbitraryZVertical`;
    /// - into `enu`/`ned`: from a north frame only; east and north are as in the log (magnetic or true).
    ///
    /// A log without a frame, or a conversion the data cannot give, throws with the reason.
    public func converted(to target: OutputFrame, declinationDegrees: Double? = nil) throws -> [AttitudeSample] {
        guard let source = frame else {
            throw FrameConversionError(message: "\(path): the log names no frame, so it cannot be converted; "
                                       + "add a '# frame: NAME' line naming the frame it is in")
        }
        let targetFromWorld = try Self.targetFromWorld(source: source, target: target, firstWorldFromDevice: samples[0].worldFromDevice,
                                                       declinationDegrees: declinationDegrees, path: path)
        return samples.map { AttitudeSample(t: $0.t, worldFromDevice: (targetFromWorld * $0.worldFromDevice).normalized() ?? $0.worldFromDevice) }
    }

    /// The fixed rotation from the log's frame W (`source`) into `target`; `firstWorldFromDevice` is the
    /// log's first attitude, whose heading becomes X of an arbitrary-heading target.
    static func targetFromWorld(source: ReferenceFrame, target: OutputFrame, firstWorldFromDevice: Quaternion,
                                declinationDegrees: Double?, path: String) throws -> Quaternion {
        let northSource = source == .xMagneticNorthZVertical || source == .xTrueNorthZVertical
        // Turns the first sample's heading onto X: its yaw about W's Z (radians, counter-clockwise seen from above, as
        // in a Z-Y-X decomposition).
        let startHeading = Quaternion(axis: [0, 0, 1], angle: -firstWorldFromDevice.zyxEulerRadians.yaw)
        switch target {
        case .reference(let frame) where frame == source:
            return .identity
        case .reference(.xArbitraryZVertical):
            return startHeading
        case .reference(.xArbitraryCorrectedZVertical):
            guard northSource else {
                throw FrameConversionError(message: "\(path): xArbitraryCorrectedZVertical is a heading held by a magnetometer, "
                                           + "and this log's heading (\(source.rawValue)) is not; convert to xArbitraryZVertical")
            }
            return startHeading
        case .reference(let north):
            guard northSource else {
                throw FrameConversionError(message: "\(path): the log's heading is arbitrary (\(source.rawValue)), so it has no north "
                                           + "to give \(north.rawValue)")
            }
            // Between magnetic and true north.
            guard let declinationDegrees else {
                let from = source == .xMagneticNorthZVertical ? "magnetic" : "true"
                let to = north == .xMagneticNorthZVertical ? "magnetic" : "true"
                throw FrameConversionError(message: "\(path): the log is referenced to \(from) north (\(source.rawValue)); "
                                           + "\(to) north needs the magnetic declination at the site", needsDeclination: true)
            }
            let trueFromMagnetic = Frames.trueNorthFromMagneticNorth(declinationDegrees: declinationDegrees)
            return north == .xTrueNorthZVertical ? trueFromMagnetic : trueFromMagnetic.conjugate
        case .enu, .ned:
            guard northSource else {
                throw FrameConversionError(message: "\(path): the log's heading is arbitrary (\(source.rawValue)), so it has no north "
                                           + "for \(target)")
            }
            return target == .enu ? Frames.worldFromENU.conjugate : Frames.worldFromNED.conjugate
        }
    }
}
