import ChartpipeCore
import ChartpipeText

/// `charts/<id>/report.<locale>.html`: one chart's page of a report of pages. It holds what the
/// chart's section of a single page holds (`ChartSection`, its heading the page's `<h1>`), with
/// links to the index and to the previous and next chart, and the other languages' pages of the
/// chart; the keys and the script of the single page. It carries no date, so that a chart whose
/// files did not change has the same page from run to run (and an incremental run keeps it).
struct ChartPage {
    let words: ReportWords
    let context: RunContext
    /// The chart's place in `context.charts`.
    let index: Int

    var chart: RunChart { context.charts[index] }
    var previous: RunChart? { index > 0 ? context.charts[index - 1] : nil }
    var next: RunChart? { index + 1 < context.charts.count ? context.charts[index + 1] : nil }

    /// Where a chart's page is, relative to the output folder.
    static func path(_ id: String, _ locale: String) -> String { "charts/\(id)/report.\(locale).html" }

    /// What the page is made from: the locale and the pipeline's locales, the chart's
    /// `ChartRecord.outcomeDigest` (its inputs, status and listed files by hash), the report's title
    /// and the ids and titles of the charts before and after it.
    func key(outcome: String) -> String {
        let neighbours = [previous, next].map { $0.map { "\($0.id)\t\(words.name($0.spec.title))" } ?? "" }
        let parts = ["report-page 1", words.locale, context.locales.joined(separator: ","), outcome,
                     ReportPage.title(words, run: context.run), words.name(chart.spec.title)] + neighbours
        return SHA256.hex(Array(parts.joined(separator: "\n").utf8))
    }

    /// Writes the page and returns what the index says of the chart, and whether that holds
    /// beyond this moment (not when the chart's files could not be read).
    func write(to sink: inout ArtifactSink) throws -> (entry: PageEntry, lasting: Bool) {
        let material = ChartFiles(chart: chart, context: context).material(words: words)
        let page = ReportPage(words: words, context: context, outcomes: [])
        let section = ChartSection(material: material, words: words, level: 1, inChartFolder: true)
        var m = Markup()
        m.raw("<!DOCTYPE html>\n")
        m.open("html", [("lang", words.lang), ("dir", "ltr")])
        m.newline()
        page.head(&m, title: words("report.page.title", [.text(section.title), .text(page.title)]))
        m.open("body")
        m.newline()
        m.element("a", [("class", "cp-skip"), ("href", "#main")], text: words("report.skip"))
        m.newline()
        m.open("header")
        m.newline()
        m.wrap("p", [("class", "cp-meta")]) { m in
            m.element("a", [("href", "../../report.\(words.locale).html")], text: page.title)
        }
        m.newline()
        page.languages(&m)
        m.close("header")
        m.newline()
        pager(&m)
        m.open("main", [("id", "main"), ("tabindex", "-1")])
        m.newline()
        section.write(&m)
        page.keyDialog(&m)
        m.close("main")
        m.newline()
        pager(&m, bottom: true)
        page.end(&m, script: true)
        try sink.write(m.html)
        var changes: [String] = []
        var summary = ""
        if case let .made(made) = material.state {
            changes = made.description.changes.map(\.text)
            summary = PageEntry.firstSentence(made.description.summary)
        }
        var lasting = true
        if case .unreadable = material.state { lasting = false }
        return (PageEntry(title: section.title, isMade: material.isMade, reason: section.reason, summary: summary, changes: changes),
                lasting)
    }

    /// Links to the index and to the charts before and after this one.
    func pager(_ m: inout Markup, bottom: Bool = false) {
        let label = words(bottom ? "report.page.navBottom" : "report.page.nav")
        m.wrap("nav", [("class", "cp-pager"), ("aria-label", label)]) { m in
            m.wrap("ul") { m in
                m.wrap("li") { m in m.element("a", [("href", "../../report.\(words.locale).html")], text: words("report.page.index")) }
                if let previous {
                    m.wrap("li") { m in
                        m.element("a", [("href", "../\(previous.id)/report.\(words.locale).html"), ("rel", "prev")],
                                  text: words("report.page.previous", [.text(words.name(previous.spec.title))]))
                    }
                }
                if let next {
                    m.wrap("li") { m in
                        m.element("a", [("href", "../\(next.id)/report.\(words.locale).html"), ("rel", "next")],
                                  text: words("report.page.next", [.text(words.name(next.spec.title))]))
                    }
                }
            }
        }
        m.newline()
    }
}
