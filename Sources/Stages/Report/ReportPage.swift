import ChartpipeCore
import ChartpipeJSON
import ChartpipeText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `report.<locale>.html`: one static page over every chart of the pipeline.
///
/// - A landmark for each part (banner, navigation, main, contentinfo), a skip link, the contents,
///   the other languages' reports (`hreflang`), and the run's date from the manifest.
/// - Per chart a `<section>` (see `ChartSection`): every fact as text, lists and tables, so that the
///   page is whole without its script; the script adds keyboard navigation of the charts.
/// - Self-contained: the style sheet, the script and the SVG charts are inline; audio, tables and
///   downloads are relative links into the output folder. A Content Security Policy lets only the
///   page's own script run (by its hash), as a second line behind the escaping of every text.
struct ReportPage {
    let words: ReportWords
    let context: RunContext
    /// `ChartRecord.outcomeDigest` of each chart of `context`, in order.
    let outcomes: [String?]

    var pipeline: String { context.run.pipelineName }
    var locales: [String] { context.locales }
    var generatedAt: Int64 { context.generatedAt }

    /// What the page's header, contents and "Since the last run" need of a chart, kept after its
    /// section is written.
    struct Entry {
        let chart: RunChart
        let title: String
        let isMade: Bool
        /// The texts of the `changes` layer of its description.
        let changes: [String]
    }

    /// How many sections are made at once (and held until spooled).
    static let batch = 16

    /// The script's hash for the page's Content Security Policy.
    static let scriptHash = "sha256-" + Data(SHA256.digest(Array(ReportScript.source.utf8))).base64EncodedString()

    /// The pipeline's `title` as the catalogs translate it, else "<name> chart report".
    var title: String { ReportPage.title(words, run: context.run) }

    static func title(_ words: ReportWords, run: RunInfo) -> String {
        run.pipelineTitle.map(words.name) ?? words("report.title", [.text(words.name(run.pipelineName))])
    }

    var path: String { "report.\(words.locale).html" }

