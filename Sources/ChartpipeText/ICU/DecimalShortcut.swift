import CICU
import Synchronization

/// The text ICU writes for a number skeleton of fixed fraction digits (`.00`, `.##`,
/// `precision-integer`, none) with at most a percent sign, a currency or a unit around the digits,
/// written without calling ICU: about a tenth of ICU's time, and the hot path of every label and
/// table cell.
///
/// It is made only where it writes ICU's very bytes: the locale's digits are Latin with groups of
/// three (`1,234,567.5`, as ICU itself writes it for the locale), its plural rules have only
/// `other` (ja, ko, zh) or are English's (`one` for exactly "1"), and the text around the digits,
/// found by formatting sample values with ICU, contains them once. A formatter then checks it
/// against ICU on values that round, group and change sign; otherwise ICU writes every value.
///
/// Digits: ICU formats a double from its shortest round-trip decimal (double-conversion's
/// SHORTEST) rounded half-even at the skeleton's last digit, so this rounds the shortest decimal
/// Swift prints (the same digits: both choose the shortest, closest decimal, Steele & White /
/// Ryu-style) half to even.
struct DecimalShortcut: Sendable {
    let minFraction: Int
    let maxFraction: Int
    let group: [UInt8]
    let decimal: [UInt8]
    let englishOne: Bool
    /// Text before and after the digits: [negative][one].
    private var affixes: [[(prefix: [UInt8], suffix: [UInt8])?]]

    /// The locale's decimal and group separators, if it writes `1<group>234<group>567<decimal>5`
    /// with Latin digits (and `1<group>234<decimal>5`: no minimum of two digits before a group).
    private struct Symbols: Sendable {
        let group: [UInt8]
        let decimal: [UInt8]
    }

    private static let symbols = Mutex<[String: Symbols?]>([:])

    init?(locale: String, skeleton: String, icu: (Double) -> String?) {
        var minFraction = 0, maxFraction = 6
        var precisionSeen = false, currency = false, signNegative = false
        for token in skeleton.split(separator: " ") {
            if token == "sign-negative" { signNegative = true; continue }
            if token == "percent" || token == "unit-width-full-name" || token == "unit-width-hidden" { continue }
            if token.hasPrefix("measure-unit/") { continue }
            if token.hasPrefix("currency/") { currency = true; continue }
            guard !precisionSeen else { return nil }
            precisionSeen = true
            if token == "precision-integer" {
                (minFraction, maxFraction) = (0, 0)
            } else if token.first == ".", token.count > 1, token.count <= 16 {
                let marks = token.dropFirst()
                let zeros = marks.prefix { $0 == "0" }.count
                guard marks.dropFirst(zeros).allSatisfy({ $0 == "#" }) else { return nil }
                (minFraction, maxFraction) = (zeros, marks.count)
            } else {
                return nil
            }
        }
        // A currency without a precision takes the currency's digits, which only ICU knows here.
        guard signNegative, !(currency && !precisionSeen) else { return nil }
        guard let rules = PluralRules.forLocale(locale) else { return nil }
        if rules.categories == [.other] {
            englishOne = false
        } else if LocaleFallback.language(of: locale) == "en", rules.categories == [.one, .other] {
            englishOne = true
        } else {
            return nil
        }
        guard let symbols = Self.symbols(of: locale) else { return nil }
        self.minFraction = minFraction
        self.maxFraction = maxFraction
        group = symbols.group
        decimal = symbols.decimal
        // The text around the digits, from ICU's text of ±2 and ±1 (English's `one`).
        var found: [[(prefix: [UInt8], suffix: [UInt8])?]] = [[nil, nil], [nil, nil]]
        affixes = found
        for sample in [2.0, 1.0, -2.0, -1.0] {
            guard let text = icu(sample), let digits = digits(abs(sample)) else { return nil }
            let bytes = Array(text.utf8)
            guard let at = Self.onlyOccurrence(of: digits.text, in: bytes) else { return nil }
            let affix = (prefix: Array(bytes[..<at]), suffix: Array(bytes[(at + digits.text.count)...]))
            let n = sample < 0 ? 1 : 0, o = digits.isOne ? 1 : 0
            if let known = found[n][o] {
                guard known.prefix == affix.prefix, known.suffix == affix.suffix else { return nil }
            }
            found[n][o] = affix
        }
        affixes = found
        // Values that round up across a group, to even, to zero (whose minus goes), and grow a group.
        for value in [0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, -0.004, 999.995, 9_999.9999, 1_234_567.891, 0.1234567,
                      -1_234.5678, 1_000_000, 12.345, 1.005, 100] {
            guard let text = icu(value), text == format(value) else { return nil }
        }
    }

    /// ICU's text of `value`, or nil where only ICU can tell (not finite, beyond 10^15, or a sign
    /// or plural whose text was not sampled).
    func format(_ value: Double) -> String? {
        guard value.isFinite, value.magnitude < 1e15, let digits = digits(value.magnitude) else { return nil }
        let affix = affixes[value < 0 && !digits.isZero ? 1 : 0][digits.isOne ? 1 : 0]
        guard let affix else { return nil }
        var out = affix.prefix
        out.reserveCapacity(affix.prefix.count + digits.text.count + affix.suffix.count)
        out += digits.text
        out += affix.suffix
        return String(decoding: out, as: UTF8.self)
    }

