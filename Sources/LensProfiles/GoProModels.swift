import Foundation

/// GoPro's cameras by the firmware string each writes into its MP4 files (the `udta` box `FIRM`, which FFmpeg gives
/// as the format tag `firmware`): its first two fields name the model ("HD5.02.02.00.00" is a HERO5 Black), as the
/// firmware archives list them (KonradIT/gopro-firmware-archive).
public enum GoProModels {
    /// A firmware string's first two fields ("HD5.02"), and the camera they name as the lens profiles spell it.
    public static let byFirmwarePrefix: [(prefix: String, model: String)] = [
        ("HD4.01", "HERO4 Silver"),
        ("HD4.02", "HERO4 Black"),
        ("HD5.02", "HERO5 Black"),
        ("HD5.03", "HERO5 Session"),
        ("HD6.01", "HERO6 Black"),
        ("HD7.01", "HERO7 Black"),
        ("HD8.01", "HERO8 Black"),
        ("HD9.01", "HERO9 Black"),
        ("H19.03", "MAX"),
        ("H21.01", "HERO10 Black"),
        ("H22.01", "HERO11 Black"),
        ("H22.03", "HERO11 Black Mini"),
        ("H23.01", "HERO12 Black"),
        ("H24.01", "HERO13 Black"),
    ]

    /// The camera a GPMF device name (`DVNM`) names, as the table spells it: newer cameras write their model there
    /// ("HERO8 Black", "Hero10 Black"), compared without case and spaces at the ends; the HERO5 writes "Camera", which
    /// names none, nor does a drone's or another device's name.
    public static func model(deviceName: String) -> String? {
        let name = deviceName.trimmingCharacters(in: .whitespaces)
        return byFirmwarePrefix.first { $0.model.caseInsensitiveCompare(name) == .orderedSame }?.model
    }

    /// The camera a firmware string names, or nil for a firmware (or another maker's string) not in the table. The
    /// prefix must be followed by the next field's dot or end the string: "HD5.021" names no camera.
    public static func model(firmware: String) -> String? {
        let text = firmware.trimmingCharacters(in: .whitespaces)
        return byFirmwarePrefix.first { entry in
            guard text.hasPrefix(entry.prefix) else { return false }
            let rest = text.dropFirst(entry.prefix.count)
            return rest.isEmpty || rest.first == "."
        }?.model
    }
}