    /// Writes the page into `sink` chart by chart: each chart's files are read, its section is
    /// written to a spool file and its material let go, so that memory does not grow with the
    /// number of charts; the header, contents and "Since the last run" (which name every chart)
    /// are written first, then the sections are copied after them.
    ///
    /// A chart whose manifest entry is what it was when the previous page was written (same
    /// files, same outcome: `ChartRecord.outcomeDigest`) has the same section: it is copied from
    /// that page (`SectionIndex`) instead of being made again, so that an incremental run over a
    /// few changed charts does not read every chart's files.
    func write(to sink: inout ArtifactSink) throws {
        let sections = try SpoolFile()
        let previous = SectionIndex.previous(of: self)
        var index = SectionIndex()
        var entries: [Entry] = []
        entries.reserveCapacity(context.charts.count)
        // Where each section's bytes are: in the previous page, or in the spool.
        var pieces: [(fromPrevious: Bool, offset: Int, length: Int)] = []
        var spooled = 0
        // Where the next section begins in this page, after its header.
        var offset = 0
        let keys = zip(context.charts, outcomes).map { chart, outcome in outcome.map { SectionIndex.key(outcome: $0, page: self) } }
        let olds = context.charts.indices.map { i in keys[i].flatMap { previous?.section(of: context.charts[i].id, key: $0) } }
        // The sections to make, made `Self.batch` at a time on this thread and on the processors
        // the run has idle (`WorkerBudget.map`), then spooled in chart order: a page that is
        // written last, alone, does not leave the other processors idle.
        let toMake = context.charts.indices.filter { olds[$0] == nil }
        var made = [(entry: Entry, offset: Int, length: Int, readable: Bool)?](repeating: nil, count: context.charts.count)
        var start = 0
        while start < toMake.count {
            try context.cancellation.check()
            let batch = Array(toMake[start..<min(start + Self.batch, toMake.count)])
            let sectionsMade = WorkerBudget.map(batch.count) { k -> (html: String, entry: Entry, readable: Bool)? in
                // Cancelled: the rest of the batch is not made (the check after it throws).
                guard !context.cancellation.isCancelled else { return nil }
                let chart = context.charts[batch[k]]
                let material = ChartFiles(chart: chart, context: context).material(words: words)
                var m = Markup()
                ChartSection(material: material, words: words).write(&m)
                var changes: [String] = []
                if case let .made(made) = material.state { changes = made.description.changes.map(\.text) }
                var readable = true
                // A section about files that could not be read says so of this moment only.
                if case .unreadable = material.state { readable = false }
                return (m.html, Entry(chart: chart, title: material.title, isMade: material.isMade, changes: changes), readable)
            }
            try context.cancellation.check()
            for (i, section) in zip(batch, sectionsMade) {
                guard let section else { continue }  // only when cancelled, which the check above throws
                try sections.write(section.html)
                let length = section.html.utf8.count
                made[i] = (section.entry, spooled, length, section.readable)
                spooled += length
            }
            start += batch.count
        }
        for (i, chart) in context.charts.enumerated() {
            var key = keys[i]
            let entry: Entry
            if let old = olds[i] {
                entry = Entry(chart: chart, title: old.title, isMade: old.isMade, changes: old.changes)
                pieces.append((true, old.offset, old.length))
                index.copied += 1
            } else {
                let section = made[i]!  // every chart not copied was made above (or the run was cancelled)
                entry = section.entry
                pieces.append((false, section.offset, section.length))
                index.made += 1
                if !section.readable { key = nil }
            }
            let length = pieces[pieces.count - 1].length
            if let key { index.add(entry, key: key, offset: offset, length: length) }
            offset += length
            entries.append(entry)
        }
        var m = Markup()
        m.raw("<!DOCTYPE html>\n")
        m.open("html", [("lang", words.lang), ("dir", "ltr")])
        m.newline()
        head(&m)
        m.open("body")
        m.newline()
        m.element("a", [("class", "cp-skip"), ("href", "#main")], text: words("report.skip"))
        m.newline()
        header(&m, entries)
        contents(&m, entries)
        m.open("main", [("id", "main"), ("tabindex", "-1")])
        m.newline()
        sinceLastRun(&m, entries)
        let top = m.html
        try sink.write(top)
        // The sections in order, in as few copies as their places allow.
        var run: (fromPrevious: Bool, offset: Int, length: Int)?
        func flush(_ sink: inout ArtifactSink) throws {
            guard let r = run, r.length > 0 else { return }
            if r.fromPrevious {
                guard let file = previous?.file else {
                    throw ChartError("the previous \(path) went away while it was read", code: .outputWriteFailed)
                }
                try file.copy(offset: r.offset, count: r.length, to: &sink)
            } else {
                try sections.copy(offset: r.offset, count: r.length, to: &sink)
            }
        }
        for piece in pieces {
            if let r = run, r.fromPrevious == piece.fromPrevious, r.offset + r.length == piece.offset {
                run = (r.fromPrevious, r.offset, r.length + piece.length)
            } else {
                try flush(&sink)
                run = piece
            }
        }
        try flush(&sink)
        // What was copied is what the previous page held when it was verified, or the page fails
        // (and the next run makes every section).
        if index.copied > 0, let file = previous?.file, !file.isUnchanged {
            throw ChartError("the previous \(path) changed while sections were copied from it; run again",
                             code: .outputChangedWhileRead)
        }
        m = Markup()
        keyDialog(&m)
        m.close("main")
        m.newline()
        end(&m, script: true)
        try sink.write(m.html)
        index.save(for: self, sectionsStart: top.utf8.count)
    }

    /// What ends every page of the report after its `main`: the footer, then, on a page with the
    /// keyboard script, the message regions and the script, then the document's end.
    func end(_ m: inout Markup, script: Bool) {
        m.wrap("footer") { m in
            m.element("p", text: words("report.madeWith", [.text(Manifest.toolVersion)]))
        }
        m.newline()
        if script {
            messages(&m)
            m.raw("<script>" + ReportScript.source + "</script>\n")
        }
        m.close("body")
        m.newline()
        m.close("html")
        m.newline()
    }

