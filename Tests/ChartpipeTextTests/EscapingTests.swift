@testable import ChartpipeText
import ChartpipeTestSupport
import XCTest

/// The escaping every writer of HTML, XML/SVG, Markdown and WebVTT shares, against hostile text:
/// markup, references, comment and CDATA ends, line breaks, Markdown syntax, controls and bidi
/// overrides. Each function is tested here, once.
final class EscapingTests: XCTestCase {
    static let corpus: [String] = [
        "<script>alert(1)</script>",
        "\"><img src=x onerror=alert(1)>",
        "'><svg onload=alert(1)>",
        "]]><x/>",
        "--><!-- comment",
        "&amp; &lt; &#x3C; &copy; AT&T",
        "Sales\r# heading",
        "Sales\n| a | b |\n|---|---|",
        "a\r\n> quote",
        "line\u{2028}separator\u{2029}paragraph",
        "# heading", "| cell |", "> quote", "*bold* _em_ `code` ~~struck~~ **strong**",
        "[click](javascript:alert(1)) ![image](x.png) <https://example.com> [ref]: /x",
        "\u{1B}[31mred\u{1B}[0m",
        "nul\u{0}byte",
        "bell\u{07} vt\u{0B} ff\u{0C} del\u{7F} nel\u{85} csi\u{9B}",
        "\u{202E}gnp.exe\u{202C}",
        "\u{2066}isolate\u{2069} \u{202A}\u{202B}\u{202D}\u{2067}\u{2068}",
        "- item", "+ item", "-5 degrees", "1. ordered", "12) ordered", "2024.5 points", "    indented", "\tindented",
        "---", "\\ backslash \\", "", " ", "tab\there", "\u{FFFE}\u{FFFF}",
        "p < 0.001 and 5 > 2", "Revenue (USD) rose 12.5%, from $1,200 to $1,350.", "매출은 (이)가 12% 增长了。",
        "00:00:01.000 --> 00:00:02.000", "NOTE comment", "WEBVTT",
        "see https://example.org/a_b.", "www.example.org/a_b", "ftp://x.org/a_b", "user_name@example.org", "awww.x",
    ]

    /// What a control or bidi control is replaced by: its Control Picture, or U+FFFD.
    private static func visible(_ text: String, bidi: Bool, lineBreaks: Bool) -> String {
        var out = ""
        for s in text.unicodeScalars {
            let isLineBreak = [0x0A, 0x0D, 0x2028, 0x2029].contains(s.value)
            let isBidi = (0x202A...0x202E).contains(s.value) || (0x2066...0x2069).contains(s.value)
            switch s.value {
            case _ where isLineBreak && lineBreaks: out += " "
            case _ where isBidi && bidi: out += "\u{FFFD}"
            case 0x09, 0x0A, 0x0D: out.unicodeScalars.append(s)
            case 0x00...0x1F: out.unicodeScalars.append(Unicode.Scalar(0x2400 + s.value)!)
            case 0x7F: out += "\u{2421}"
            case 0x80...0x9F, 0xFFFE, 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(s)
            }
        }
        return out
    }

    /// Whether `text` holds a scalar no reader should get raw: a C0 control other than tab and
    /// line ends, DEL, a C1 control or a noncharacter; with `bidi`, also a bidi control.
    private static func hasRawControl(_ text: String, bidi: Bool) -> Bool {
        text.unicodeScalars.contains { s in
            switch s.value {
            case 0x09, 0x0A, 0x0D: return false
            case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: return true
            case 0x202A...0x202E, 0x2066...0x2069: return bidi
            default: return false
            }
        }
    }

