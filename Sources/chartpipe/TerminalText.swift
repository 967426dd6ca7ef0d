/// Text from data files and pipelines made safe for a terminal: a control character (an escape
/// sequence, a bare carriage return, NUL) or a bidirectional override inside a message could
/// recolour, rewrite or reorder what a user sees, so each is shown as a visible escape (`\u{1B}`).
enum TerminalText {
    static func safe(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let control = v < 0x20 && v != 0x0A && v != 0x09 || (0x7F...0x9F).contains(v)
            let bidi = (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F
            if control || bidi {
                out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