    func head(_ m: inout Markup, title: String? = nil) {
        m.open("head")
        m.newline()
        m.void("meta", [("charset", "utf-8")])
        m.newline()
        m.void("meta", [("name", "viewport"), ("content", "width=device-width, initial-scale=1")])
        m.newline()
        m.void("meta", [("name", "color-scheme"), ("content", "light dark")])
        m.newline()
        // Media 'self' lets the audio of the output folder play; nothing else is fetched.
        m.void("meta", [("http-equiv", "Content-Security-Policy"),
                        ("content", "default-src 'none'; script-src '\(Self.scriptHash)'; style-src 'unsafe-inline'; "
                            + "img-src 'self' data:; media-src 'self'; base-uri 'none'; form-action 'none'")])
        m.newline()
        m.void("meta", [("name", "generator"), ("content", "\(Manifest.toolName) \(Manifest.toolVersion)")])
        m.newline()
        for locale in locales where locale != words.locale {
            m.void("link", [("rel", "alternate"), ("hreflang", locale), ("href", "report.\(locale).html")])
            m.newline()
        }
        m.element("title", text: title ?? self.title)
        m.newline()
        m.raw("<style>\n" + ReportStyle.sheet + "</style>\n")
        m.close("head")
        m.newline()
    }

    func header(_ m: inout Markup, _ charts: [Entry]) {
        header(&m, failed: charts.filter { !$0.isMade }.count, of: charts.count)
    }

    /// The page's banner: its title, the run's date, how many charts could not be made, and the
    /// other languages' pages.
    func header(_ m: inout Markup, failed: Int, of total: Int) {
        m.open("header")
        m.newline()
        m.element("h1", text: title)
        m.newline()
        let stamp = TimeText.iso8601(milliseconds: Double(generatedAt) * 1000)
        m.wrap("p", [("class", "cp-meta")]) { m in timed(&m, "report.generated", seconds: generatedAt, stamp: stamp) }
        m.newline()
        if failed > 0 {
            m.element("p", [("class", "cp-meta cp-failures")],
                      text: words("report.failedCount", [.integer(failed), .integer(total)]))
            m.newline()
        }
        languages(&m)
        m.close("header")
        m.newline()
    }

    /// The pages of the other languages (same name, other locale, in the same folder).
    func languages(_ m: inout Markup) {
        if locales.count > 1 {
            m.wrap("nav", [("class", "cp-languages"), ("aria-label", words("report.languages"))]) { m in
                m.wrap("ul") { m in
                    for locale in locales {
                        let name = words.languageName(of: locale)
                        m.wrap("li") { m in
                            if locale == words.locale {
                                m.element("a", [("href", "report.\(locale).html"), ("hreflang", locale), ("lang", locale),
                                                ("aria-current", "page")], text: name)
                            } else {
                                m.element("a", [("href", "report.\(locale).html"), ("hreflang", locale), ("lang", locale)], text: name)
                            }
                        }
                    }
                }
            }
            m.newline()
        }
    }

    /// The sentence `key` about the date `seconds`, with that date as a machine-readable `<time>`.
    func timed(_ m: inout Markup, _ key: String, seconds: Int64, stamp: String) {
        let date = words.date(seconds: seconds)
        let sentence = words(key, [.text(date)])
        if let range = sentence.range(of: date) {
            m.text(String(sentence[..<range.lowerBound]))
            m.element("time", [("datetime", stamp)], text: date)
            m.text(String(sentence[range.upperBound...]))
        } else {
            m.text(sentence)
        }
    }

