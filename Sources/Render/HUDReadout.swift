import AttitudeMath
import Foundation

/// What the HUD says: the attitude drawn, as numbers, and where it comes from. Pure text, no OpenGL.
public struct HUDReadout: Equatable, Sendable {
    /// The attitude drawn (relative to the reference pose when there is one); nil before the first.
    public var worldFromDevice: Quaternion?
    /// The articles' Kalman-filtered tilt, degrees.
    public var smoothedTilt: Double?
    /// The reference frame W of the source (a Core Motion name), or what is known of it.
    public var frame: String
    /// The reference pose the attitude is relative to; nil for absolute attitude.
    public var reference: Quaternion?
    /// The attitude source and its health: log time and state, imud's rate, gaps and drops.
    public var source: String
    /// Who fused the attitude and how it goes: in-process fusion of a raw log, imud's convergence.
    public var fusion: String
    /// Frames drawn per second; nil where it means nothing (a snapshot).
    public var framesPerSecond: Double?

    public init(worldFromDevice: Quaternion?, smoothedTilt: Double?, frame: String, reference: Quaternion? = nil,
                source: String, fusion: String = "none", framesPerSecond: Double? = nil) {
        self.worldFromDevice = worldFromDevice
        self.smoothedTilt = smoothedTilt
        self.frame = frame
        self.reference = reference
        self.source = source
        self.fusion = fusion
        self.framesPerSecond = framesPerSecond
    }

    /// How many lines the HUD shows.
    public static let lineCount = 8

    /// The lines shown (`lineCount` of them), each at most `HUDLayout.maximumColumns` characters.
    public var lines: [String] {
        var lines: [String] = []
        if let q = worldFromDevice {
            let views = AttitudeViews(worldFromDevice: q)
            lines.append("q      " + [("w", q.w), ("x", q.x), ("y", q.y), ("z", q.z)].map { "\($0) \(Self.signed($1, 4))" }.joined(separator: " "))
            lines.append("euler  roll \(Self.degrees(views.roll)) pitch \(Self.degrees(views.pitch)) yaw \(Self.degrees(views.yaw))")
            lines.append("tilt   \(Self.degrees(views.tilt))  smoothed " + (smoothedTilt.map(Self.degrees) ?? "-"))
        } else {
            lines += ["q      no attitude yet", "euler  -", "tilt   -"]
        }
        lines.append("frame  \(frame)")
        if let r = reference {
            lines.append("ref    relative to \(Self.signed(r.w, 3)),\(Self.signed(r.x, 3)),\(Self.signed(r.y, 3)),\(Self.signed(r.z, 3))")
        } else {
            lines.append("ref    absolute")
        }
        lines.append("source \(source)")
        lines.append("fusion \(fusion)")
        lines.append("fps    " + (framesPerSecond.map { String(format: "%.1f", $0) } ?? "- (snapshot)"))
        return lines.map(Self.fitted)
    }

    /// `value` with a sign and `decimals` decimals; what rounds to zero prints as "+0.0…", never "-0.0…".
    static func signed(_ value: Double, _ decimals: Int) -> String {
        let scale = pow(10, Double(decimals))
        let rounded = (value * scale).rounded() / scale
        return String(format: "%+.\(decimals)f", rounded == 0 ? 0 : rounded)
    }

    static func degrees(_ value: Double) -> String { signed(value, 1) + "\u{B0}" }

    /// Cuts a line to the HUD's width, marking the cut.
    static func fitted(_ line: String) -> String {
        line.count <= HUDLayout.maximumColumns ? line : String(line.prefix(HUDLayout.maximumColumns - 3)) + "..."
    }
}
