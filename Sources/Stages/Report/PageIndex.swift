import ChartpipeCore
import ChartpipeJSON

/// The chart pages of a report of pages in one locale as the run wrote them, saved with the run
/// (`RunStageState`) so that the next run keeps the page of a chart whose page would be the same
/// (same `key`: see `ChartPage.key`) instead of writing it again, and its index still says what
/// that page says.
struct PageIndex {
    struct Page {
        let key: String
        let entry: PageEntry
    }

    private(set) var pages: [(chart: String, page: Page)] = []

    mutating func add(chart: String, key: String, entry: PageEntry) {
        pages.append((chart, Page(key: key, entry: entry)))
    }

    func json(made: Int, kept: Int) -> JSONValue {
        .object([("made", .int(made)), ("kept", .int(kept)), ("pages", .array(pages.map { chart, page in
            .array([.string(chart), .string(page.key), .string(page.entry.title), .bool(page.entry.isMade),
                    page.entry.reason.map(JSONValue.string) ?? .null, .string(page.entry.summary),
                    .array(page.entry.changes.map(JSONValue.string))])
        }))])
    }

    /// The pages the previous run saved for `locale`, by chart: empty when it saved none.
    static func previous(_ state: RunStageState, locale: String) -> [String: Page] {
        guard let items = state.previous?[locale]?["pages"]?.arrayValue else { return [:] }
        var out: [String: Page] = [:]
        for item in items {
            guard let f = item.arrayValue, f.count == 7, let chart = f[0].stringValue, let key = f[1].stringValue,
                  let title = f[2].stringValue, case let .bool(isMade) = f[3], let summary = f[5].stringValue,
                  let changes = f[6].arrayValue?.compactMap(\.stringValue) else { return [:] }
            out[chart] = Page(key: key, entry: PageEntry(title: title, isMade: isMade, reason: f[4].stringValue, summary: summary,
                                                         changes: changes))
        }
        return out
    }
}
