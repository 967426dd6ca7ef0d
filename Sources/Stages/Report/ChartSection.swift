import ChartpipeCore
import ChartpipeJSON
import ChartpipeText

/// One chart's `<section>` of the report: its title and summary, the SVG chart that the keyboard
/// can explore, what a reader should know about its data, the audio graph, the axes, statistics,
/// series and segments, the plugins' notes, the navigation lists, the data table and the downloads;
/// or, for a chart that could not be made, why, in the reader's language.
struct ChartSection {
    let material: ChartMaterial
    let words: ReportWords
    /// The level of the chart's heading: 2 in a page of every chart, 1 on the chart's own page.
    var level = 2
    /// Whether the page lies in the chart's folder (its own page): links to its files are then
    /// relative to that folder.
    var inChartFolder = false

    /// The heading `depth` levels below the chart's.
    func h(_ depth: Int) -> String { "h\(min(6, level + depth))" }

    /// A listed file's path (relative to the output folder) as the page links it.
    func link(_ path: String) -> String {
        let folder = "charts/\(material.chart.id)/"
        return inChartFolder && path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }

    /// The section's id, also the contents' link target.
    static func anchor(_ id: String) -> String { "chart-\(id)" }

    var id: String { Self.anchor(material.chart.id) }

    func write(_ m: inout Markup) {
        m.open("section", [("class", material.isMade ? "cp-chart" : "cp-chart cp-failed"), ("id", id),
                           ("aria-labelledby", "\(id)-title")])
        m.newline()
        m.wrap(h(0), [("id", "\(id)-title")]) { m in m.element("bdi", text: title) }
        m.newline()
        switch material.state {
        case let .made(made):
            self.made(&m, made)
        case let .failed(error):
            failure(&m, reason: words(ReportWords.errorKey(code: error.code)), details: error.description)
        case .notRun:
            failure(&m, reason: words("report.error.notRun"), details: nil)
        case .untranslated:
            failure(&m, reason: words("report.error.language"), details: nil)
        case let .unreadable(error):
            failure(&m, reason: words(ReportWords.errorKey(code: error.code)), details: error.description)
        }
        m.close("section")
        m.newline()
    }

    /// Why the chart is not shown, in the reader's language: nil when it is.
    var reason: String? {
        switch material.state {
        case .made: return nil
        case let .failed(error), let .unreadable(error): return words(ReportWords.errorKey(code: error.code))
        case .notRun: return words("report.error.notRun")
        case .untranslated: return words("report.error.language")
        }
    }

    var title: String {
        if case let .made(made) = material.state { return made.description.title }
        return material.title
    }

    func failure(_ m: inout Markup, reason: String, details: String?) {
        m.wrap("div", [("class", "cp-error")]) { m in
            m.wrap("p") { m in
                m.element("strong", text: words("report.error.preface"))
                m.text(words.language.sentenceSeparator + reason)
            }
            if let details {
                m.wrap("details") { m in
                    m.element("summary", text: words("report.details.message"))
                    m.wrap("p", [("lang", "en")]) { m in m.element("code", text: details) }
                }
            }
        }
        m.newline()
        aboutTheData(&m)
    }

