import FileAccess
import CSVText
import Foundation
import Recording

/// x-IMU3's `AhrsStatus.csv` (x-IMU3-CSV): `Timestamp (us),Initialising,Angular Rate Recovery,Acceleration Recovery,
/// Magnetic Recovery`, one row each time a flag changes, 1 for set. While `Initialising` is set the AHRS is still
/// converging from its start (x-io Fusion ramps its gain down over 3 s), so the heading of `Quaternion.csv` is not
/// yet referenced to magnetic north.
struct XIMU3AhrsStatus {
    /// Microseconds on the device's clock (the same as `Quaternion.csv`'s) and whether the AHRS was initialising
    /// from then on, in the file's order.
    let changes: [(ticks: Int64, initialising: Bool)]

    init(path: String) throws {
        let data: Data
        do {
            data = try BoundedFile.read(path: path)
        } catch {
            throw AttitudeLogError(path: path, line: error.line, reason: .unreadable(error.reason))
        }
        let text = CSVText(data)
        guard let header = text.header, let time = header.index(of: "Timestamp (us)"),
              let flag = header.index(of: "Initialising") else {
            throw AttitudeLogError(path: path, reason: .unreadable(
                "expected x-IMU3's AhrsStatus.csv columns 'Timestamp (us)' and 'Initialising'"))
        }
        var changes: [(Int64, Bool)] = []
        for row in text.rows {
            let fields: [CSVText.Field]
            do {
                fields = try text.fields(of: row, matching: header)
            } catch {
                throw AttitudeLogError(path: path, line: error.line, reason: .wrongFieldCount(expected: error.expected, found: error.found))
            }
            guard let ticks = text.int64(fields[time]), ticks >= 0 else {
                throw AttitudeLogError(path: path, line: row.number, column: time + 1,
                                       reason: .malformedNumber(column: header.names[time], text: text.string(fields[time])))
            }
            guard let value = text.double(fields[flag]), value == 0 || value == 1 else {
                throw AttitudeLogError(path: path, line: row.number, column: flag + 1,
                                       reason: .malformedNumber(column: header.names[flag], text: text.string(fields[flag])))
            }
            changes.append((ticks, value == 1))
        }
        self.changes = changes
    }

    /// Microseconds at which the AHRS first reports having finished initialising, or nil when it never does.
    var initialisedAt: Int64? { changes.first { !$0.initialising }?.ticks }
}

extension AttitudeLog {
    /// An x-IMU3 log read with the `AhrsStatus.csv` of its folder: samples before the AHRS finished initialising
    /// are dropped (their heading is not yet magnetic north), and a log whose AHRS never finished is put in
    /// `xArbitraryZVertical`. Either is said in `warnings`. Other logs, and folders without the file, are returned as they are.
    func checkedAgainstAhrsStatus(folder: String) throws -> AttitudeLog {
        guard format == .xio, let path = RecordingFolder.open(folder)?.file("AhrsStatus.csv") else { return self }
        let status = try XIMU3AhrsStatus(path: path)
        guard !status.changes.isEmpty else { return self }
        let lastSampleTicks = (startTime + duration) * 1e6
        guard let ready = status.initialisedAt, Double(ready) <= lastSampleTicks + 0.5 else {
            var log = AttitudeLog(path: self.path, samples: samples, frame: .xArbitraryZVertical, format: format,
                                  startTime: startTime, warnings: warnings)
            log.warnings.append("\(path): the AHRS was initialising throughout the log: heading arbitrary "
                                + "(read as xArbitraryZVertical, not magnetic north)")
            return log
        }
        let readySeconds = Double(ready) * 1e-6 - startTime
        guard let first = samples.firstIndex(where: { $0.t >= readySeconds - 5e-7 }), first > 0 else { return self }
        let t0 = samples[first].t
        let kept = samples[first...].map { AttitudeSample(t: $0.t - t0, worldFromDevice: $0.worldFromDevice) }
        var log = AttitudeLog(path: self.path, samples: kept, frame: frame, format: format, startTime: startTime + t0,
                              warnings: warnings)
        log.warnings.append(String(format: "%@: skipped the first %d samples (%.3f s), taken while the AHRS was initialising "
                                   + "and its heading not yet magnetic north", path, first, t0))
        return log
    }
}
