import ChartpipeCalendar
import CICU

/// The text an ICU date formatter writes in UTC, written from its pattern without ICU: a tenth of
/// ICU's time, and every x label of a time axis goes through it.
///
/// It is made only for patterns of fields it writes as ICU does (years, months as numbers or
/// wide names, days, hours of either clock, minutes, seconds, milliseconds,
/// AM/PM) with the formatter's own month names and AM/PM markers, for Latin digits, and only
/// when it writes ICU's text of sample instants; it writes instants of whole milliseconds from
/// 1900 to 2199 (ICU's calendar is Julian before 1582), ICU the others.
struct DateShortcut: Sendable {
    private enum Part: Sendable {
        case literal([UInt8])
        case year(width: Int)
        case monthName
        case standaloneMonthName
        case month(width: Int)
        case day(width: Int)
        case hour24(width: Int)
        case hour12(width: Int)
        case minute(width: Int)
        case second(width: Int)
        case milliseconds
        case amPm
    }

    /// What `format` writes, in order: each a field, or bytes of `text` (a literal, a month's
    /// name, AM or PM). Plain values: writing a date copies no array and retains nothing per part.
    private struct Op: Sendable {
        enum Kind: UInt8, Sendable { case literal, year, monthName, standaloneMonthName, month, day, hour24, hour12, minute, second, milliseconds, amPm }
        let kind: Kind
        let width: Int
        /// Bytes of `text` (literals), or where the twelve names (AM and PM) start in `names`.
        let start: Int
        let end: Int
    }

    private let ops: [Op]
    /// Literals, then month names, standalone month names, AM and PM, as UTF-8.
    private let text: [UInt8]
    /// Ranges in `text`: 12 month names, 12 standalone month names, AM, PM.
    private let names: [Range<Int>]
    /// The most bytes a text can take.
    private let longest: Int

    /// 1900-01-01 and 2200-01-01 in milliseconds since 1970.
    static let range = -2_208_988_800_000.0 ..< 7_258_118_400_000.0

    /// A shortcut for `pattern` as `handle` formats it, checked against `icu`; nil when ICU must
    /// write the text.
    init?(pattern: String, handle: OpaquePointer, icu: (Double) -> String?) {
        guard let parts = Self.parse(pattern) else { return nil }
        func symbol(_ kind: Int32, _ index: Int32) -> [UInt8]? {
            var status: Int32 = 0
            return takeString(cicu_date_symbol(handle, kind, index, &status)).map { Array($0.utf8) }
        }
        var months: [[UInt8]] = [], standaloneMonths: [[UInt8]] = []
        for i in 0..<12 {
            guard let name = symbol(0, Int32(i)), let standalone = symbol(2, Int32(i)) else { return nil }
            months.append(name)
            standaloneMonths.append(standalone)
        }
        guard let am = symbol(1, 0), let pm = symbol(1, 1) else { return nil }
        var text: [UInt8] = [], ops: [Op] = [], longest = 0
        for part in parts {
            switch part {
            case let .literal(bytes):
                ops.append(Op(kind: .literal, width: 0, start: text.count, end: text.count + bytes.count))
                text += bytes
                longest += bytes.count
            case let .year(width): ops.append(Op(kind: .year, width: width, start: 0, end: 0)); longest += max(width, 4)
            case .monthName: ops.append(Op(kind: .monthName, width: 0, start: 0, end: 0)); longest += months.map(\.count).max() ?? 0
            case .standaloneMonthName:
                ops.append(Op(kind: .standaloneMonthName, width: 0, start: 12, end: 0))
                longest += standaloneMonths.map(\.count).max() ?? 0
            case let .month(width): ops.append(Op(kind: .month, width: width, start: 0, end: 0)); longest += 2
            case let .day(width): ops.append(Op(kind: .day, width: width, start: 0, end: 0)); longest += 2
            case let .hour24(width): ops.append(Op(kind: .hour24, width: width, start: 0, end: 0)); longest += 2
            case let .hour12(width): ops.append(Op(kind: .hour12, width: width, start: 0, end: 0)); longest += 2
            case let .minute(width): ops.append(Op(kind: .minute, width: width, start: 0, end: 0)); longest += 2
            case let .second(width): ops.append(Op(kind: .second, width: width, start: 0, end: 0)); longest += 2
            case .milliseconds: ops.append(Op(kind: .milliseconds, width: 3, start: 0, end: 0)); longest += 3
            case .amPm: ops.append(Op(kind: .amPm, width: 0, start: 24, end: 0)); longest += max(am.count, pm.count)
            }
        }
        var names: [Range<Int>] = []
        for name in months + standaloneMonths + [am, pm] {
            names.append(text.count..<(text.count + name.count))
            text += name
        }
        self.ops = ops
        self.text = text
        self.names = names
        self.longest = longest
        for millis in Self.samples {
            guard let text = icu(millis), text == format(millis: millis) else { return nil }
        }
    }

