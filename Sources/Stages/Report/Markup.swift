import ChartpipeText

/// Writes HTML: every attribute value goes through `HTML.attribute` and every text through
/// `HTML.text`, so that data-derived strings (titles, series names, categories) can open no tag.
/// Only `raw` writes markup as it is, for what chartpipe itself made (its SVG charts and tables,
/// which escaped their own text, the style sheet and the script).
struct Markup {
    private(set) var html = ""

    /// An attribute list; nil values are left out, and an empty value writes the bare name.
    typealias Attributes = [(String, String?)]

    private static func attributes(_ list: Attributes) -> String {
        list.compactMap { name, value in
            value.map { $0.isEmpty ? " \(name)" : " \(name)=\"\(HTML.attribute($0))\"" }
        }.joined()
    }

    mutating func open(_ name: String, _ list: Attributes = []) {
        html += "<\(name)\(Self.attributes(list))>"
    }

    mutating func close(_ name: String) {
        html += "</\(name)>"
    }

    /// An element whose content is `text`, escaped.
    mutating func element(_ name: String, _ list: Attributes = [], text: String) {
        open(name, list)
        html += HTML.text(text)
        close(name)
    }

    /// An element without content (`<source>`, `<meta>`).
    mutating func void(_ name: String, _ list: Attributes = []) {
        open(name, list)
    }

    /// Text, escaped.
    mutating func text(_ text: String) { html += HTML.text(text) }

    /// A line break in the source, so that the page reads well as text.
    mutating func newline() { html += "\n" }

    /// Markup written as it is: never data.
    mutating func raw(_ markup: String) { html += markup }

    /// Opens `name`, writes what `body` writes, closes it.
    mutating func wrap(_ name: String, _ list: Attributes = [], _ body: (inout Markup) -> Void) {
        open(name, list)
        body(&self)
        close(name)
    }
}
