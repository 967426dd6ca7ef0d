import ChartpipeCore

/// How a CSV file writes its numbers (the source options `decimal` and `thousands`).
struct NumberStyle: Equatable {
    /// The decimal separator: '.' or ','.
    var decimal: UInt8 = 0x2E
    /// The thousands separator, or nil for none. A space also takes U+00A0 and U+202F, the
    /// no-break spaces European spreadsheets write.
    var thousands: UInt8?

    static let plain = NumberStyle()

    var isPlain: Bool { decimal == 0x2E && thousands == nil }

    init(decimal: UInt8 = 0x2E, thousands: UInt8? = nil) {
        self.decimal = decimal
        self.thousands = thousands
    }

    init(_ source: SourceSpec) {
        self.init(decimal: source.decimal, thousands: source.thousands)
    }

    /// The styles a hint may suggest, in the order ties are broken: German (with and without
    /// thousands separators), English, French, spaces with a decimal point, plain.
    static let candidates = [NumberStyle(decimal: 0x2C, thousands: 0x2E), NumberStyle(decimal: 0x2C),
                             NumberStyle(decimal: 0x2E, thousands: 0x2C), NumberStyle(decimal: 0x2C, thousands: 0x20),
                             NumberStyle(decimal: 0x2E, thousands: 0x20), .plain]

    /// Writes `p[0..<n]` into `out` as plain digits, '.' and exponent: the thousands separators
    /// dropped (only between groups of three digits of the integer part, and all of them or none),
    /// the decimal separator made '.'. Returns the length written, or nil when the text does not
    /// follow the style (a '.' in a file whose decimal separator is ',' and that has no thousands '.').
    func plainDigits(_ p: UnsafePointer<UInt8>, _ n: Int, into out: UnsafeMutablePointer<UInt8>) -> Int? {
        var i = 0, o = 0
        if i < n, p[i] == 0x2D || p[i] == 0x2B { out[o] = p[i]; o += 1; i += 1 }
        // Integer part: digits, with separators between groups of three.
        var group = 0, groups = 0
        while i < n {
            let b = p[i]
            if b &- 0x30 <= 9 {
                out[o] = b; o += 1; i += 1; group += 1
                continue
            }
            guard let t = thousands, let width = separatorWidth(p, i, n, t) else { break }
            // A separator follows 1 to 3 digits first, exactly 3 later, and is followed by a digit.
            if groups == 0 { guard group >= 1, group <= 3 else { return nil } } else if group != 3 { return nil }
            groups += 1
            group = 0
            i += width
            guard i < n, p[i] &- 0x30 <= 9 else { return nil }
        }
        if groups > 0, group != 3 { return nil }
        if i < n, p[i] == decimal {
            out[o] = 0x2E; o += 1; i += 1
            while i < n, p[i] &- 0x30 <= 9 { out[o] = p[i]; o += 1; i += 1 }
        }
        // The exponent, as plain numbers write it; anything else (a second separator, '.' in a
        // decimal-comma file) is left for `parse` to refuse.
        while i < n {
            let b = p[i]
            if b == 0x2E, decimal != 0x2E { return nil }
            out[o] = b; o += 1; i += 1
        }
        return o
    }

    /// `text` as plain digits and '.' when it reads as a number in this style, else nil.
    func plainText(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        var out = [UInt8](repeating: 0, count: bytes.count)
        let length = bytes.withUnsafeBufferPointer { b in
            out.withUnsafeMutableBufferPointer { plainDigits(b.baseAddress!, b.count, into: $0.baseAddress!) }
        }
        guard let length, out.withUnsafeBufferPointer({ DecimalNumber.parse($0.baseAddress!, length) }) != nil else { return nil }
        return String(decoding: out.prefix(length), as: UTF8.self)
    }

    /// The source keys, as JSON, that turn `other` into this style.
    func keys(changedFrom other: NumberStyle) -> [String] {
        var keys: [String] = []
        if decimal != other.decimal { keys.append("\"decimal\": \"\(Character(Unicode.Scalar(decimal)))\"") }
        if thousands != other.thousands {
            keys.append("\"thousands\": \"\(thousands.map { String(Character(Unicode.Scalar($0))) } ?? "none")\"")
        }
        return keys
    }

    /// The byte length of the thousands separator `t` at `p[i]`, or nil: a space also matches
    /// U+00A0 (C2 A0) and U+202F (E2 80 AF).
    @inline(__always)
    private func separatorWidth(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, _ t: UInt8) -> Int? {
        if p[i] == t { return 1 }
        guard t == 0x20 else { return nil }
        if p[i] == 0xC2, i + 1 < n, p[i + 1] == 0xA0 { return 2 }
        if p[i] == 0xE2, i + 2 < n, p[i + 1] == 0x80, p[i + 2] == 0xAF { return 3 }
        return nil
    }
}
