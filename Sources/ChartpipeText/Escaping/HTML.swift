/// Data-derived text for HTML documents (SPEC §11): the report, the HTML table.
///
/// Not for the content of `<script>` or `<style>`, whose text is not parsed for references; JSON
/// for a `<script>` element comes from `JSONWriter`, which writes `</` as `<\/`.
public enum HTML {
    /// Text for an element's content: `&`, `<` and `>` as references, so that the text can open
    /// no tag, comment or reference; controls replaced visibly (see `ControlCharacters`). Bidi
    /// controls pass: isolate right-to-left data with `dir="auto"` or `<bdi>` in the markup.
    public static func text(_ text: String) -> String {
        MarkupText.escape(text, bidi: false)
    }

    /// `text(text)` appended to `out` as UTF-8, copying text with nothing to escape as it is.
    public static func append(_ text: String, to out: inout [UInt8]) {
        MarkupText.append(text, bidi: false, to: &out)
    }

    /// A value for an attribute quoted with `"` or `'`: as `text`, and both quotes as references,
    /// so that the value cannot end its attribute.
    public static func attribute(_ text: String) -> String {
        MarkupText.escape(text, bidi: false) { scalar in
            switch scalar {
            case "\"": return "&quot;"
            case "'": return "&#39;"
            default: return nil
            }
        }
    }
}
