import ChartpipeCore

/// Decimal numbers read straight from bytes, without a String per field.
enum DecimalNumber {
    /// Exact powers of ten up to 1e22, the range where a double multiply or divide is exact.
    private static let powers: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13,
                                           1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

    /// True for the words that mean "no value": empty, `NA`, `N/A`, `null`, `NaN` (any case).
    static func isGapWord(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        switch n {
        case 0: return true
        case 2: return p[0] | 0x20 == 0x6E && p[1] | 0x20 == 0x61
        case 3:
            if p[0] | 0x20 == 0x6E && p[1] == 0x2F && p[2] | 0x20 == 0x61 { return true }
            return p[0] | 0x20 == 0x6E && p[1] | 0x20 == 0x61 && p[2] | 0x20 == 0x6E
        case 4: return p[0] | 0x20 == 0x6E && p[1] | 0x20 == 0x75 && p[2] | 0x20 == 0x6C && p[3] | 0x20 == 0x6C
        default: return false
        }
    }

    /// A number, a gap word, or a problem; surrounding spaces are ignored.
    @inline(__always)
    static func decode(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Decoded {
        guard var p = start, count > 0 else { return .gap }
        var n = count
        while n > 0, p[0] == 0x20 || p[0] == 0x09 { p += 1; n -= 1 }
        while n > 0, p[n - 1] == 0x20 || p[n - 1] == 0x09 || p[n - 1] == 0x0D { n -= 1 }
        if let v = parse(p, n) { return .value(v) }
        if isGapWord(p, n) { return .gap }
        return .problem(explain(String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)))
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`, or nil.
    /// Clinger's fast path (Clinger 1990) when the digits fit in 2^53 and the power of ten is exact;
    /// otherwise the standard library's correctly rounded conversion.
    @inline(__always)
    static func parse(_ p: UnsafePointer<UInt8>, _ n: Int) -> Double? {
        var i = 0
        var negative = false
        if i < n, p[i] == 0x2D || p[i] == 0x2B { negative = p[i] == 0x2D; i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var significant = 0
        var dropped = 0
        while i < n {
            let d = p[i] &- 0x30
            if d > 9 { break }
            if significant < 19 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                if mantissa != 0 { significant += 1 }
            } else {
                dropped += 1
            }
            digits += 1
            i += 1
        }
        var scale = dropped
        if i < n, p[i] == 0x2E {
            i += 1
            while i < n {
                let d = p[i] &- 0x30
                if d > 9 { break }
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(d)
                    if mantissa != 0 { significant += 1 }
                    scale -= 1
                }
                digits += 1
                i += 1
            }
        }
        guard digits > 0 else { return nil }
        if i < n, p[i] | 0x20 == 0x65 {
            i += 1
            var expNegative = false
            if i < n, p[i] == 0x2D || p[i] == 0x2B { expNegative = p[i] == 0x2D; i += 1 }
            var e = 0
            var expDigits = 0
            while i < n {
                let d = p[i] &- 0x30
                if d > 9 { break }
                if e < 100_000 { e = e * 10 + Int(d) }
                expDigits += 1
                i += 1
            }
            guard expDigits > 0 else { return nil }
            scale += expNegative ? -e : e
        }
        guard i == n else { return nil }
        if mantissa <= 1 << 53, scale >= -22, scale <= 22 {
            let m = Double(mantissa)
            let v = scale < 0 ? m / powers[-scale] : m * powers[scale]
            return negative ? -v : v
        }
        if mantissa == 0 { return negative ? -0.0 : 0 }
        let text = String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
        guard let v = Double(text), v.isFinite else { return nil }
        return v
    }

    /// `decode` for a CSV file with its own number style (`decimal`, `thousands`), or for a
    /// problem of the plain style that deserves a hint naming the source options. `delimiter` is
    /// the file's: a file separated by commas cannot take ',' as its decimal separator.
    static func decode(_ start: UnsafePointer<UInt8>?, _ count: Int, style: NumberStyle, delimiter: UInt8) -> Decoded {
        guard var p = start, count > 0 else { return .gap }
        var n = count
        while n > 0, p[0] == 0x20 || p[0] == 0x09 { p += 1; n -= 1 }
        while n > 0, p[n - 1] == 0x20 || p[n - 1] == 0x09 || p[n - 1] == 0x0D { n -= 1 }
        if let v = style.isPlain ? parse(p, n) : parse(p, n, style) { return .value(v) }
        if isGapWord(p, n) { return .gap }
        let text = String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
        return .problem(explain(text, style: style, delimiter: delimiter))
    }

    /// A number written in `style`: an optional sign, digits whose integer part may be grouped by
    /// threes with the thousands separator (`1.234.567`, all groups or none), the decimal separator,
    /// an optional exponent. The separators are rewritten to plain digits and '.' and read by `parse`.
    static func parse(_ p: UnsafePointer<UInt8>, _ n: Int, _ style: NumberStyle) -> Double? {
        guard n > 0 else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { out -> Double? in
            guard let base = out.baseAddress, let plain = style.plainDigits(p, n, into: base) else { return nil }
            return parse(UnsafePointer(base), plain)
        }
    }

    /// `decode` of text already in a String.
    static func decode(_ text: String) -> Decoded {
        var text = text
        return text.withUTF8 { decode($0.baseAddress, $0.count) }
    }

    /// Why `text` is not a number in a CSV file of `style` and `delimiter`: when another style of
    /// the source options reads it, the message says which keys and what it reads as; else `explain`.
    /// Of the styles that read it, the one that changes fewest keys; a file separated by commas
    /// cannot take ',' as its decimal separator, so there "1,234" is a thousands separator.
    static func explain(_ text: String, style: NumberStyle, delimiter: UInt8) -> String {
        let shown = "'\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'"
        var best: (keys: [String], reads: String)?
        var withDecimalComma: String?
        for candidate in NumberStyle.candidates where candidate != style {
            guard let reads = candidate.plainText(text) else { continue }
            if candidate.decimal == 0x2C, delimiter == 0x2C {
                withDecimalComma = withDecimalComma ?? reads
                continue
            }
            let keys = candidate.keys(changedFrom: style)
            if best == nil || keys.count < best!.keys.count { best = (keys, reads) }
        }
        if let best {
            return "\(shown) is not a number; it reads as \(best.reads) with \(best.keys.joined(separator: " and ")) in the source"
        }
        if let withDecimalComma {
            return "\(shown) is not a number; write it as \(withDecimalComma): a file whose fields are separated by commas cannot take ',' as the decimal separator"
        }
        // Digits and separators that follow no style; a currency sign, a word or 'inf' is explained as anywhere.
        let separatorsOnly = text.allSatisfy { $0.isASCII && ($0.isNumber || "+-.,eE ".contains($0)) || $0 == "\u{A0}" || $0 == "\u{202F}" }
        if !style.isPlain, separatorsOnly {
            let mark = Character(Unicode.Scalar(style.decimal))
            let thousands = style.thousands.map { " and '\(Character(Unicode.Scalar($0)))' between groups of three digits" } ?? ""
            return "\(shown) is not a number as the source writes them (\"decimal\": \"\(mark)\"): write digits with an optional sign, '\(mark)' before the decimals\(thousands), or leave the cell empty for a gap"
        }
        return explain(text, mark: Character(Unicode.Scalar(style.decimal)))
    }

    /// Why `text` is not a number, as a sentence saying what to do; `mark` is the decimal separator.
    static func explain(_ text: String, mark: Character = ".") -> String {
        let shown = "'\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'"
        let lower = text.lowercased()
        if ["inf", "+inf", "-inf", "infinity", "+infinity", "-infinity"].contains(lower) {
            return "\(shown) is not a finite number; leave the cell empty for a gap"
        }
        // Digits, sign, point and exponent that the conversion takes to infinity: written right, too large.
        if text.utf8.allSatisfy({ "0123456789+-.eE".utf8.contains($0) }), Double(text)?.isInfinite == true {
            return "\(shown) is out of range for a double (beyond ±1.8e308); check the value, or leave the cell empty for a gap"
        }
        if text.contains(","), text.allSatisfy({ $0.isNumber || $0 == "," || $0 == "." || $0 == "-" || $0 == "+" }) {
            if text.contains(".") { return "\(shown) is not a number; remove the thousands separators" }
            if NumberStyle(decimal: 0x2E, thousands: 0x2C).plainText(text) != nil {
                return "\(shown) is not a number; remove the thousands separators (or write '.' if ',' is the decimal separator)"
            }
            return "\(shown) is not a number; use '.' as the decimal separator"
        }
        if let symbol = text.first(where: { "$€£¥₩%".contains($0) }) {
            return "\(shown) is not a number; remove the '\(symbol)' and give the unit in y.unit"
        }
        if text.contains(where: { $0 == " " || $0 == "\u{A0}" || $0 == "\u{202F}" }),
           text.allSatisfy({ $0.isNumber || $0 == " " || $0 == "\u{A0}" || $0 == "\u{202F}" || $0 == "." || $0 == "-" }) {
            return "\(shown) is not a number; remove the spaces between the digits"
        }
        return "\(shown) is not a number; write digits with an optional sign, '\(mark)' and exponent, or leave the cell empty for a gap"
    }
}
