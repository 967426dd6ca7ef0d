/// Data-derived text for WebVTT caption files (the audio graph's cues, SPEC §6).
public enum WebVTT {
    /// Text for one line of a cue's payload: `&`, `<` and `>` as references, so that the text
    /// opens no cue tag and never holds `-->`, which would start a new cue (W3C WebVTT, "WebVTT
    /// cue text" and "collect WebVTT block"); line breaks (CR, LF, U+2028, U+2029) as spaces, so
    /// that it adds no line, and no blank line that would end the cue; controls and bidi controls
    /// replaced visibly (see `ControlCharacters`).
    public static func cueText(_ text: String) -> String {
        MarkupText.escape(text, bidi: true) { ControlCharacters.isLineBreak($0) ? " " : nil }
    }
}