    /// Instants whose texts stand for every text of a pattern: every month, both halves of the
    /// day, the hours either side of noon and midnight (one and two digits), days of one and two
    /// digits, a leap day, the ends of the range.
    static let samples: [Double] = {
        var samples: [Double] = [range.lowerBound, range.upperBound - 1, 951_782_400_000, 946_684_799_999]
        for month in 0..<12 {
            let day = Double(XValueText.daysFromCivil(2026, month + 1, month % 3 == 0 ? 1 : 28)) * 86_400_000
            for hour in [0, 1, 9, 11, 12, 13, 23] {
                samples.append(day + Double(hour) * 3_600_000 + Double(month * 5 % 60) * 60_000 + 7_123)
            }
        }
        return samples
    }()

    /// The text of `millis`, or nil outside the shortcut's instants.
    func format(millis: Double) -> String? {
        guard Self.range.contains(millis), millis == millis.rounded(.down) else { return nil }
        let whole = Int64(millis)
        let days = whole >= 0 ? whole / 86_400_000 : (whole - 86_399_999) / 86_400_000
        let ofDay = Int(whole - days * 86_400_000)
        let (year, month, day) = CivilCalendar.civil(fromDays: days)
        let hour = ofDay / 3_600_000, minute = ofDay / 60_000 % 60, second = ofDay / 1000 % 60, milli = ofDay % 1000
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longest) { out -> String in
            var n = 0
            // `value` (not negative) in at least `width` digits.
            func number(_ value: Int, _ width: Int) {
                let start = n
                var v = value
                repeat { out[n] = UInt8(v % 10) + 48; n += 1; v /= 10 } while v > 0
                while n - start < width { out[n] = 48; n += 1 }
                var (i, j) = (start, n - 1)
                while i < j { out.swapAt(i, j); i += 1; j -= 1 }
            }
            func copy(_ range: Range<Int>) {
                for i in range { out[n] = text[i]; n += 1 }
            }
            for op in ops {
                switch op.kind {
                case .literal: copy(op.start..<op.end)
                case .year: number(year, op.width)
                case .monthName: copy(names[month - 1])
                case .standaloneMonthName: copy(names[12 + month - 1])
                case .month: number(month, op.width)
                case .day: number(day, op.width)
                case .hour24: number(hour, op.width)
                case .hour12: number(hour % 12 == 0 ? 12 : hour % 12, op.width)
                case .minute: number(minute, op.width)
                case .second: number(second, op.width)
                case .milliseconds: number(milli, 3)
                case .amPm: copy(names[hour < 12 ? 24 : 25])
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: out[..<n]), as: UTF8.self)
        }
    }

    /// The parts of an ICU date pattern (UTS #35 date field symbols, text in single quotes), or nil
    /// when it has a field the shortcut does not write.
    private static func parse(_ pattern: String) -> [Part]? {
        var parts: [Part] = []
        var literal: [UInt8] = []
        let scalars = Array(pattern.unicodeScalars)
        var i = 0
        func flush() {
            if !literal.isEmpty { parts.append(.literal(literal)); literal = [] }
        }
        while i < scalars.count {
            let c = scalars[i]
            if c == "'" {
                // '' is a quote; 'text' is text.
                if i + 1 < scalars.count, scalars[i + 1] == "'" { literal.append(UInt8(ascii: "'")); i += 2; continue }
                var j = i + 1
                while j < scalars.count {
                    if scalars[j] == "'" {
                        if j + 1 < scalars.count, scalars[j + 1] == "'" { literal.append(UInt8(ascii: "'")); j += 2; continue }
                        break
                    }
                    literal += Array(String(scalars[j]).utf8)
                    j += 1
                }
                guard j < scalars.count else { return nil }
                i = j + 1
                continue
            }
            guard c.properties.isAlphabetic, c.isASCII else {
                literal += Array(String(c).utf8)
                i += 1
                continue
            }
            var count = 1
            while i + count < scalars.count, scalars[i + count] == c { count += 1 }
            flush()
            switch (c, count) {
            case ("y", 1): parts.append(.year(width: 1))
            case ("y", 4): parts.append(.year(width: 4))
            case ("M", 1), ("M", 2): parts.append(.month(width: count))
            case ("M", 4): parts.append(.monthName)
            case ("L", 1), ("L", 2): parts.append(.month(width: count))
            case ("L", 4): parts.append(.standaloneMonthName)
            case ("d", 1), ("d", 2): parts.append(.day(width: count))
            case ("H", 1), ("H", 2): parts.append(.hour24(width: count))
            case ("h", 1), ("h", 2): parts.append(.hour12(width: count))
            case ("m", 1), ("m", 2): parts.append(.minute(width: count))
            case ("s", 1), ("s", 2): parts.append(.second(width: count))
            case ("S", 3): parts.append(.milliseconds)
            case ("a", 1): parts.append(.amPm)
            default: return nil
            }
            i += count
        }
        flush()
        return parts
    }

}