    /// Every `&` of `text` starts one of `references`.
    private static func ampersandsAreReferences(_ text: String, _ references: [String]) -> Bool {
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            rest = rest[amp...]
            guard references.contains(where: { rest.hasPrefix($0) }) else { return false }
            rest = rest.dropFirst()
        }
        return true
    }

    // MARK: HTML

    func testHTML() {
        XCTAssertEqual(HTML.text("<script>alert(1)</script>"), "&lt;script&gt;alert(1)&lt;/script&gt;")
        XCTAssertEqual(HTML.attribute("\"><img onerror=alert(1)>"), "&quot;&gt;&lt;img onerror=alert(1)&gt;")
        XCTAssertEqual(HTML.attribute("it's"), "it&#39;s")
        XCTAssertEqual(HTML.text("\"quoted\" it's"), "\"quoted\" it's")
        XCTAssertEqual(HTML.text("&amp; --> ]]>"), "&amp;amp; --&gt; ]]&gt;")
        XCTAssertEqual(HTML.text("nul\u{0} esc\u{1B} c1\u{9B} del\u{7F}"), "nul\u{2400} esc\u{241B} c1\u{FFFD} del\u{2421}")
        // Bidi controls pass in HTML, where markup isolates right-to-left text.
        XCTAssertEqual(HTML.text("\u{202E}abc\u{202C}"), "\u{202E}abc\u{202C}")
        for text in Self.corpus {
            for (escaped, quotes) in [(HTML.text(text), false), (HTML.attribute(text), true)] {
                XCTAssertFalse(escaped.contains("<") || escaped.contains(">"), escaped)
                XCTAssertTrue(Self.ampersandsAreReferences(escaped, ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]), escaped)
                XCTAssertFalse(Self.hasRawControl(escaped, bidi: false), escaped.debugDescription)
                if quotes { XCTAssertFalse(escaped.contains("\"") || escaped.contains("'"), escaped) }
            }
        }
    }

    // MARK: XML and SVG

    /// The escaping's shortcut, which returns text that escaping would not change as it is, gives
    /// what the scalar-by-scalar escaping gives, for every character that escaping acts on and its
    /// neighbours in UTF-8 (C1 controls after C2, U+FFFE/U+FFFF after EF BF).
    func testHTMLFastPathMatchesTheEscaping() {
        var texts = Self.corpus + ["1,209.77 degrees Celsius", "1月2日6时", "January 2 at 6:00\u{202F}AM", "2만 8853", "\u{A0}\u{BF}\u{C0}",
                                   "\u{FFFD}\u{FFBF}\u{FFC0}\u{FFFE}\u{FFFF}", "\u{80}\u{9F}\u{A0}", "tab\tline\nreturn\r", "\u{200E}\u{061C}"]
        for value in [0x00, 0x08, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x22, 0x26, 0x27, 0x3C, 0x3E, 0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xFFFE, 0xFFFF] {
            if let scalar = Unicode.Scalar(value) { texts.append("a\(Character(scalar))b") }
        }
        for text in texts {
            XCTAssertEqual(HTML.text(text), MarkupText.escapeEveryScalar(text, bidi: false) { _ in nil }, text.debugDescription)
            let quoted = MarkupText.escapeEveryScalar(text, bidi: false) { $0 == "\"" ? "&quot;" : $0 == "'" ? "&#39;" : nil }
            XCTAssertEqual(HTML.attribute(text), quoted, text.debugDescription)
            XCTAssertEqual(XML.text(text), XML.text(text + "&").dropLast(5).description, text.debugDescription)
        }
    }

    /// `HTML.append` and `MarkupText.append`, which copy the bytes of text with nothing to escape,
    /// append what `HTML.text` and the escaping give, for every character the escaping acts on and
    /// its neighbours in UTF-8 (C1 controls after C2, U+FFFE/U+FFFF after EF BF, the bidi controls
    /// after E2, fullwidth forms after EF BC), alone, at either end and in random mixtures.
    func testAppendedEscapingMatchesTheEscaping() {
        var texts = Self.corpus + ["1,209.77 degrees Celsius", "1月2日 06:00", "January 2 at 6:00\u{202F}AM", "2만 8853", "\u{A0}\u{BF}\u{C0}",
                                   "\u{FFFD}\u{FFBF}\u{FFC0}\u{FFFE}\u{FFFF}", "\u{80}\u{9F}\u{A0}", "tab\tline\nreturn\r", "\u{200E}\u{061C}",
                                   "读数（°C）：", "\u{202A}\u{202E}\u{2066}\u{2069}\u{2028}", "", "&", "<b>", "a>b"]
        let pieces: [String] = ["a", "&", "<", ">", "\u{0}", "\u{1B}", "\t", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "é", "\u{FFFE}", "\u{FFFF}",
                                "\u{FFFD}", "（", "\u{202B}", "\u{2067}", "\u{200F}", "한", "中", "🙂"]
        var generator = SeededRandom(seed: 29)
        for _ in 0..<500 {
            texts.append((0..<Int.random(in: 1...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for text in texts {
            var out: [UInt8] = Array("x".utf8)
            HTML.append(text, to: &out)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), "x" + HTML.text(text), text.debugDescription)
            for bidi in [false, true] {
                var raw: [UInt8] = []
                MarkupText.append(text, bidi: bidi, to: &raw)
                XCTAssertEqual(String(decoding: raw, as: UTF8.self), MarkupText.escapeEveryScalar(text, bidi: bidi) { _ in nil },
                               "\(text.debugDescription) bidi \(bidi)")
            }
        }
    }

    func testXML() {
        XCTAssertEqual(XML.text("]]><x/>"), "]]&gt;&lt;x/&gt;")
        XCTAssertEqual(XML.text("--><!--"), "--&gt;&lt;!--")
        XCTAssertEqual(XML.text("a\r\nb\tc"), "a&#13;\nb&#9;c")
        XCTAssertEqual(XML.attribute("a\r\nb\tc"), "a&#13;&#10;b&#9;c")
        XCTAssertEqual(XML.attribute("\"'&"), "&quot;&apos;&amp;")
        XCTAssertEqual(XML.text("nul\u{0}\u{FFFE}"), "nul\u{2400}\u{FFFD}")
    }

    /// An XML parser reads back exactly the text (controls XML cannot hold shown visibly): line
    /// ends and tabs survive end-of-line and attribute-value normalisation.
    func testXMLReadsBackAsWritten() throws {
        for text in Self.corpus {
            let document = "<svg title=\"\(XML.attribute(text))\" alt='\(XML.attribute(text))'>\(XML.text(text))</svg>"
            let root = try XMLTreeParser.parse(document)
            let expected = Self.visible(text, bidi: false, lineBreaks: false)
            XCTAssertEqual(root.text, expected, document)
            XCTAssertEqual(root.attributes["title"], expected, document)
            XCTAssertEqual(root.attributes["alt"], expected, document)
            XCTAssertEqual(root.elements, [], document)
        }
    }

    // MARK: Markdown

    /// Markdown's shortcut returns text as it is only where the escaping would not change it: every
    /// character the rules act on, alone and between others, at the start and inside, and random
    /// strings over those characters and the UTF-8 neighbours of the replaced ones.
    func testMarkdownShortcutMatchesTheEscaping() {
        let pieces = ["a", "w", "www", ".", ":", "/", "1", " ", "\t", "-", "+", ")", "<", "p", "!", "\u{202F}", "\u{2028}", "\u{2027}",
                      "\u{202A}", "\u{202E}", "\u{202F}", "\u{2066}", "\u{2069}", "\u{206A}", "\u{80}", "\u{9F}", "\u{A0}", "\u{FFFD}",
                      "\u{FFFE}", "\u{FFBF}", "月", "일", "\\", "`", "*", "_", "[", "]", "#", "|", ">", "~", "&", "\n", "\u{7F}", "\u{1B}"]
        var texts = Self.corpus + ["January 2 at 6:00\u{202F}AM, 50.07 kilowatt-hours", "6月2日6时：50.07千瓦时", "6월 2일 6시, 50.07킬로와트시"]
        for a in pieces { for b in pieces { texts += [a + b, "x" + a + b, a + "x" + b] } }
        var random = SeededRandom(seed: 3)
        for _ in 0..<2_000 { texts.append((0..<Int.random(in: 1...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()) }
        var plain = 0
        for text in texts where Markdown.isPlain(text) {
            plain += 1
            XCTAssertEqual(Markdown.escaped(text), text, text.debugDescription)
        }
        XCTAssertGreaterThan(plain, 100)
    }

    func testMarkdown() {
        XCTAssertEqual(Markdown.text("&amp; AT&T"), "\\&amp; AT\\&T")
        XCTAssertEqual(Markdown.text("Sales\r# heading"), "Sales \\# heading")
        XCTAssertEqual(Markdown.text("Sales\n| a | b |"), "Sales \\| a \\| b \\|")
        XCTAssertEqual(Markdown.text("> quote"), "\\> quote")
        XCTAssertEqual(Markdown.text("*b* _e_ `c` ~~s~~"), "\\*b\\* \\_e\\_ \\`c\\` \\~\\~s\\~\\~")
        XCTAssertEqual(Markdown.text("[click](javascript:alert(1))"), "\\[click\\](javascript:alert(1))")
        XCTAssertEqual(Markdown.text("<script> <https://x.org> <!-- <?php"), "\\<script\\> \\<https\\://x.org\\> \\<!-- \\<?php")
        XCTAssertEqual(Markdown.text("p < 0.001"), "p < 0.001")
        XCTAssertEqual(Markdown.text("see https://a.org/x_y or www.a.org"), "see https\\://a.org/x\\_y or www\\.a.org")
        XCTAssertEqual(Markdown.text("awww.x 12:30"), "awww.x 12:30")
        XCTAssertEqual(Markdown.text("- item"), "\\- item")
        XCTAssertEqual(Markdown.text("---"), "\\---")
        XCTAssertEqual(Markdown.text("-5 degrees"), "\\-5 degrees")
        XCTAssertEqual(Markdown.text("12) ordered"), "12\\) ordered")
        XCTAssertEqual(Markdown.text("1."), "1\\.")
        XCTAssertEqual(Markdown.text("2024.5 points, 12.5%."), "2024.5 points, 12.5%.")
        XCTAssertEqual(Markdown.text("    indented"), "&#32;   indented")
        XCTAssertEqual(Markdown.text("\u{1B}[31mred"), "\u{241B}\\[31mred")
        XCTAssertEqual(Markdown.text("\u{202E}gnp.exe\u{202C} \u{2066}x\u{2069}"), "\u{FFFD}gnp.exe\u{FFFD} \u{FFFD}x\u{FFFD}")
        XCTAssertEqual(Markdown.text("nul\u{0} nel\u{85}"), "nul\u{2400} nel\u{FFFD}")
        XCTAssertEqual(Markdown.text("Revenue (USD) rose 12.5%, from $1,200."), "Revenue (USD) rose 12.5%, from $1,200.")
        for text in Self.corpus {
            let escaped = Markdown.text(text)
            XCTAssertFalse(escaped.unicodeScalars.contains { "\n\r\u{2028}\u{2029}".unicodeScalars.contains($0) }, escaped)
            XCTAssertFalse(Self.hasRawControl(escaped, bidi: true), escaped.debugDescription)
            // Nothing is lost: undoing the escapes gives the text, with line breaks as spaces.
            XCTAssertEqual(Self.unescapeMarkdown(escaped), Self.visible(text, bidi: true, lineBreaks: true), escaped)
            // Every character that is markup is escaped, but for the reference of a leading space or tab.
            let reference = ["&#32;", "&#9;"].first { escaped.hasPrefix($0) }?.unicodeScalars.count ?? 0
            let scalars = Array(escaped.unicodeScalars)
            for (i, s) in scalars.enumerated() where i >= reference && "`*_[]#|>~&".unicodeScalars.contains(s) {
                XCTAssertTrue(i > 0 && scalars[i - 1] == "\\", "\(escaped) at \(i)")
            }
            for bad in ["#", ">", "-", "+", " ", "\t", "|"] { XCTAssertFalse(escaped.hasPrefix(bad), escaped) }
            XCTAssertNil(escaped.range(of: #"^\d{1,9}[.)](\s|$)"#, options: .regularExpression), escaped)
        }
    }

    /// The text a CommonMark reader sees in an escaped line: backslash escapes and the two
    /// character references `Markdown.text` writes, undone.
    private static func unescapeMarkdown(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let c = rest.first {
            if c == "\\", let next = rest.dropFirst().first, next.isASCII, next.isPunctuation || next.isSymbol {
                out.append(next)
                rest = rest.dropFirst(2)
            } else if rest.hasPrefix("&#32;") || rest.hasPrefix("&#9;") {
                out.append(rest.hasPrefix("&#32;") ? " " : "\t")
                rest = rest.dropFirst(rest.hasPrefix("&#32;") ? 5 : 4)
            } else {
                out.append(c)
                rest = rest.dropFirst()
            }
        }
        return out
    }

    // MARK: WebVTT

    func testWebVTT() {
        XCTAssertEqual(WebVTT.cueText("<b>bold</b> & <c.red>x</c>"), "&lt;b&gt;bold&lt;/b&gt; &amp; &lt;c.red&gt;x&lt;/c&gt;")
        XCTAssertEqual(WebVTT.cueText("a\r\n00:00:01.000 --> 00:00:02.000"), "a  00:00:01.000 --&gt; 00:00:02.000")
        XCTAssertEqual(WebVTT.cueText("title\rnext cue"), "title next cue")
        XCTAssertEqual(WebVTT.cueText("&amp;"), "&amp;amp;")
        XCTAssertEqual(WebVTT.cueText("\u{1B}[2J\u{0}\u{9B}"), "\u{241B}[2J\u{2400}\u{FFFD}")
        XCTAssertEqual(WebVTT.cueText("\u{202E}abc\u{2069}"), "\u{FFFD}abc\u{FFFD}")
        for text in Self.corpus {
            let escaped = WebVTT.cueText(text)
            XCTAssertFalse(escaped.unicodeScalars.contains { "\n\r\u{2028}\u{2029}".unicodeScalars.contains($0) }, escaped)
            XCTAssertFalse(escaped.contains("-->") || escaped.contains("<") || escaped.contains(">"), escaped)
            XCTAssertTrue(Self.ampersandsAreReferences(escaped, ["&amp;", "&lt;", "&gt;"]), escaped)
            XCTAssertFalse(Self.hasRawControl(escaped, bidi: true), escaped.debugDescription)
            XCTAssertEqual(escaped.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&"), Self.visible(text, bidi: true, lineBreaks: true), escaped)
        }
    }
}
