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

    /// Whether `escape(text, bidi: false)` could change `text` with a `written` that takes only
    /// quotes (when `quotes`): false for text without `&`, `<`, `>` (and quotes), C0 controls other
    /// than tab and line ends, DEL, C1 controls (C2 80–C2 9F) or U+FFFE/U+FFFF (EF BF …, checked
    /// coarsely). Most text (numbers, dates, names) passes as it is, without a scalar-by-scalar copy.
    static func mayChange(_ text: String, quotes: Bool) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), 0x7F: return true
            case UInt8(ascii: "\""), UInt8(ascii: "'"): if quotes { return true }
            case 0x09, 0x0A, 0x0D: break
            case 0x00...0x1F: return true
            case 0x80...0x9F where previous == 0xC2: return true
            case 0xBF where previous == 0xEF: return true
            default: break
            }
            previous = byte
        }
        return false
    }
}
