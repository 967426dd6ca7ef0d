/// Data-derived text for WebVTT caption files (the audio graph's cues, SPEC §6).
public enum WebVTT {
    /// Text for one line of a cue's payload: `&`, `<` and `>` as references, so that the text
    /// opens no cue tag and never holds `-->`, which would start a new cue (W3C WebVTT, "WebVTT
    /// cue text" and "collect WebVTT block"); line breaks (CR, LF, U+2028, U+2029) as spaces, so
    /// that it adds no line, and no blank line that would end the cue; controls and bidi controls
    /// replaced visibly (see `ControlCharacters`).
    public static func cueText(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case _ where ControlCharacters.isLineBreak(scalar): out += " "
            default: out.unicodeScalars.append(ControlCharacters.replacement(for: scalar, bidi: true) ?? scalar)
            }
        }
        return out
    }
}
