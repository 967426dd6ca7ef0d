/// Data-derived text for XML documents: SVG charts (SPEC §11) and XLIFF exports.
public enum XML {
    /// Character data for element content: the five predefined entities, so that the text can
    /// open no tag, comment or CDATA section and close none (`]]>` becomes `]]&gt;`); carriage
    /// return and tab as character references, which survive end-of-line normalisation (XML 1.0
    /// §2.11); the controls XML 1.0 forbids (§2.2) replaced visibly (see `ControlCharacters`).
    public static func text(_ text: String) -> String {
        escape(text, lineFeed: "\n", bidi: false)
    }

    /// A value for an attribute quoted with `"` or `'`: as `text`, and line feed as a character
    /// reference, which attribute-value normalisation (XML 1.0 §3.3.3) keeps.
    public static func attribute(_ text: String) -> String {
        escape(text, lineFeed: "&#10;", bidi: false)
    }

    static func escape(_ text: String, lineFeed: String, bidi: Bool) -> String {
        MarkupText.escape(text, bidi: bidi) { scalar in
            switch scalar {
            case "\"": return "&quot;"
            case "'": return "&apos;"
            case "\n": return lineFeed
            case "\r": return "&#13;"
            case "\t": return "&#9;"
            default: return nil
            }
        }
    }
}
