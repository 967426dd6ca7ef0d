/// Chinese typography for rendered text: full-width punctuation next to Han characters and no
/// spaces between Han characters and digits (W3C "Requirements for Chinese Text Layout").
public enum ChineseText {
    /// Whether `s` is a Han character or CJK punctuation (what makes the surrounding text Chinese).
    public static func isHan(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0xF900...0xFAFF, 0x3000...0x303F, 0xFF01...0xFF0F,
             0xFF1A...0xFF1F:
            return true
        default:
            return false
        }
    }

    /// Half-width punctuation and its full-width form.
    static let fullWidth: [Unicode.Scalar: Unicode.Scalar] = [
        ",": "，", ".": "。", ":": "：", ";": "；", "!": "！", "?": "？", "(": "（", ")": "）",
    ]

    static func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 0x30 && s.value <= 0x39 }
    static func isLatin(_ s: Unicode.Scalar) -> Bool {
        (s.value >= 0x41 && s.value <= 0x5A) || (s.value >= 0x61 && s.value <= 0x7A)
    }

    /// The script of the nearest letter from `index` in `step` direction, skipping digits, spaces
    /// and symbols: true for Han, false for another script, nil at the end of the text.
    static func nearestIsHan(_ scalars: [Unicode.Scalar], from index: Int, step: Int) -> Bool? {
        var i = index + step
        while i >= 0, i < scalars.count {
            let s = scalars[i]
            if isHan(s) { return true }
            if isLatin(s) || s.properties.isAlphabetic { return false }
            i += step
        }
        return nil
    }

    /// Whether the ASCII punctuation at `index` belongs to Chinese text and should be full-width.
    static func shouldWiden(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let p = scalars[index]
        let before = index > 0 ? scalars[index - 1] : nil
        let after = index + 1 < scalars.count ? scalars[index + 1] : nil
        // 1,200 and 3.5 and 12:30 are numbers, not punctuation.
        if p == "," || p == "." || p == ":", let before, let after, isDigit(before), isDigit(after) { return false }
        // "e.g." and "v1.2b": a point followed by a letter or digit is not a full stop.
        if p == ".", let after, isLatin(after) || isDigit(after) { return false }
        if let before, isHan(before) { return true }
        if let after, isHan(after) { return true }
        if p == "(" {
            return nearestIsHan(scalars, from: index, step: 1) ?? nearestIsHan(scalars, from: index, step: -1) ?? false
        }
        return nearestIsHan(scalars, from: index, step: -1) ?? nearestIsHan(scalars, from: index, step: 1) ?? false
    }

    /// Rendered Chinese text with full-width punctuation and without spaces between Han characters
    /// and digits, or around full-width punctuation.
    public static func normalize(_ text: String) -> String {
        // Only a space or the ASCII punctuation of `fullWidth` ever changes: text without them (a
        // date on the hour, "6月1日0时") is returned as it is.
        let changes = text.utf8.contains { byte in
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "!"),
                 UInt8(ascii: "?"), UInt8(ascii: "("), UInt8(ascii: ")"):
                return true
            default:
                return false
            }
        }
        guard changes else { return text }
        var scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: isHan) else { return text }
        for i in scalars.indices {
            if let wide = fullWidth[scalars[i]], shouldWiden(scalars, at: i) { scalars[i] = wide }
        }
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(scalars.count)
        for (i, s) in scalars.enumerated() {
            if s == " " {
                let before = out.last
                let after = i + 1 < scalars.count ? scalars[i + 1] : nil
                if let before, let after, joinsWithoutSpace(before, after), !isDateTimeSpace(scalars, at: i) { continue }
                if let before, isFullWidthPunctuation(before) { continue }
                if let after, isFullWidthPunctuation(after) { continue }
            }
            out.append(s)
        }
        var result = ""
        result.unicodeScalars.append(contentsOf: out)
        return result
    }

    /// "From A to B" with the verb of the quantity: counts and totals (populations, revenue, GDP)
    /// 从A增至B/减至B, levels and prices 升至/降至 (`increase` false). A value that ends in the unit 升
    /// (a litre, "5升", "300毫升") always takes 增至, never "5升升至7升". The verb of a multiple
    /// ("上升至原来的3倍") and other verbs that end in 升 or 降 are left as they are.
    public static func toVerbs(_ text: String, increase: Bool) -> String {
        // A threshold named as a line ("警戒线") is not a line twice: “警戒线”, never “警戒线”线.
        let text = text.contains("线”线") ? text.replacing("线”线", with: "线”") : text
        guard text.contains("升至") || text.contains("降至") else { return text }
        var out = ""
        var previous: Character?
        var chars = text.makeIterator()
        var pending = chars.next()
        while let c = pending {
            let next = chars.next()
            if (c == "升" || c == "降"), next == "至", let before = previous, !"上下增减回提".contains(before) {
                out.append(c == "升" ? (increase || before == "升" ? "增" : "升") : (increase ? "减" : "降"))
            } else {
                out.append(c)
            }
            previous = c
            pending = next
        }
        return out
    }

    /// The space between a date and a clock time ("11月20日 06:00"), which CLDR writes and keeps.
    static func isDateTimeSpace(_ scalars: [Unicode.Scalar], at i: Int) -> Bool {
        guard i > 0, scalars[i - 1] == "日" else { return false }
        var j = i + 1, digits = 0
        while j < scalars.count, isDigit(scalars[j]) { j += 1; digits += 1 }
        return (1...2).contains(digits) && j < scalars.count && scalars[j] == ":"
    }

    static func isFullWidthPunctuation(_ s: Unicode.Scalar) -> Bool {
        (s.value >= 0x3000 && s.value <= 0x303F) || (s.value >= 0xFF01 && s.value <= 0xFF1F)
    }

    /// Han next to a digit (or `%`, which follows digits) or to Han is written without a space.
    static func joinsWithoutSpace(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        (isHan(a) && (isDigit(b) || b == "%")) || ((isDigit(a) || a == "%") && isHan(b)) || (isHan(a) && isHan(b))
    }

    /// Problems of stored Chinese text, for lint: ASCII punctuation next to Han characters and spaces
    /// between Han characters and digits or placeholders. Each is a sentence naming the spot.
    public static func problems(in template: String) -> [String] {
        // Placeholders read as digits: "共 %lld 个" has the same spacing problem as "共 3 个".
        var masked = ""
        for token in Template(template).tokens {
            switch token {
            case let .literal(text): masked += text
            case .placeholder, .substitution, .substitutionArgument: masked += "0"
            case let .invalid(raw): masked += raw
            }
        }
        let scalars = Array(masked.unicodeScalars)
        var found: [String] = []
        for (i, s) in scalars.enumerated() {
            if let wide = fullWidth[s], shouldWiden(scalars, at: i) {
                found.append("ASCII '\(s)' in Chinese text; write '\(wide)'")
            }
            if s == " ", i > 0, i + 1 < scalars.count {
                let a = scalars[i - 1], b = scalars[i + 1]
                if isHan(a) && isDigit(b) && !isDateTimeSpace(scalars, at: i) {
                    found.append("space between '\(a)' and a number; Chinese text has no space between Han characters and numbers")
                } else if isDigit(a) && isHan(b) {
                    found.append("space between a number and '\(b)'; Chinese text has no space between Han characters and numbers")
                }
            }
        }
        return found
    }
}
