import Glibc

/// Numbers and dates for people.
enum Format {
    /// A byte count: 812 bytes, 4.2 KB, 1.3 MB (powers of 1000, as GNOME and macOS show them).
    static func size(_ bytes: Int64) -> String {
        if bytes < 1000 { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
        let units = ["KB", "MB", "GB", "TB", "PB", "EB"]
        var value = Double(bytes) / 1000, unit = 0
        while value >= 999.95 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let tenths = (value * 10).rounded() / 10
        return (tenths == tenths.rounded() ? "\(Int(tenths))" : "\(tenths)") + " " + units[unit]
    }

    /// A count with its thousands apart: 812, 1 200, 150 000.
    static func count(_ value: Int) -> String {
        var digits = Array(String(value.magnitude))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(" ", at: index)
            index -= 3
        }
        return (value < 0 ? "-" : "") + String(digits)
    }

    /// A modification time as a local date: 2026-11-21.
    static func date(_ seconds: Int) -> String {
        guard let parts = localTime(seconds) else { return "unknown date" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
    }

    /// A modification time as a local date and time: 2026-11-21 14:03:27.
    static func dateTime(_ seconds: Int) -> String {
        guard let parts = localTime(seconds) else { return "unknown date" }
        return date(seconds) + " \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    private static func localTime(_ seconds: Int) -> tm? {
        var time = time_t(seconds), parts = tm()
        return localtime_r(&time, &parts) != nil ? parts : nil
    }

    private static func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