    func made(_ m: inout Markup, _ made: ChartMaterial.Made) {
        let d = made.description
        if let subtitle = material.chart.spec.subtitle {
            m.element("p", [("class", "cp-subtitle")], text: words.name(subtitle))
            m.newline()
        }
        m.element("p", [("class", "cp-summary")], text: d.summary)
        m.newline()
        // Which layout was drawn (overlay or small multiples), as description.json says it.
        if let layout = d.layout {
            m.element("p", [("class", "cp-layout"), ("data-layout", layout.drawn)], text: layout.text)
            m.newline()
        }
        aboutTheData(&m)
        if let svg = made.svg {
            m.wrap("div", [("class", "cp-figure")]) { m in
                m.wrap("div", [("class", "cp-plot"), ("data-chart", material.chart.id),
                               ("data-label", words("report.chart.label", [.text(d.title)]))]) { m in
                    // The chart stage's SVG: its text is escaped and its ids start with chartpipe-<id>-<locale>-.
                    m.raw(svg)
                }
                m.wrap("p", [("class", "cp-hint cp-js"), ("id", "\(id)-hint"), ("hidden", "")]) { m in
                    m.text(words("report.chart.hint") + " ")
                    m.element("button", [("type", "button"), ("class", "cp-keys-button")], text: words("report.keys.open"))
                }
                // The focused series' braille line with the cursor at the focused point (MAIDR's braille
                // mode): B moves into it, a braille display reads it; the script fills it.
                m.wrap("p", [("class", "cp-braille-line cp-js"), ("hidden", "")]) { m in
                    m.element("label", [("for", "\(id)-braille")], text: words("report.braille.label"))
                    m.text(" ")
                    m.void("input", [("type", "text"), ("id", "\(id)-braille"), ("class", "cp-braille-field"), ("readonly", ""),
                                     ("spellcheck", "false"), ("autocomplete", "off")])
                }
                // The chart as a tree to walk (Olli): chart, series, segments, points; the script builds it.
                m.wrap("div", [("class", "cp-tree-part cp-js"), ("hidden", "")]) { m in
                    m.element("p", [("class", "cp-hint"), ("id", "\(id)-tree-hint")], text: words("report.tree.hint"))
                    m.element("ul", [("class", "cp-tree"), ("aria-label", words("report.tree.label", [.text(d.title)])),
                                     ("aria-describedby", "\(id)-tree-hint")], text: "")
                }
                m.wrap("div", [("class", "cp-status")]) { m in
                    m.element("p", [("class", "cp-live"), ("data-live", "series"), ("aria-live", "polite"), ("aria-atomic", "true")], text: "")
                    m.element("p", [("class", "cp-live"), ("data-live", "point"), ("aria-live", "polite"), ("aria-atomic", "true")], text: "")
                }
            }
            m.newline()
        }
        m.raw("<script type=\"application/json\" class=\"cp-model\">" + JSONWriter(pretty: false).string(made.model) + "</script>\n")
        if let more = made.moreLists {
            m.raw("<script type=\"application/json\" class=\"cp-more\">" + JSONWriter(pretty: false).string(more) + "</script>\n")
        }
        audio(&m, made)
        heading(&m, "describe.heading.axes")
        list(&m, "ul", d.axes.map(\.text))
        if !d.statistics.isEmpty {
            heading(&m, "describe.heading.statistics")
            list(&m, "ul", d.statistics)
        }
        if !d.series.isEmpty {
            heading(&m, "describe.heading.series")
            for (k, s) in d.series.enumerated() {
                m.wrap(h(2), [("id", "\(id)-series-\(k)")]) { m in m.element("bdi", text: s.name) }
                m.element("p", text: s.summary)
                // The shape for a braille display, in a disclosure: speech reads braille patterns
                // dot by dot, so a listener opens it only when wanted.
                if !s.braille.isEmpty {
                    m.wrap("details", [("class", "cp-braille")]) { m in
                        m.element("summary", text: words("describe.heading.braille"))
                        m.element("p", text: s.braille)
                    }
                }
                if !s.segments.isEmpty {
                    m.element(h(3), text: words("describe.heading.segments"))
                    list(&m, "ol", s.segments.map(\.label))
                }
                m.newline()
            }
        }
        if !made.notes.isEmpty {
            heading(&m, "describe.heading.notes")
            list(&m, "ul", made.notes)
        }
        let lists = d.navigation.filter { !$0.entries.isEmpty }
        if !lists.isEmpty {
            heading(&m, "report.heading.navigation")
            for nav in lists {
                m.wrap("details", [("class", "cp-list")]) { m in
                    m.element("summary", text: words("report.list.count", [.text(nav.title), .text(words.count(nav.entries.count))]))
                    list(&m, "ol", nav.entries.map(\.label))
                }
                m.newline()
            }
        }
        table(&m, made)
        downloads(&m, made)
    }

    func heading(_ m: inout Markup, _ key: String) {
        m.element(h(1), text: words(key))
        m.newline()
    }

    func list(_ m: inout Markup, _ tag: String, _ items: [String]) {
        m.wrap(tag) { m in
            for item in items { m.element("li", text: item) }
        }
        m.newline()
    }

    /// What a reader should know about the chart's data, in the reader's language: skipped rows,
    /// partly covered periods…; the run's other notes follow as the tool wrote them.
    func aboutTheData(_ m: inout Markup) {
        var sentences: [String] = []
        if material.skipped > 0 {
            sentences.append(words("report.warning.skipped", [.integer(material.skipped)]))
        }
        var others: [Diagnostic] = []
        for warning in material.warnings where !ReportWords.skippedCodes.contains(warning.code) {
            if let key = ReportWords.warningKey(code: warning.code) {
                let sentence = words(key)
                if !sentences.contains(sentence) { sentences.append(sentence) }
            } else {
                others.append(warning)
            }
        }
        let skippedRecords = material.warnings.filter { ReportWords.skippedCodes.contains($0.code) }
        let details = material.warnings.filter { ReportWords.warningKey(code: $0.code) != nil } + skippedRecords + others
        guard !sentences.isEmpty || !details.isEmpty else { return }
        m.wrap("div", [("class", "cp-about")]) { m in
            m.element(h(1), text: words("report.heading.warnings"))
            if !sentences.isEmpty { list(&m, "ul", sentences) }
            if !details.isEmpty {
                m.wrap("details") { m in
                    m.element("summary", text: words("report.details.message"))
                    m.wrap("ul", [("lang", "en")]) { m in
                        for warning in details { m.element("li", text: warning.description) }
                    }
                }
            }
        }
        m.newline()
    }

