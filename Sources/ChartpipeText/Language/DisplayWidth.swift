/// How wide text is set, in columns of a monospaced grid: East Asian wide and full-width characters
/// (Hangul, Han, kana, full-width forms) take two, others one (Unicode Standard Annex #11). Tables
/// size their spreadsheet columns and charts their labels with it, having no font at hand.
public enum DisplayWidth {
    public static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + (isWide($1) ? 2 : isZeroWidth($1) ? 0 : 1) }
    }

    /// The East Asian Wide (W) and Fullwidth (F) blocks that chartpipe's languages write.
    static func isWide(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Combining marks and format characters (bidi marks, joiners) take no column.
    static func isZeroWidth(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }
}
