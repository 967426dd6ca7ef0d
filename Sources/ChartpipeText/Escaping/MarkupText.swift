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
