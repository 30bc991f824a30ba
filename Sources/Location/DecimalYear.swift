import Foundation

/// Dates as the magnetic model takes them: a year with its elapsed fraction, in UTC.
public enum DecimalYear {
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The decimal year of an instant: 2025.0 is 2025-01-01T00:00Z, and a year's fraction counts its
    /// own length (365 or 366 days).
    public static func of(_ date: Date) -> Double {
        let year = utc.component(.year, from: date)
        let start = utc.date(from: DateComponents(year: year, month: 1, day: 1))!
        let next = utc.date(from: DateComponents(year: year + 1, month: 1, day: 1))!
        return Double(year) + date.timeIntervalSince(start) / next.timeIntervalSince(start)
    }

    /// The decimal year at midnight UTC of `text`, `YYYY-MM-DD`; nil when it is not such a date.
    public static func parse(_ text: String) -> Double? {
        guard let date = date(fromISO: text) else { return nil }
        return of(date)
    }

    /// Midnight UTC of a `YYYY-MM-DD` date that exists in the calendar.
    public static func date(fromISO text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        let components = DateComponents(year: year, month: month, day: day)
        guard let date = utc.date(from: components),
              utc.dateComponents([.year, .month, .day], from: date) == DateComponents(year: year, month: month, day: day)
        else { return nil }
        return date
    }

    /// `YYYY-MM-DD` of an instant, in UTC.
    public static func isoDay(_ date: Date) -> String {
        let c = utc.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }
}
