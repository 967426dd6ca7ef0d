import ChartpipeText

/// The per-locale Markdown and HTML tables.
enum TableDocuments {
    /// What a table of fewer rows than the data says under its caption, and the file with every
    /// row it links (path beside it, link text), when the chart has one.
    struct Note {
        let text: String
        let link: (path: String, text: String)?
    }

    /// `table.<locale>.md`: the title as a heading, the summary, and a GitHub Flavored Markdown
    /// table whose value columns are right-aligned. Every cell goes through `Markdown.text`, so a
    /// `|` or a line break in the data cannot end a cell or a row.
    static func markdown(_ text: TableText, cells: [[String?]], summary: String?, note: Note? = nil) -> String {
        var out = "# " + Markdown.text(text.names.title) + "\n\n"
        if let summary { out += Markdown.text(summary) + "\n\n" }
        if let note {
            out += Markdown.text(note.text)
            if let link = note.link { out += " [" + Markdown.text(link.text) + "](" + link.path + ")" }
            out += "\n\n"
        }
        out += "| " + text.columns.map { Markdown.text(text.header($0)) }.joined(separator: " | ") + " |\n"
        out += "|" + text.columns.map { text.isNumeric($0) ? " ---: |" : " :--- |" }.joined() + "\n"
        for row in 0..<text.grid.rowCount {
            out += "|"
            for c in text.columns.indices {
                let cell = cells[c][row].map(Markdown.text) ?? ""
                out += cell.isEmpty ? "  |" : " " + cell + " |"
            }
            out += "\n"
        }
        return out
    }

    /// `table.<locale>.html`: a document usable without CSS: a `<caption>` with the title and the
    /// summary, column headers `<th scope="col">`, the x of each row as `<th scope="row">`, the
    /// document's `lang`, and a small style sheet that right-aligns the numbers. Data-derived text
    /// is escaped by `HTML.text`, and headers sit in cells with `dir="auto"` (the title in `<bdi>`)
    /// so that right-to-left text or a bidi control in a name stays within its cell.
    static func html(_ text: TableText, cells: [[String?]], summary: String?, note: Note? = nil) -> [UInt8] {
        let lang = HTML.attribute(text.names.language.formattingLocale)
        let title = HTML.text(text.names.title)
        let head = """
        <!DOCTYPE html>
        <html lang="\(lang)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(title)</title>
        <style>
        table { border-collapse: collapse; }
        caption { caption-side: top; text-align: start; padding-bottom: 0.5em; }
        th, td { padding: 0.2em 0.6em; border-bottom: 1px solid rgba(128, 128, 128, 0.5); }
        th { text-align: start; }
        td, tbody th { white-space: nowrap; }
        .n { text-align: end; font-variant-numeric: tabular-nums; }
        </style>
        </head>
        <body>

        """
        // Written as bytes into one buffer: a row is a few appends, with no string made per cell.
        var out: [UInt8] = []
        out.reserveCapacity(head.utf8.count + text.grid.rowCount * 40 * max(1, text.columns.count))
        out += head.utf8
        if let note {
            out += ("<p>" + HTML.text(note.text)).utf8
            if let link = note.link { out += (" <a href=\"" + HTML.attribute(link.path) + "\">" + HTML.text(link.text) + "</a>").utf8 }
            out += "</p>\n".utf8
        }
        out += "<table>\n<caption><strong><bdi>\(title)</bdi></strong>".utf8
        if let summary { out += ("<br>\n" + HTML.text(summary)).utf8 }
        out += "</caption>\n<thead>\n<tr>".utf8
        for column in text.columns {
            let numeric = text.isNumeric(column) ? " class=\"n\"" : ""
            out += "<th scope=\"col\" dir=\"auto\"\(numeric)>\(HTML.text(text.header(column)))</th>".utf8
        }
        out += "</tr>\n</thead>\n<tbody>\n".utf8
        let rowHeader = Array((text.isNumeric(.x) ? "<th scope=\"row\" dir=\"auto\" class=\"n\">" : "<th scope=\"row\" dir=\"auto\">").utf8)
        let (rowStart, rowEnd, headerEnd) = (Array("<tr>".utf8), Array("</tr>\n".utf8), Array("</th>".utf8))
        let (cellStart, cellEnd) = (Array("<td class=\"n\">".utf8), Array("</td>".utf8))
        for row in 0..<text.grid.rowCount {
            out += rowStart
            for (c, column) in text.columns.enumerated() {
                if column == .x {
                    out += rowHeader
                    appendEscaped(cells[c][row], to: &out)
                    out += headerEnd
                } else {
                    out += cellStart
                    appendEscaped(cells[c][row], to: &out)
                    out += cellEnd
                }
            }
            out += rowEnd
        }
        out += "</tbody>\n</table>\n</body>\n</html>\n".utf8
        return out
    }

    /// `HTML.text(cell)` appended as UTF-8 (a number or a date passes as it is).
    static func appendEscaped(_ cell: String?, to out: inout [UInt8]) {
        guard let cell else { return }
        HTML.append(cell, to: &out)
    }
}
