/// Characters that must never reach a reader raw, and what is written in their place.
///
/// C0 controls, DEL and C1 controls are acted on by terminals and parsers (ESC starts a terminal
/// sequence, NUL ends a C string, XML 1.0 forbids most of them). The bidirectional embedding,
/// override and isolate controls (U+202A–U+202E, U+2066–U+2069) reorder the text around them, so
/// that what is shown differs from what is stored ("Trojan Source", Boucher and Anderson 2021).
///
/// The replacement is visible, never a silent drop: a C0 control or DEL becomes its Unicode
/// Control Picture (U+2400–U+2421: ␀, ␛, ␡), which a screen reader names; a C1 control, a bidi
/// control or a noncharacter (U+FFFE, U+FFFF), which have no picture, becomes U+FFFD �.
/// Tab, line feed and carriage return are left to each format. The bidi marks U+200E, U+200F and
/// U+061C pass: they reorder nothing beyond their neighbours, and CLDR writes them into numbers
/// and dates of right-to-left locales.
enum ControlCharacters {
    /// What is written instead of `scalar`, or nil when it passes as it is. `bidi`: whether the
    /// bidirectional controls are replaced too (formats without markup to isolate them).
    static func replacement(for scalar: Unicode.Scalar, bidi: Bool) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return nil
        case 0x00...0x1F: return Unicode.Scalar(0x2400 + scalar.value)
        case 0x7F: return "\u{2421}"
        case 0x80...0x9F, 0xFFFE, 0xFFFF: return "\u{FFFD}"
        case 0x202A...0x202E, 0x2066...0x2069: return bidi ? "\u{FFFD}" : nil
        default: return nil
        }
    }

    /// Line terminators of the formats that chartpipe writes text into: LF, CR, and Unicode's
    /// line and paragraph separators, which some renderers break lines at.
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
