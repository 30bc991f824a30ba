import CameraMotion
import CommandLineSupport
import FileAccess
import Foundation
import SafeText
import Scene

/// The one rule by which `run`, `snapshot` and `render` take `--video` as their own log: given no attitude source
/// (no --log, --attitude, --imud), a video whose file carries its camera's own motion (a GoPro's `gpmd` track, a
/// `camm` track) is its log, as `calibrate --video` takes it.
public enum VideoOwnLog {
    /// True when the rule may apply: no attitude source is given and `video` is. Checked without reading the file,
    /// so the options' validation can ask it.
    public static func mayApply(sourcesGiven: Int, video: String?) -> Bool {
        sourcesGiven == 0 && video != nil
    }

    /// The log to play: `log` when given; else, when `mayApply`, `video` if it carries its own motion track (said
    /// on stderr, one line, `command` first). A video without such a track is a usage error when a source is
    /// `required` (naming the video's streams), and nil otherwise (`run` then plays its demo log); a file that is no
    /// video is its own error when `required`, and left to the background's reader otherwise. `sources` names the
    /// command's source options for that error ("--log, --attitude or --imud").
    public static func logPath(log: String?, sourcesGiven: Int, video: String?, command: String, required: Bool,
                               sources: String = "--log, --attitude or --imud") throws -> String? {
        if let log { return log }
        guard mayApply(sourcesGiven: sourcesGiven, video: video), let video else { return nil }
        // Only a readable regular file is opened: a FIFO would block the demuxer, and a folder of pictures has no track.
        if required {
            if FileKind.of(video) == .folder {
                throw CommandFailure("give \(sources): --video \(video) is a folder of pictures, with no motion track of its own", status: .usage)
            }
            try InputFile.check(video)  // missing, unreadable, a FIFO or a device: that file's own error (66)
        } else if FileKind.of(video) != .regular {
            return nil
        }
        do throws(CameraMotionError) {
            // Its streams only: the track's packets are read once, by the log's reader.
            let track = try CameraMotion.track(path: video)
            let note = "\(command): no --log: \(video) carries the camera's own motion (its \(track.rawValue) track): it is the log"
            Messages.logger.info("\(MessageText.line(note))")
            return video
        } catch where error.noTrack {
            guard required else { return nil }
            throw CommandFailure("give \(sources): --video \(error)", status: .usage)
        } catch {
            guard required else { return nil }
            throw error
        }
    }
}
