import CICU
import ChartpipeLock

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

    private static let symbols = Locked<[String: Symbols?]>([:])

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
    /// or plural whose text was not sampled). The digits are made on the stack and the string in
    /// one allocation (none when short): every value of every sentence and label comes here.
    func format(_ value: Double) -> String? {
        guard value.isFinite, value.magnitude < 1e15 else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.scratch) { buffer -> String? in
            guard let (count, isZero, isOne) = digits(value.magnitude, into: buffer),
                  let affix = affixes[value < 0 && !isZero ? 1 : 0][isOne ? 1 : 0] else { return nil }
            let digits = UnsafeBufferPointer(rebasing: buffer[..<count])
            return String(unsafeUninitializedCapacity: affix.prefix.count + count + affix.suffix.count) { out in
                var i = 0
                for b in affix.prefix { out[i] = b; i += 1 }
                for b in digits { out[i] = b; i += 1 }
                for b in affix.suffix { out[i] = b; i += 1 }
                return i
            }
        }
    }

    /// Bytes of scratch for one number's digits: 15 integer digits with their group separators
    /// (at most 4 bytes each), the decimal separator and 15 fraction digits fit with room to spare.
    private static let scratch = 128

    /// `digits(_:into:)` as an array (for the samples `init` checks).
    private func digits(_ magnitude: Double) -> (text: [UInt8], isZero: Bool, isOne: Bool)? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.scratch) { buffer in
            digits(magnitude, into: buffer).map { (Array(buffer[..<$0.count]), $0.isZero, $0.isOne) }
        }
    }

    /// The grouped digits of a magnitude at the skeleton's precision, written at the start of
    /// `text`: their byte count, and `isOne` when English's plural `one` applies (exactly "1", no
    /// fraction shown). Nil when they would not fit.
    private func digits(_ magnitude: Double, into text: UnsafeMutableBufferPointer<UInt8>)
        -> (count: Int, isZero: Bool, isOne: Bool)? {
        // A whole number (a count, a position) is its own digits, at any precision: no rounding,
        // and the fraction digits shown are the minimum's zeros.
        if magnitude == magnitude.rounded(.towardZero) {
            var v = Int64(magnitude), count = 0
            repeat { count += 1; v /= 10 } while v > 0
            let size = count + (count - 1) / 3 * group.count + (minFraction > 0 ? decimal.count + minFraction : 0)
            guard size <= text.count else { return nil }
            var n = size - (minFraction > 0 ? decimal.count + minFraction : 0)
            v = Int64(magnitude)
            var written = 0
            while true {
                n -= 1
                text[n] = UInt8(v % 10) + 48
                v /= 10
                written += 1
                if v == 0 { break }
                if written % 3 == 0 { for b in group.reversed() { n -= 1; text[n] = b } }
            }
            n = size - (minFraction > 0 ? decimal.count + minFraction : 0)
            if minFraction > 0 {
                for b in decimal { text[n] = b; n += 1 }
                for _ in 0..<minFraction { text[n] = 48; n += 1 }
            }
            return (n, magnitude == 0, englishOne && minFraction == 0 && magnitude == 1)
        }
        // Swift's description is the shortest round-trip decimal: "52.37", "5.0", "1e-05", "1.5e+16".
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * Self.scratch) { scratch in
            let mantissa = UnsafeMutableBufferPointer(rebasing: scratch[..<Self.scratch])
            let number = UnsafeMutableBufferPointer(rebasing: scratch[Self.scratch...])
            var mantissaCount = 0
            var point = -1, exponent = 0, exponentSign = 1, inExponent = false
            for byte in magnitude.description.utf8 {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if inExponent { exponent = exponent * 10 + Int(byte - 48) } else {
                        guard mantissaCount < mantissa.count else { return nil }
                        mantissa[mantissaCount] = byte - 48
                        mantissaCount += 1
                    }
                case UInt8(ascii: "."): point = mantissaCount
                case UInt8(ascii: "e"): inExponent = true
                case UInt8(ascii: "-"): exponentSign = -1
                case UInt8(ascii: "+"): break
                default: return nil
                }
            }
            guard mantissaCount > 0 else { return nil }
            // Digits before the decimal point, counted in `mantissa` (may be negative or beyond it).
            let integerCount = (point < 0 ? mantissaCount : point) + exponentSign * exponent
            // Digit i of the number (0 is the leading digit of `mantissa`), 0 outside it.
            func digit(_ i: Int) -> UInt8 { i >= 0 && i < mantissaCount ? mantissa[i] : 0 }
            // Keep `integerCount + maxFraction` digits of the mantissa, rounded half to even: one
            // place is left at the front of `number` for a carry out of the leading digit.
            let kept = integerCount + maxFraction
            let width = max(kept, maxFraction)
            guard width + 1 <= number.count else { return nil }
            var first = 1, end = 1  // number[first..<end]: integer digits then maxFraction fraction digits, as values 0…9
            for i in (kept - width)..<kept { number[end] = digit(i); end += 1 }
            if kept < mantissaCount {
                let next = digit(kept)
                var roundUp = next > 5
                if next == 5 {
                    let rest = kept + 1 < mantissaCount && mantissa[(kept + 1)..<mantissaCount].contains { $0 != 0 }
                    roundUp = rest || (end > first && number[end - 1] & 1 == 1)
                }
                if roundUp {
                    var i = end - 1
                    while i >= first {
                        if number[i] == 9 { number[i] = 0; i -= 1 } else { number[i] += 1; break }
                    }
                    if i < first { first -= 1; number[first] = 1 }
                }
            }
            var fraction = maxFraction
            while fraction > minFraction, end > first, number[end - 1] == 0 { end -= 1; fraction -= 1 }
            var integer = end - first - fraction
            // Leading zeros of the integer part go, but one digit stays: "0.5".
            var start = first
            while integer - (start - first) > 1, number[start] == 0 { start += 1 }
            integer -= start - first
            let isZero = !number[start..<end].contains { $0 != 0 }
            let size = max(integer, 1) + max(integer, 0) / 3 * group.count + decimal.count + fraction
            guard size <= text.count else { return nil }
            var n = 0
            if integer <= 0 {
                text[n] = UInt8(ascii: "0"); n += 1
            } else {
                for i in 0..<integer {
                    if i > 0, (integer - i) % 3 == 0 { for b in group { text[n] = b; n += 1 } }
                    text[n] = number[start + i] + 48; n += 1
                }
            }
            if fraction > 0 {
                for b in decimal { text[n] = b; n += 1 }
                for i in (start + max(integer, 0))..<end { text[n] = number[i] + 48; n += 1 }
            }
            let isOne = englishOne && fraction == 0 && integer == 1 && number[start] == 1
            return (n, isZero, isOne)
        }
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