    func audio(_ m: inout Markup, _ made: ChartMaterial.Made) {
        guard !made.audio.isEmpty else { return }
        m.open("div", [("class", "cp-player")])
        heading(&m, "report.heading.audio")
        var explanation = words("report.audio.explain")
        let names = made.description.series.map(\.name)
        if names.count > 1 {
            explanation += words.language.sentenceSeparator + words("report.audio.order", [.text(words.formats.list(names))])
        }
        m.element("p", text: explanation)
        m.open("audio", [("class", "cp-audio"), ("controls", ""), ("preload", "metadata"),
                         ("aria-label", words("report.audio.label", [.text(made.description.title)]))])
        let types = ["mp3": "audio/mpeg", "wav": "audio/wav", "ogg": "audio/ogg", "flac": "audio/flac"]
        for file in made.audio {
            m.void("source", [("src", link(file.path)), ("type", types[ChartFiles.fileExtension(file.path)])])
        }
        // The locale's cues as the player's captions track: a player that shows captions (or a page
        // served over HTTP) gets them. Chromium shows none for <audio> and refuses a track on a
        // file:// page, so the script also shows the sounding point's label, and the cues are a download.
        if let captions = made.captions {
            m.void("track", [("kind", "captions"), ("src", link(captions.path)), ("srclang", words.lang),
                             ("label", words("report.file.captions")), ("default", "")])
        }
        m.text(words("report.audio.fallback"))
        m.close("audio")
        m.newline()
        m.wrap("p", [("class", "cp-now"), ("hidden", "")]) { m in
            m.element("span", [("class", "cp-now-title")], text: words("report.audio.now"))
            m.text(" ")
            m.element("span", [("class", "cp-now-label")], text: "")
        }
        m.close("div")
        m.newline()
    }

    /// The charted points as a table in a disclosure, with the full table file linked before it
    /// (the table stage's `table.<locale>.html`, every row of the full series).
    func table(_ m: inout Markup, _ made: ChartMaterial.Made) {
        guard let table = made.table else { return }
        m.element(h(1), [("id", "\(id)-table")], text: words("report.heading.table"))
        m.newline()
        switch table {
        case let .charted(charted):
            if charted.isPartial {
                m.wrap("p") { m in
                    m.text(words("report.warning.rowsCapped") + words.language.sentenceSeparator)
                    m.element("a", [("href", link(charted.file))], text: words("report.table.open"))
                }
                m.newline()
            }
            m.wrap("details", [("class", "cp-table")]) { m in
                m.element("summary", text: words("report.table.show", [.integer(charted.rows.count)]))
                m.wrap("div", [("class", "cp-scroll"), ("role", "region"), ("tabindex", "0"),
                               ("aria-labelledby", "\(id)-title \(id)-table")]) { m in
                    chartedTable(&m, charted)
                }
            }
        case let .linked(path):
            m.wrap("p") { m in
                m.text(words("report.table.large") + words.language.sentenceSeparator)
                m.element("a", [("href", link(path))], text: words("report.table.open"))
            }
        }
        m.newline()
    }

    /// The table as the table stage lays it out: a caption with the title, column headers, the x
    /// of each row as a row header, numbers right-aligned; headers isolate right-to-left text.
    func chartedTable(_ m: inout Markup, _ table: ChartMaterial.ChartedTable) {
        m.wrap("table") { m in
            m.wrap("caption") { m in
                m.wrap("strong") { m in m.element("bdi", text: table.title) }
            }
            m.newline()
            m.wrap("thead") { m in
                m.wrap("tr") { m in
                    for (k, header) in table.headers.enumerated() {
                        m.element("th", [("scope", "col"), ("dir", "auto"), ("class", k == 0 ? nil : "n")], text: header)
                    }
                }
            }
            m.newline()
            m.open("tbody")
            m.newline()
            for row in table.rows {
                m.open("tr")
                m.element("th", [("scope", "row"), ("dir", "auto")], text: row.x)
                for value in row.values { m.element("td", [("class", "n")], text: value ?? "") }
                m.close("tr")
                m.newline()
            }
            m.close("tbody")
            m.newline()
        }
    }

    func downloads(_ m: inout Markup, _ made: ChartMaterial.Made) {
        guard !made.downloads.isEmpty else { return }
        m.open("div", [("class", "cp-downloads-part")])
        heading(&m, "report.heading.downloads")
        m.wrap("ul", [("class", "cp-downloads")]) { m in
            for file in made.downloads {
                m.wrap("li") { m in
                    m.element("a", [("href", link(file.path)), ("download", "")],
                              text: words("report.download", [.text(file.what), .text(file.format), .text(words.size(bytes: file.bytes))]))
                }
            }
        }
        m.close("div")
        m.newline()
    }
}
