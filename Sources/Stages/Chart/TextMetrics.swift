import ChartpipeText

/// How wide text is set, without a font at hand: a per-character advance table in ems, a little
/// wider than Noto Sans / DejaVu Sans and the system sans-serifs (so that text measured to fit
/// does), and a full em for East Asian wide and full-width characters (Han, kana, Hangul,
/// full-width punctuation), which CJK fonts set square.
///
/// | characters                         | advance (em) |
/// |------------------------------------|--------------|
/// | East Asian wide / full-width        | 1.00         |
/// | `i l j . , : ; ' ! |`              | 0.30         |
/// | space, `f t r I ( ) [ ] / -`       | 0.38         |
/// | `m w`                              | 0.88         |
/// | `M W`                              | 0.95         |
/// | other capitals, `%`, `&`           | 0.70         |
/// | digits, other lower case, the rest | 0.60         |
/// | combining marks, format characters | 0            |
enum TextMetrics {
    static func advance(_ s: Unicode.Scalar) -> Double {
        if DisplayWidth.columns(String(s)) == 2 { return 1 }
        if DisplayWidth.columns(String(s)) == 0 { return 0 }
        switch s {
        case "i", "l", "j", ".", ",", ":", ";", "'", "!", "|": return 0.30
        case " ", "f", "t", "r", "I", "(", ")", "[", "]", "/", "-": return 0.38
        case "m", "w": return 0.88
        case "M", "W": return 0.95
        case "A"..."Z", "%", "&": return 0.70
        default: return 0.60
        }
    }

    /// The width of `text` set at `size` px.
    static func width(_ text: String, size: Double) -> Double {
        text.unicodeScalars.reduce(0) { $0 + advance($1) } * size
    }

    /// `text` cut to fit `maxWidth` at `size`, ending in "…" when cut (the caller keeps the full
    /// text in a `<title>`); whole when it fits.
    static func shortened(_ text: String, size: Double, maxWidth: Double) -> String {
        guard width(text, size: size) > maxWidth else { return text }
        let budget = maxWidth - width("…", size: size)
        var out = "", used = 0.0
        for c in text {
            let w = width(String(c), size: size)
            if used + w > budget { break }
            out.append(c)
            used += w
        }
        return out.trimmingTrailingSpaces + "…"
    }

    /// `text` broken into lines of at most `maxWidth` at `size`: at spaces, or between any two
    /// wide characters (CJK breaks anywhere); a word longer than a line is cut where it must.
    /// At most `maxLines`; the last is shortened with "…" when text is left over.
    static func wrapped(_ text: String, size: Double, maxWidth: Double, maxLines: Int) -> [String] {
        var lines: [String] = []
        var line: [Character] = []
        // Where the line may break: after a space or after a wide character (index into `line`).
        var lastBreak: Int?
        for c in text {
            if width(String(line + [c]), size: size) > maxWidth, !line.isEmpty {
                var rest: [Character] = []
                if let b = lastBreak, b > 0, b < line.count {
                    rest = Array(line[b...])
                    line = Array(line[..<b])
                }
                lines.append(String(line).trimmingTrailingSpaces)
                line = Array(String(rest).trimmingLeadingSpaces)
                lastBreak = nil
            }
            if line.isEmpty && c == " " { continue }
            line.append(c)
            if c == " " || DisplayWidth.columns(String(c)) == 2 { lastBreak = line.count }
        }
        if !line.isEmpty { lines.append(String(line).trimmingTrailingSpaces) }
        guard lines.count > maxLines else { return lines }
        let kept = Array(lines.prefix(maxLines - 1))
        let rest = lines.dropFirst(maxLines - 1).joined(separator: " ")
        return kept + [shortened(rest, size: size, maxWidth: maxWidth)]
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }

    var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
