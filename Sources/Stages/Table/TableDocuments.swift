import ChartpipeText

/// The per-locale Markdown and HTML tables.
enum TableDocuments {
    /// `table.<locale>.md`: the title as a heading, the summary, and a GitHub Flavored Markdown
    /// table whose value columns are right-aligned. Every cell goes through `Markdown.text`, so a
    /// `|` or a line break in the data cannot end a cell or a row.
    static func markdown(_ text: TableText, summary: String?) -> String {
        var out = "# " + Markdown.text(text.names.title) + "\n\n"
        if let summary { out += Markdown.text(summary) + "\n\n" }
        out += "| " + text.columns.map { Markdown.text(text.header($0)) }.joined(separator: " | ") + " |\n"
        out += "|" + text.columns.map { text.isNumeric($0) ? " ---: |" : " :--- |" }.joined() + "\n"
        for row in 0..<text.grid.rowCount {
            out += "|"
            for column in text.columns {
                let cell = text.cell(row: row, column).map(Markdown.text) ?? ""
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
    static func html(_ text: TableText, summary: String?) -> String {
        let lang = HTML.attribute(text.names.language.formattingLocale)
        let title = HTML.text(text.names.title)
        var out = """
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
        <table>

        """
        out += "<caption><strong><bdi>\(title)</bdi></strong>"
        if let summary { out += "<br>\n" + HTML.text(summary) }
        out += "</caption>\n<thead>\n<tr>"
        for column in text.columns {
            let numeric = text.isNumeric(column) ? " class=\"n\"" : ""
            out += "<th scope=\"col\" dir=\"auto\"\(numeric)>\(HTML.text(text.header(column)))</th>"
        }
        out += "</tr>\n</thead>\n<tbody>\n"
        for row in 0..<text.grid.rowCount {
            out += "<tr>"
            for column in text.columns {
                let cell = text.cell(row: row, column).map(HTML.text) ?? ""
                if column == .x {
                    let numeric = text.isNumeric(column) ? " class=\"n\"" : ""
                    out += "<th scope=\"row\" dir=\"auto\"\(numeric)>\(cell)</th>"
                } else {
                    out += "<td class=\"n\">\(cell)</td>"
                }
            }
            out += "</tr>\n"
        }
        out += "</tbody>\n</table>\n</body>\n</html>\n"
        return out
    }
}