    /// "Since the last run", first in the page: the run the charts were compared with, then per
    /// chart what changed (the `changes` layer of its description), or that nothing did. Left out
    /// when no chart was compared with an earlier run (a first run, `--no-compare`).
    func sinceLastRun(_ m: inout Markup, _ charts: [Entry]) {
        let baselines = charts.compactMap { $0.chart.record?.comparison?["baseline"]?["generatedAt"]?.stringValue }
        // The run the charts were compared with: one run, unless some charts were kept from another.
        guard let stamp = baselines.max(), let millis = TimeText.milliseconds(iso8601: stamp) else { return }
        let seconds = Int64((millis / 1000).rounded(.down))
        let changed = charts.filter { $0.isMade && !$0.changes.isEmpty }
        m.wrap("section", [("class", "cp-changes"), ("aria-labelledby", "cp-changes-title")]) { m in
            m.element("h2", [("id", "cp-changes-title")], text: words("describe.heading.changes"))
            guard !changed.isEmpty else {
                m.wrap("p") { m in timed(&m, "report.changes.none", seconds: seconds, stamp: stamp) }
                return
            }
            m.wrap("p", [("class", "cp-meta")]) { m in timed(&m, "report.changes.baseline", seconds: seconds, stamp: stamp) }
            for chart in changed {
                m.wrap("h3") { m in
                    m.wrap("a", [("href", "#" + ChartSection.anchor(chart.chart.id))]) { m in m.element("bdi", text: chart.title) }
                }
                m.wrap("ul") { m in
                    for change in chart.changes { m.element("li", text: change) }
                }
            }
        }
        m.newline()
    }

    func contents(_ m: inout Markup, _ charts: [Entry]) {
        m.wrap("nav", [("class", "cp-contents"), ("aria-labelledby", "cp-contents-title")]) { m in
            m.element("h2", [("id", "cp-contents-title")], text: words("report.contents"))
            m.wrap("ol") { m in
                for chart in charts {
                    let name = chart.isMade ? chart.title : words("report.contents.failed", [.text(chart.title)])
                    m.wrap("li") { m in
                        m.element("a", [("href", "#" + ChartSection.anchor(chart.chart.id))], text: name)
                    }
                }
            }
        }
        m.newline()
    }

    /// The keys of the charts, in a dialog that H or the button under a chart opens.
    func keyDialog(_ m: inout Markup) {
        m.wrap("dialog", [("id", "cp-keys"), ("aria-labelledby", "cp-keys-title")]) { m in
            m.element("h2", [("id", "cp-keys-title")], text: words("report.keys.heading"))
            m.wrap("table") { m in
                m.wrap("thead") { m in
                    m.wrap("tr") { m in
                        m.element("th", [("scope", "col")], text: words("report.keys.column.key"))
                        m.element("th", [("scope", "col")], text: words("report.keys.column.action"))
                    }
                }
                m.wrap("tbody") { m in
                    for key in ["points", "series", "ends", "segments", "peaks", "valleys", "outliers", "crossings", "point", "speed",
                                "play", "stop", "mute", "title", "xAxis", "yAxis", "position", "braille", "verbosity", "help"] {
                        m.wrap("tr") { m in
                            m.element("th", [("scope", "row")], text: words("report.key.\(key)"))
                            m.element("td", text: words("report.key.\(key).action"))
                        }
                    }
                }
            }
            m.element("button", [("type", "button"), ("class", "cp-close")], text: words("report.keys.close"))
        }
        m.newline()
    }

    /// What the script says that is not a point's label, in the page's language.
    func messages(_ m: inout Markup) {
        var edges: [(String, JSONValue)] = []
        for list in ScriptModel.lists { edges.append((list.key, .string(words("report.edge.\(list.key)")))) }
        let json: JSONValue = .object([
            ("edge", .object(edges)), ("empty", .string(words("report.edge.empty"))), ("noAudio", .string(words("report.audio.none"))),
            ("soundOff", .string(words("report.sound.off"))), ("soundOn", .string(words("report.sound.on"))),
            ("speeds", .array(ScriptModel.speeds.map { .string(words("report.sound.speed", [.text($0)])) })),
            // The script fills in the {series} and the {label} of the point.
            ("position", .string(words("report.position", [.text("{series}"), .text("{label}")]))),
            ("noPosition", .string(words("report.position.none"))),
            ("full", .string(words("report.verbosity.full"))), ("terse", .string(words("report.verbosity.terse"))),
        ])
        // JSONWriter writes "</" and "<!" so that the text cannot end or confuse the element.
        m.raw("<script type=\"application/json\" id=\"cp-messages\">" + JSONWriter(pretty: false).string(json) + "</script>\n")
    }
}