    /// The grouped digits of a magnitude at the skeleton's precision; `isOne` when English's plural
    /// `one` applies (exactly "1", no fraction shown).
    private func digits(_ magnitude: Double) -> (text: [UInt8], isZero: Bool, isOne: Bool)? {
        // Swift's description is the shortest round-trip decimal: "52.37", "5.0", "1e-05", "1.5e+16".
        var mantissa: [UInt8] = []
        mantissa.reserveCapacity(24)
        var point = -1, exponent = 0, exponentSign = 1, inExponent = false
        for byte in magnitude.description.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inExponent { exponent = exponent * 10 + Int(byte - 48) } else { mantissa.append(byte - 48) }
            case UInt8(ascii: "."): point = mantissa.count
            case UInt8(ascii: "e"): inExponent = true
            case UInt8(ascii: "-"): exponentSign = -1
            case UInt8(ascii: "+"): break
            default: return nil
            }
        }
        guard !mantissa.isEmpty else { return nil }
        // Digits before the decimal point, counted in `mantissa` (may be negative or beyond it).
        let integerCount = (point < 0 ? mantissa.count : point) + exponentSign * exponent
        // Digit i of the number (0 is the leading digit of `mantissa`), 0 outside it.
        func digit(_ i: Int) -> UInt8 { i >= 0 && i < mantissa.count ? mantissa[i] : 0 }
        // Keep `integerCount + maxFraction` digits of the mantissa, rounded half to even.
        let kept = integerCount + maxFraction
        var number: [UInt8] = []  // integer digits then maxFraction fraction digits, as values 0…9
        let width = max(kept, maxFraction)
        number.reserveCapacity(width + 1)
        for i in (kept - width)..<kept { number.append(digit(i)) }
        if kept < mantissa.count {
            let first = digit(kept)
            var roundUp = first > 5
            if first == 5 {
                let rest = mantissa[(kept + 1)...].contains { $0 != 0 }
                roundUp = rest || (number.last.map { $0 & 1 == 1 } ?? false)
            }
            if roundUp {
                var i = number.count - 1
                while i >= 0 {
                    if number[i] == 9 { number[i] = 0; i -= 1 } else { number[i] += 1; break }
                }
                if i < 0 { number.insert(1, at: 0) }
            }
        }
        var fraction = maxFraction
        while fraction > minFraction, number.last == 0 { number.removeLast(); fraction -= 1 }
        var integer = number.count - fraction
        // Leading zeros of the integer part go, but one digit stays: "0.5".
        var start = 0
        while integer - start > 1, number[start] == 0 { start += 1 }
        integer -= start
        let isZero = !number[start...].contains { $0 != 0 }
        var text: [UInt8] = []
        text.reserveCapacity(integer + integer / 3 * group.count + decimal.count + fraction)
        if integer <= 0 {
            text.append(UInt8(ascii: "0"))
        } else {
            for i in 0..<integer {
                if i > 0, (integer - i) % 3 == 0 { text += group }
                text.append(number[start + i] + 48)
            }
        }
        if fraction > 0 {
            text += decimal
            for i in (start + max(integer, 0))..<number.count { text.append(number[i] + 48) }
        }
        let isOne = englishOne && fraction == 0 && integer == 1 && number[start] == 1
        return (text, isZero, isOne)
    }

    private static func onlyOccurrence(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var found: Int?
        for i in 0...(haystack.count - needle.count) where haystack[i..<(i + needle.count)].elementsEqual(needle) {
            guard found == nil else { return nil }
            found = i
        }
        return found
    }

    /// The separators of `locale`, found by formatting with ICU, or nil when its numbers are not
    /// written with Latin digits in groups of three.
    private static func symbols(of locale: String) -> Symbols? {
        if let known = symbols.withLock({ $0[locale] }) { return known }
        let found = probeSymbols(locale)
        symbols.withLock { $0[locale] = found }
        return found
    }

    private static func probeSymbols(_ locale: String) -> Symbols? {
        var status: Int32 = 0
        guard let handle = cicu_number_formatter_open(locale, ".0 sign-negative", &status) else { return nil }
        defer { cicu_number_formatter_close(handle) }
        func text(_ value: Double) -> [UInt8]? { takeString(cicu_number_format(handle, value, &status)).map { Array($0.utf8) } }
        // "1<g>234<g>567<d>5": the group is what stands between 1 and 234, the decimal after 567.
        guard let seven = text(1_234_567.5), let four = text(1_234.5), let three = text(123.5),
              seven.first == UInt8(ascii: "1") else { return nil }
        func split(_ bytes: [UInt8]) -> [[UInt8]] {
            var parts: [[UInt8]] = [[]]
            var digits = true
            for b in bytes {
                let isDigit = b >= 48 && b <= 57
                if isDigit != digits { parts.append([]); digits = isDigit }
                parts[parts.count - 1].append(b)
            }
            return parts
        }
        let parts = split(seven)
        guard parts.count == 7, parts[0] == Array("1".utf8), parts[2] == Array("234".utf8), parts[4] == Array("567".utf8),
              parts[6] == Array("5".utf8), parts[1] == parts[3], !parts[1].isEmpty, !parts[5].isEmpty else { return nil }
        let group = parts[1], decimal = parts[5]
        guard four == Array("1".utf8) + group + Array("234".utf8) + decimal + Array("5".utf8),
              three == Array("123".utf8) + decimal + Array("5".utf8) else { return nil }
        return Symbols(group: group, decimal: decimal)
    }
}
