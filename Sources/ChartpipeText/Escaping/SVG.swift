/// Data-derived text for SVG charts (SPEC §11).
public enum SVG {
    /// Character data for a `<text>`, `<title>` or `<desc>` element: as `XML.text`, and the
    /// bidirectional embedding, override and isolate controls replaced visibly (see
    /// `ControlCharacters`): SVG has no element that isolates them as HTML's `<bdi>` does, so an
    /// override in a series name would reorder the label and the text drawn after it.
    public static func text(_ text: String) -> String {
        XML.escape(text, lineFeed: "\n", bidi: true)
    }

    /// A value for an attribute (`aria-label`): as `XML.attribute`, bidi controls replaced as in `text`.
    public static func attribute(_ text: String) -> String {
        XML.escape(text, lineFeed: "&#10;", bidi: true)
    }
}
