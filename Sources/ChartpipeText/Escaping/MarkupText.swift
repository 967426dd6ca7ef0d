/// The escaping HTML, XML and WebVTT share: `&`, `<` and `>` as references, controls replaced
/// visibly; `written` gives a format's own text for other characters (quotes, line ends).
enum MarkupText {
    static func escape(_ text: String, bidi: Bool, written: (Unicode.Scalar) -> String? = { _ in nil }) -> String {
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
