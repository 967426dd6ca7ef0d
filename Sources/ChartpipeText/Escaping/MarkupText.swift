/// The escaping HTML, XML and WebVTT share: `&`, `<` and `>` as references, controls replaced
/// visibly; `written` gives a format's own text for other characters (quotes, line ends).
enum MarkupText {
    static func escape(_ text: String, bidi: Bool, written: (Unicode.Scalar) -> String? = { _ in nil }) -> String {
        // Most text (numbers, dates, names) has nothing to escape: it is returned as it is, found
        // by the same rule the copy below follows, without building a new string.
        let changes = text.unicodeScalars.contains { scalar in
            scalar == "&" || scalar == "<" || scalar == ">" || written(scalar) != nil
                || ControlCharacters.replacement(for: scalar, bidi: bidi) != nil
        }
        return changes ? escapeEveryScalar(text, bidi: bidi, written: written) : text
    }

    /// `escape(text, bidi:)` appended to `out` as UTF-8. Text whose bytes hold nothing the
    /// escaping could change is copied as it is, with no string made; any other goes through
    /// `escape`. What could change: `&`, `<`, `>`, every byte below a space (tab and line ends
    /// included, whose treatment is the format's), DEL, a C1 control (0xC2 0x80…0x9F), U+FFFE
    /// and U+FFFF (0xEF 0xBF 0xBE/0xBF), and with `bidi` every scalar led by 0xE2 (the bidi
    /// controls' lead byte).
    static func append(_ text: String, bidi: Bool, to out: inout [UInt8]) {
        var text = text
        let copied = text.withUTF8 { bytes -> Bool in
            let n = bytes.count
            var i = 0
            while i < n {
                let b = bytes[i]
                if b < 0x20 || b == UInt8(ascii: "&") || b == UInt8(ascii: "<") || b == UInt8(ascii: ">") || b == 0x7F { return false }
                if b >= 0xC2 {
                    if b == 0xC2, i + 1 < n, bytes[i + 1] <= 0x9F { return false }
                    if b == 0xEF, i + 2 < n, bytes[i + 1] == 0xBF, bytes[i + 2] >= 0xBE { return false }
                    if bidi, b == 0xE2 { return false }
                }
                i += 1
            }
            out.append(contentsOf: bytes)
            return true
        }
        if !copied { out.append(contentsOf: escape(text, bidi: bidi).utf8) }
    }

    /// The escaping itself, scalar by scalar (`escape` without its shortcut).
    static func escapeEveryScalar(_ text: String, bidi: Bool, written: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default:
                if let own = written(scalar) {
                    out += own
                } else {
                    out.unicodeScalars.append(ControlCharacters.replacement(for: scalar, bidi: bidi) ?? scalar)
                }
            }
        }
        return out
    }
}
