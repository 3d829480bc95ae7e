import CFileOps
import Glibc
import SplitView

/// Numbers and dates for people, in the reader's locale (``LocaleFormats/current``).
enum Format {
    /// The locale the formats follow: the environment's, read once.
    static var locale: LocaleFormats { LocaleFormats.current }

    /// A byte count: 812 bytes, 4.2 KB, 1.3 MB (powers of 1000, as GNOME and macOS show them);
    /// in German 4,2 KB, in French 4,2 ko.
    static func size(_ bytes: Int64) -> String { locale.size(bytes) }

    /// A count with its thousands apart: 812, 1 200, 150 000 (in German 150.000).
    static func count(_ value: Int) -> String { locale.count(value) }

    /// A modification time as a local date: 2026-11-21 (in German 21.11.2026).
    static func date(_ seconds: Int) -> String { locale.date(seconds) }

    /// A modification time as a local date and time: 2026-11-21 14:03:27.
    static func dateTime(_ seconds: Int) -> String { locale.dateTime(seconds) }
}

/// How a locale writes numbers and dates: its decimal point and thousands separator
/// (`LC_NUMERIC`), its date and time formats (`LC_TIME`), as `nl_langinfo` gives them.
///
/// Decision: in the C locale (and `C.UTF-8`) dates stay ISO 8601 (2026-11-21) and thousands
/// are set apart by a space, as before there were locales: C's own `%m/%d/%y` reads wrongly
/// everywhere but in the United States, and C has no thousands separator. Elsewhere the
/// locale's `D_FMT` and `T_FMT` (German 21.11.2026 14:03:27, French 21/11/2026) and its
/// separators; sizes name their units through the catalog (French "ko", "Mo").
public struct LocaleFormats: @unchecked Sendable {
    /// The decimal point: "." or ",".
    public let decimalPoint: String
    /// Between thousands: " ", "." (German), a narrow no-break space (French).
    public let thousandsSeparator: String
    /// The locale's date format for strftime, or nil for ISO 8601.
    public let dateFormat: String?
    /// The locale's time format for strftime, or nil for 24-hour ISO 8601.
    public let timeFormat: String?
    /// The LC_TIME locale strftime_l names months in (nil: the C locale).
    private let timeLocale: locale_t?

    /// The environment's formats (`LC_ALL`, `LC_NUMERIC`, `LC_TIME`, `LANG`), read once.
    public static let current = LocaleFormats(numeric: "", time: "")

    /// The formats of two named locales (`de_DE.UTF-8`; "" for the environment's). A locale
    /// that is not installed reads as C.
    public init(numeric: String, time: String) {
        var point = ".", separator = " "
        if let numbers = newlocale(LC_NUMERIC_MASK, numeric, nil) {
            defer { freelocale(numbers) }
            if let radix = nl_langinfo_l(nl_item(RADIXCHAR), numbers), radix.pointee != 0 { point = String(cString: radix) }
            if let thousands = nl_langinfo_l(nl_item(THOUSEP), numbers), thousands.pointee != 0 {
                separator = String(cString: thousands)
            }
        }
        decimalPoint = point
        thousandsSeparator = separator
        let name = time.isEmpty ? Self.environmentLocale("LC_TIME") : time
        let times = GettextCatalog.isC(name) ? nil : newlocale(LC_TIME_MASK, name, nil)
        if let times {
            timeLocale = times
            dateFormat = nl_langinfo_l(nl_item(D_FMT), times).map { String(cString: $0) }
            timeFormat = nl_langinfo_l(nl_item(T_FMT), times).map { String(cString: $0) }
        } else {
            timeLocale = nil
            dateFormat = nil
            timeFormat = nil
        }
    }

    /// The locale the environment names for `category`: `LC_ALL`, else the category's own
    /// variable, else `LANG`, else C (setlocale's order).
    static func environmentLocale(_ category: String) -> String {
        for name in ["LC_ALL", category, "LANG"] {
            if let value = getenv(name), value.pointee != 0 { return String(cString: value) }
        }
        return "C"
    }

    /// A byte count: 812 bytes, 4.2 KB, 1.3 MB (powers of 1000).
    public func size(_ bytes: Int64) -> String {
        if bytes < 1000 {
            let n = Int(bytes)
            return String(translated: "\(n) byte", plural: "\(n) bytes", count: n)
        }
        var value = Double(bytes) / 1000, unit = 0
        while value >= 999.95 && unit < 5 {
            value /= 1000
            unit += 1
        }
        let tenths = (value * 10).rounded() / 10
        let number =
            tenths == tenths.rounded()
            ? "\(Int(tenths))" : "\(Int(tenths))" + decimalPoint + "\(Int((tenths * 10).rounded()) % 10)"
        switch unit {
        case 0: return String(translated: "\(number) KB")
        case 1: return String(translated: "\(number) MB")
        case 2: return String(translated: "\(number) GB")
        case 3: return String(translated: "\(number) TB")
        case 4: return String(translated: "\(number) PB")
        default: return String(translated: "\(number) EB")
        }
    }

    /// A count with its thousands apart: 812, 1 200, 150 000.
    public func count(_ value: Int) -> String {
        var digits = Array(String(value.magnitude)).map(String.init)
        var index = digits.count - 3
        while index > 0 {
            digits.insert(thousandsSeparator, at: index)
            index -= 3
        }
        return (value < 0 ? "-" : "") + digits.joined()
    }

    /// A time as a local date: 2026-11-21, or the locale's (21.11.2026).
    public func date(_ seconds: Int) -> String {
        guard var parts = Self.localTime(seconds) else { return String(translated: "unknown date") }
        if let dateFormat { return format(dateFormat, &parts) }
        return "\(parts.tm_year + 1900)-\(Self.two(parts.tm_mon + 1))-\(Self.two(parts.tm_mday))"
    }

    /// A time as a local date and time: 2026-11-21 14:03:27, or the locale's.
    public func dateTime(_ seconds: Int) -> String {
        guard var parts = Self.localTime(seconds) else { return String(translated: "unknown date") }
        if let dateFormat, let timeFormat { return format(dateFormat + " " + timeFormat, &parts) }
        return date(seconds) + " \(Self.two(parts.tm_hour)):\(Self.two(parts.tm_min)):\(Self.two(parts.tm_sec))"
    }

    private func format(_ pattern: String, _ parts: inout tm) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        let count = strftime_l(&buffer, buffer.count, pattern, &parts, timeLocale)
        guard count > 0 else { return "" }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    private static func localTime(_ seconds: Int) -> tm? {
        var time = time_t(seconds), parts = tm()
        return localtime_r(&time, &parts) != nil ? parts : nil
    }

    private static func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
