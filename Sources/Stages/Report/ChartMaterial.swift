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
    }

    /// The data table of `table.<locale>.html`: its `<table>` element, or a link when it is too
    /// large to sit in the page.
    enum TableInsert {
        case inline(markup: String, rows: Int)
        case linked(path: String)
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

    /// A table larger than this (bytes of its HTML) is linked, not put into the page.
    static let inlineTableLimit = 2_000_000

    var isMade: Bool { if case .made = state { return true }; return false }
}
