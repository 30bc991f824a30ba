import AttitudeMath
import FileAccess
import Foundation

// MARK: - Writing

extension AttitudeLog {
    /// The steady-dice CSV text of `samples`: `#` comment lines, the `# frame:` line when `frame` is
    /// given, the header `t,qw,qx,qy,qz`, one row per sample. Numbers are written in the shortest form that
    /// reads back to the same double, so `parse(text:path:)` returns the samples exactly (times re-based to 0).
    /// Throws `AttitudeLogError.Reason.invalidSample` for what the reader would reject.
    public static func csvText(samples: [AttitudeSample], frame: ReferenceFrame?, comments: [String] = []) throws -> String {
        let checked = try AttitudeLog(samples: samples, frame: frame, path: "<csv text>")
        var text = ""
        for comment in comments {
            for line in comment.split(separator: "\n", omittingEmptySubsequences: false) {
                // A comment that would read back as a frame line is kept a plain comment.
                let isFrameLike = line.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("frame:")
                text += line.isEmpty ? "#\n" : isFrameLike ? "# - \(line)\n" : "# \(line)\n"
            }
        }
        if let frame = checked.frame { text += "# frame: \(frame.rawValue)\n" }
        text += AttitudeLogFormat.steadyDiceRequiredColumns.joined(separator: ",") + "\n"
        // The samples as given, not re-based: a writer keeps the caller's clock.
        for (sample, unit) in zip(samples, checked.samples) {
            let q = unit.worldFromDevice
            text += "\(sample.t),\(q.w),\(q.x),\(q.y),\(q.z)\n"
        }
        return text
    }

    /// How a log of attitudes in `frame` says so: a Core Motion frame in its `# frame:` line; east-north-up and
    /// north-east-down, which that line cannot name, in a comment naming the axes `rotated` (the frame the
    /// attitudes turn, e.g. "sensor" or "device") is turned into. The log then names no frame.
    public static func frameHeader(for frame: OutputFrame, rotating rotated: String) -> (frame: ReferenceFrame?, comment: String?) {
        switch frame {
        case .reference(let reference): return (reference, nil)
        case .enu: return (nil, "axes: \(rotated) to east-north-up")
        case .ned: return (nil, "axes: \(rotated) to north-east-down")
        }
    }

    /// Writes `csvText(samples:frame:comments:)` to `path` alone, through the output policy (`OutputFiles`).
    public static func write(samples: [AttitudeSample], frame: ReferenceFrame?, comments: [String] = [], to path: String) throws {
        let outputs = OutputFiles()
        let output: OutputFiles.Staged
        do {
            output = try outputs.stage(path, option: "the attitude log")
        } catch {
            throw AttitudeLogError(path: path, reason: .unwritable(error.reason))
        }
        try write(samples: samples, frame: frame, comments: comments, to: output)
        do {
            try outputs.commit()
        } catch {
            throw AttitudeLogError(path: path, reason: .unwritable(error.reason))
        }
    }

    /// Writes `csvText(samples:frame:comments:)` as a staged output of a command's `OutputFiles`.
    public static func write(samples: [AttitudeSample], frame: ReferenceFrame?, comments: [String] = [],
                             to output: OutputFiles.Staged) throws {
        let text: String
        do {
            text = try csvText(samples: samples, frame: frame, comments: comments)
        } catch let error as AttitudeLogError {
            throw AttitudeLogError(path: output.path, line: error.line, column: error.column, reason: error.reason)
        }
        do {
            try output.write(Data(text.utf8))
        } catch {
            throw AttitudeLogError(path: output.path, reason: .unwritable(error.reason))
        }
    }
}
