import ChartpipeChartText
import ChartpipeCore
import ChartpipeJSON
import ChartpipeText

/// What the report shows of one chart in one locale, read from the files its manifest entry lists
/// (through the run context's reader, which checks paths, sizes and hashes).
struct ChartMaterial {
    /// How far the chart got.
    enum State {
        /// Its description in this locale, and what goes with it.
        case made(Made)
        /// The chart failed: its error.
        case failed(Diagnostic)
        /// No run has made the chart in this folder.
        case notRun
        /// The chart ran, but not in this locale (a `--locales` preview in a fresh folder).
        case untranslated
        /// Its files could not be read as listed (changed or removed since): why.
        case unreadable(Diagnostic)
    }

    /// Everything shown of a chart that was made.
    struct Made {
        var description: ChartDescription
        /// The plugins' sentences and notes on single points, in the locale.
        var notes: [String]
        /// The SVG chart, without its XML declaration.
        var svg: String?
        var table: TableInsert?
        /// Audio files, MP3 first.
        var audio: [ManifestArtifact]
        var captions: ManifestArtifact?
        var downloads: [Download]
        /// What the page's script navigates: see `ScriptModel`.
        var model: JSONValue
        /// The navigation lists whole, when the model holds only the first entries of each series.
        var moreLists: JSONValue?
    }

    /// The data table the report shows: the points the chart draws (`data.json`), written in the
    /// locale, in the wide layout of the table stage; the chart's full `table.<locale>.html` is
    /// linked beside it. Too many charted points for the page: the table is only linked.
    enum TableInsert {
        case charted(ChartedTable)
        case linked(path: String)
    }

    /// The charted points as table cells: headers (x, then each series' values with the unit), and
    /// one row per x of any series, an empty cell where a series has no value.
    struct ChartedTable {
        var title: String
        var headers: [String]
        var rows: [(x: String, values: [String?])]
        /// The full table file (`table.<locale>.html`).
        var file: String
        /// Whether the charted points are fewer than the full series' (downsampling left some out).
        var isPartial: Bool
    }

    struct Download {
        var path: String
        /// What the file holds (`report.file.*`).
        var what: String
        /// Its format's name (CSV, MP3…).
        var format: String
        var bytes: Int
    }

    let chart: RunChart
    let title: String
    let state: State
    let warnings: [Diagnostic]
    let skipped: Int

    /// A chart that draws more points than this has its table linked, not put into the page.
    static let inlineRowLimit = 2_000

    var isMade: Bool { if case .made = state { return true }; return false }
}
