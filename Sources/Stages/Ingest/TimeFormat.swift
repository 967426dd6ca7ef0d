import ChartpipeCore
import Foundation

/// How the x values of a time chart are written (SPEC §3 `x.format`).
enum TimeFormat: Equatable {
    /// ISO 8601 dates and date-times, with or without an offset.
    case iso8601
    case epochSeconds
    case epochMillis
    /// A date pattern in the Unicode (CLDR) letters, such as `yyyy/MM/dd HH:mm` or `MMM d yyyy`.
    case pattern([TimeToken], text: String)

    enum TimeToken: Equatable {
        case year(minDigits: Int, maxDigits: Int)
        case twoDigitYear
        case month(minDigits: Int)
        case monthName
        case day(minDigits: Int)
        case hour(minDigits: Int)
        case hour12(minDigits: Int)
        case minute(minDigits: Int)
        case second(minDigits: Int)
        case fraction(digits: Int)
        case amPm
        case offset
        case weekdayName
        case literal(UInt8)
    }

    /// The format for `x.format`, or a problem message when the pattern has an unknown letter.
    static func parse(_ format: String?) -> Result<TimeFormat, ChartError> {
        guard let format else { return .success(.iso8601) }
        switch format {
        case "iso8601", "ISO8601", "iso-8601": return .success(.iso8601)
        case "epoch-seconds": return .success(.epochSeconds)
        case "epoch-millis": return .success(.epochMillis)
        default: break
        }
        var tokens: [TimeToken] = []
        let bytes = Array(format.utf8)
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x27 { // 'quoted literal'
                i += 1
                while i < bytes.count, bytes[i] != 0x27 { tokens.append(.literal(bytes[i])); i += 1 }
                i += 1
                continue
            }
            let isLetter = (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
            guard isLetter else { tokens.append(.literal(c)); i += 1; continue }
            var run = 1
            while i + run < bytes.count, bytes[i + run] == c { run += 1 }
            let token: TimeToken
            switch Character(Unicode.Scalar(c)) {
            case "y", "u": token = run == 2 ? .twoDigitYear : .year(minDigits: run >= 4 ? 4 : 1, maxDigits: run >= 4 ? max(4, run) : 4)
            case "M", "L": token = run >= 3 ? .monthName : .month(minDigits: run)
            case "d": token = .day(minDigits: run)
            case "H": token = .hour(minDigits: run)
            case "h": token = .hour12(minDigits: run)
            case "m": token = .minute(minDigits: run)
            case "s": token = .second(minDigits: run)
            case "S": token = .fraction(digits: run)
            case "a": token = .amPm
            case "X", "x", "Z": token = .offset
            case "E": token = .weekdayName
            default:
                return .failure(ChartError(
                    "unknown letter '\(Character(Unicode.Scalar(c)))' in the time format '\(format)'; use yyyy, MM, MMM, dd, HH, hh, mm, ss, SSS, a, XXX and quote literal text ('T')",
                    field: "x.format"))
            }
            tokens.append(token)
            i += run
        }
        return .success(.pattern(tokens, text: format))
    }
}
