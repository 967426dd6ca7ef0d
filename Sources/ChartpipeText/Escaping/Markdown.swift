/// Data-derived text for Markdown documents (`description.<locale>.md`, the Markdown table).
public enum Markdown {
    /// Text for one line of Markdown (after `# `, after `- `, or alone as a paragraph) that
    /// CommonMark and GitHub Flavored Markdown render as exactly its characters:
    ///
    /// - line breaks (CR, LF, U+2028, U+2029) become spaces, so that the text starts no new block
    ///   (heading, table row, quote, list item);
    /// - `\`, `` ` ``, `*`, `_`, `[`, `]`, `#`, `|`, `>`, `~` and `&` are backslash-escaped everywhere,
    ///   so that no emphasis, code, link, heading, table cell, quote, strikethrough or entity
    ///   reference (`&amp;` stays those five characters) forms;
    /// - `<` is escaped before a letter, `/`, `!` or `?`, where it would open HTML or an autolink
    ///   ("p < 0.001" stays as written);
    /// - the `:` of `://` and the `.` of `www.` are escaped: GFM turns a bare URL into a link before
    ///   it reads escapes, so `https://a.org/x\_y` would show its backslash and link to it;
    /// - at the start, `-` and `+` are escaped (a list item, a thematic break `---`), so is the `.`
    ///   or `)` of a numbered list marker (`1. `), and a first space or tab is written as a
    ///   character reference, so that the text is not an indented code block;
    /// - controls and bidi controls are replaced visibly (see `ControlCharacters`).
    public static func text(_ text: String) -> String {
        // Most labels (a date, a value, words) have nothing to escape: they are returned as they are.
        isPlain(text) ? text : escaped(text)
    }

    /// `text(_:)` without its shortcut: every scalar by the rules.
    static func escaped(_ text: String) -> String {
        let scalars = text.unicodeScalars.map { scalar -> Unicode.Scalar in
            ControlCharacters.isLineBreak(scalar) ? " " : ControlCharacters.replacement(for: scalar, bidi: true) ?? scalar
        }
        // Written as UTF-8 bytes: appending to a String scalar by scalar was most of its cost.
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        let backslash = UInt8(ascii: "\\")
        let marker = listMarkerEnd(scalars)
        for (i, scalar) in scalars.enumerated() {
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "#", "|", ">", "~", "&":
                out.append(backslash)
            case "<" where i + 1 < scalars.count && opensMarkup(scalars[i + 1]):
                out.append(backslash)
            case ":" where i + 2 < scalars.count && scalars[i + 1] == "/" && scalars[i + 2] == "/":
                out.append(backslash)
            case "." where startsWWW(scalars, before: i):
                out.append(backslash)
            case _ where i == marker:
                out.append(backslash)
            case " " where i == 0:
                out += "&#32;".utf8
                continue
            case "\t" where i == 0:
                out += "&#9;".utf8
                continue
            default:
                break
            }
            UTF8.encode(scalar) { out.append($0) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `text` certainly comes out of `text(_:)` unchanged: no character the rules above
    /// escape or replace, no `<`, `://` or `www.`, and a first character that starts no block or
    /// code (not a space, tab, `-`, `+` or digit). Read as UTF-8 bytes; errs towards escaping.
    static func isPlain(_ text: String) -> Bool {
        var utf8 = text.utf8.makeIterator()
        var index = 0
        var last: (UInt8, UInt8, UInt8) = (0, 0, 0)  // the three bytes before this one
        while let byte = utf8.next() {
            switch byte {
            case 0x00...0x1F, 0x7F, UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
                 UInt8(ascii: "]"), UInt8(ascii: "#"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "~"), UInt8(ascii: "&"),
                 UInt8(ascii: "<"):
                return false
            case UInt8(ascii: " ") where index == 0, UInt8(ascii: "-") where index == 0, UInt8(ascii: "+") where index == 0,
                 UInt8(ascii: "0")...UInt8(ascii: "9") where index == 0:
                return false
            // "://" and "www.".
            case UInt8(ascii: "/") where last.1 == UInt8(ascii: ":") && last.2 == UInt8(ascii: "/"):
                return false
            case UInt8(ascii: ".") where last == (UInt8(ascii: "w"), UInt8(ascii: "w"), UInt8(ascii: "w")):
                return false
            // C1 controls (C2 80–9F); line and paragraph separators and bidi controls (E2 80 A8–AE,
            // E2 81 A6–A9); U+FFFE, U+FFFF (EF BF BE–BF).
            case 0x80...0x9F where last.2 == 0xC2:
                return false
            case 0xA8...0xAE where last.1 == 0xE2 && last.2 == 0x80, 0xA6...0xA9 where last.1 == 0xE2 && last.2 == 0x81,
                 0xBE...0xBF where last.1 == 0xEF && last.2 == 0xBF:
                return false
            default:
                break
            }
            last = (last.1, last.2, byte)
            index += 1
        }
        return true
    }

    /// Whether `<` followed by `next` could start an HTML tag, comment, declaration, processing
    /// instruction or autolink (CommonMark §6.5, §6.6).
    private static func opensMarkup(_ next: Unicode.Scalar) -> Bool {
        next == "/" || next == "!" || next == "?" || next.properties.isAlphabetic && next.isASCII
    }

    /// Whether `www` ends just before `index`, at the start of a word (GFM's extended www autolink).
    private static func startsWWW(_ scalars: [Unicode.Scalar], before index: Int) -> Bool {
        guard index >= 3, scalars[(index - 3)..<index].elementsEqual("www".unicodeScalars) else { return false }
        return index == 3 || !(scalars[index - 4].properties.isAlphabetic || ("0"..."9").contains(scalars[index - 4]))
    }

    /// The position of the character that could make the start of the text a block: a leading
    /// `-` or `+` (a list item, a thematic break), or the `.` or `)` after one to nine leading
    /// digits when a space, a tab or the end follows (CommonMark §4.1, §5.2); nil otherwise.
    private static func listMarkerEnd(_ scalars: [Unicode.Scalar]) -> Int? {
        guard let first = scalars.first else { return nil }
        if first == "-" || first == "+" { return 0 }
        var i = 0
        while i < scalars.count, i < 9, ("0"..."9").contains(scalars[i]) { i += 1 }
        guard i > 0, i < scalars.count, scalars[i] == "." || scalars[i] == ")" else { return nil }
        return i + 1 == scalars.count || scalars[i + 1] == " " || scalars[i + 1] == "\t" ? i : nil
    }
}
