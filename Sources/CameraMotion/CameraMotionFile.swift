import CVideoFile
import FileAccess
import Foundation

extension CameraMotion {
    /// True when `path` is a regular file that starts as an MP4 or QuickTime file does (a box named `ftyp`,
    /// `moov`, `mdat`, `free`, `skip` or `wide` at its start): the containers that carry `gpmd` and `camm` tracks.
    /// Never throws.
    public static func isMP4(path: String) -> Bool {
        guard FileKind.of(path) == .regular, let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 8), head.count == 8 else { return false }
        let box = String(decoding: head[4..<8], as: UTF8.self)
        return ["ftyp", "moov", "mdat", "free", "skip", "wide"].contains(box)
    }

    /// Reads the camera's own motion from the video at `path`: its `gpmd` track (GoPro) or else its `camm` track.
    /// A video without either is a `CameraMotionError` with `noTrack` set, naming the streams it has.
    public static func read(path: String) throws -> CameraMotion {
        try InputFile.check(path)
        let (track, packets) = try dataPackets(path: path)
        switch track {
        case .gpmf: return try GPMFTelemetry.motion(path: path, packets: packets)
        case .camm: return try CAMM.motion(path: path, packets: packets)
        }
    }

    /// Which motion track the video at `path` carries, found from its streams without reading a packet; throws
    /// `noTrack` as `dataPackets` does when it has none.
    public static func track(path: String) throws(CameraMotionError) -> Track {
        try readDataStream(path: path, readingPackets: false).track
    }

    /// Every packet of the file's `gpmd` or else `camm` track, timed on the video's timeline.
    public static func dataPackets(path: String) throws(CameraMotionError) -> (Track, [DataPacket]) {
        let read = try readDataStream(path: path, readingPackets: true)
        return (read.track, read.packets)
    }

    /// `vf_read_data_stream` for the `gpmd` or else `camm` track: which it is and, when `readingPackets`, its packets
    /// (none are read otherwise). A file without either is a `noTrack` error naming its streams.
    private static func readDataStream(path: String, readingPackets: Bool) throws(CameraMotionError) -> (track: Track, packets: [DataPacket]) {
        var packets: UnsafeMutablePointer<vf_data_packet>?
        var bytes: UnsafeMutablePointer<UInt8>?
        var count: Int64 = 0
        var byteCount = 0
        var tag = [CChar](repeating: 0, count: 5)
        var err = [CChar](repeating: 0, count: 512)
        let tags = [Track.gpmf.rawValue, Track.camm.rawValue]
        let status = withArrayOfCStrings(tags) { pointers in
            readingPackets
                ? vf_read_data_stream(path, pointers, Int32(tags.count), &tag, &packets, &count, &bytes, &byteCount, &err, err.count)
                : vf_read_data_stream(path, pointers, Int32(tags.count), &tag, nil, nil, nil, nil, &err, err.count)
        }
        defer {
            vf_free(packets)
            vf_free(bytes)
        }
        let message = String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard status >= 0 else { throw CameraMotionError(path: path, message) }
        let found = String(decoding: tag.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard status == 1, let track = Track(rawValue: found) else {
            throw CameraMotionError(path: path, "has no gpmd or camm track, so no motion data of the camera's own (its streams: \(message))",
                                    noTrack: true)
        }
        guard let packets else { return (track, []) }
        let all = UnsafeBufferPointer(start: bytes, count: byteCount)
        let list = (0..<Int(count)).map { k in
            let p = packets[k]
            return DataPacket(time: p.time, duration: p.duration, bytes: Array(all[p.offset..<p.offset + p.size]))
        }
        return (track, list)
    }

    private static func withArrayOfCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var pointers = copies.map { UnsafePointer($0) }
        return body(&pointers)
    }
}
