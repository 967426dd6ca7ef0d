import ChartpipeCore
import ChartpipeText

/// `report.<locale>.html` of a report of pages: the run's header, "Since the last run", and every
/// chart of the pipeline with its title, status, the first sentence of its summary, what changed
/// and a link to its page (`ChartPage`). Small whatever the charts hold: no chart's files are read
/// for it, only what their pages found (`PageEntry`). The pipeline does not group charts, so the
/// list is one list, in pipeline order.
struct IndexPage {
    let words: ReportWords
    let context: RunContext
    /// One per chart of `context`, in order.
    let entries: [PageEntry]

    func write(to sink: inout ArtifactSink) throws {
        let page = ReportPage(words: words, context: context, outcomes: [])
        var m = Markup()
        m.raw("<!DOCTYPE html>\n")
        m.open("html", [("lang", words.lang), ("dir", "ltr")])
        m.newline()
        page.head(&m)
        m.open("body")
        m.newline()
        m.element("a", [("class", "cp-skip"), ("href", "#main")], text: words("report.skip"))
        m.newline()
        page.header(&m, failed: entries.filter { !$0.isMade }.count, of: entries.count)
        m.open("main", [("id", "main"), ("tabindex", "-1")])
        m.newline()
        sinceLastRun(&m, page)
        charts(&m)
        m.close("main")
        m.newline()
        page.end(&m, script: false)
        try sink.write(m.html)
    }

    func link(_ i: Int) -> String { ChartPage.path(context.charts[i].id, words.locale) }

    /// As on the single page: the run the charts were compared with, then the charts that changed,
    /// each a link to its page with what changed; or that nothing did. Left out when no chart was
    /// compared with an earlier run.
    func sinceLastRun(_ m: inout Markup, _ page: ReportPage) {
        let baselines = context.charts.compactMap { $0.record?.comparison?["baseline"]?["generatedAt"]?.stringValue }
        guard let stamp = baselines.max(), let millis = TimeText.milliseconds(iso8601: stamp) else { return }
        let seconds = Int64((millis / 1000).rounded(.down))
        let changed = entries.indices.filter { entries[$0].isMade && !entries[$0].changes.isEmpty }
        m.wrap("section", [("class", "cp-changes"), ("aria-labelledby", "cp-changes-title")]) { m in
            m.element("h2", [("id", "cp-changes-title")], text: words("describe.heading.changes"))
            guard !changed.isEmpty else {
                m.wrap("p") { m in page.timed(&m, "report.changes.none", seconds: seconds, stamp: stamp) }
                return
            }
            m.wrap("p", [("class", "cp-meta")]) { m in page.timed(&m, "report.changes.baseline", seconds: seconds, stamp: stamp) }
            for i in changed {
                m.wrap("h3") { m in
                    m.wrap("a", [("href", link(i))]) { m in m.element("bdi", text: entries[i].title) }
                }
                m.wrap("ul") { m in
                    for change in entries[i].changes { m.element("li", text: change) }
                }
            }
        }
        m.newline()
    }

    /// Every chart: a heading that links its page, its status, its summary's first sentence and
    /// what changed.
    func charts(_ m: inout Markup) {
        m.wrap("section", [("class", "cp-index"), ("aria-labelledby", "cp-contents-title")]) { m in
            m.element("h2", [("id", "cp-contents-title")], text: words("report.contents"))
            m.newline()
            m.open("ol", [("class", "cp-entries")])
            m.newline()
            for (i, entry) in entries.enumerated() {
                m.open("li", [("class", entry.isMade ? "cp-entry" : "cp-entry cp-failed")])
                m.wrap("h3") { m in
                    m.wrap("a", [("href", link(i))]) { m in m.element("bdi", text: entry.title) }
                }
                m.element("p", [("class", "cp-meta")], text: entry.reason.map { words("report.status.failed", [.text($0)]) }
                    ?? words("report.status.made"))
                if !entry.summary.isEmpty { m.element("p", text: entry.summary) }
                if !entry.changes.isEmpty {
                    m.wrap("ul", [("class", "cp-changed")]) { m in
                        for change in entry.changes { m.element("li", text: change) }
                    }
                }
                m.close("li")
                m.newline()
            }
            m.close("ol")
            m.newline()
        }
        m.newline()
    }
}
