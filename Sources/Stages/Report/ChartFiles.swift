import ChartpipeChartText
import ChartpipeCore
import ChartpipeJSON
import ChartpipeText

/// Reads one chart's files for every locale of the report: its `data.json` once, then the files
/// of each locale.
struct ChartFiles {
    let chart: RunChart
    let context: RunContext
    let data: Result<SeriesSet, ChartError>?

    init(chart: RunChart, context: RunContext) {
        self.chart = chart
        self.context = context
        if let record = chart.record, record.status == .ok {
            do throws(ChartError) { data = .success(try context.data(of: chart)) } catch { data = .failure(error) }
        } else {
            data = nil
        }
    }

    func material(words: ReportWords) -> ChartMaterial {
        let title = words.name(chart.spec.title)
        let record = chart.record
        let warnings = record?.warnings ?? []
        let skipped = record?.recordsSkipped ?? 0
        func material(_ state: ChartMaterial.State) -> ChartMaterial {
            ChartMaterial(chart: chart, title: title, state: state, warnings: warnings, skipped: skipped)
        }
        guard let record else { return material(.notRun) }
        guard record.status == .ok else {
            return material(.failed(record.error ?? Diagnostic("the chart failed", code: "chart.failed")))
        }
        guard file("description", words.locale, suffix: ".json") != nil else { return material(.untranslated) }
        do throws(ChartError) {
            guard case let .success(data)? = self.data else {
                if case let .failure(error)? = self.data { throw error }
                return material(.notRun)
            }
            return material(.made(try made(data: data, words: words)))
        } catch {
            return material(.unreadable(error))
        }
    }

    /// The chart's listed file of `kind` in `locale` (nil for files of no locale) whose path ends in `suffix`.
    func file(_ kind: String, _ locale: String?, suffix: String = "") -> ManifestArtifact? {
        chart.record?.artifacts.first { $0.kind == kind && $0.locale == locale && $0.path.hasSuffix(suffix) }
    }

    func text(_ artifact: ManifestArtifact) throws(ChartError) -> String {
        String(decoding: try context.reader.bytes(of: artifact), as: UTF8.self)
    }

    func made(data: SeriesSet, words: ReportWords) throws(ChartError) -> ChartMaterial.Made {
        let locale = words.locale
        let json = try context.reader.json(of: chart, kind: "description", locale: locale, pathSuffix: ".json")
        guard let description = ChartDescription(json: json, xType: data.xType, categories: data.categories) else {
            throw ChartError("description.\(locale).json of chart '\(chart.id)' is not what chartpipe writes",
                             code: "run.unreadable-artifact")
        }
        var notes = (json["notes"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }
        notes += try pluginNotes(data: data, words: words, known: Set(notes))
        var svg: String?
        if let artifact = file("chart", locale, suffix: ".svg") {
            let text = try self.text(artifact)
            // An SVG inside HTML takes no XML declaration.
            svg = text.hasPrefix("<?xml") ? String(text.drop { $0 != "\n" }.dropFirst()) : text
        }
        let cues = try file("cues", locale).map { artifact throws(ChartError) in CueTimes(webVTT: try text(artifact)) }
        let audioOrder = ["mp3", "wav", "ogg", "flac"]
        let audio = (chart.record?.artifacts ?? []).filter { $0.kind == "audio" && $0.locale == nil }
            .sorted { (audioOrder.firstIndex(of: Self.fileExtension($0.path)) ?? 9) < (audioOrder.firstIndex(of: Self.fileExtension($1.path)) ?? 9) }
        let captions = file("cues", locale)
        return ChartMaterial.Made(
            description: description, notes: notes, svg: svg, table: try table(locale: locale), audio: audio, captions: captions,
            downloads: downloads(locale: locale, audio: audio, captions: captions, words: words),
            model: ScriptModel(description: description, data: data, cues: audio.isEmpty ? nil : cues, words: words).json)
    }

    /// Sentences of `plugin.<name>.json` files that the description does not hold (a plugin that
    /// ran after `describe`), and the plugins' notes on single points ("July 18: A promotion day.").
    func pluginNotes(data: SeriesSet, words: ReportWords, known: Set<String>) throws(ChartError) -> [String] {
        var out: [String] = []
        let x = XValueText(facts: XAxisFacts(data, zone: chart.spec.x.zone), language: words.language, catalog: words.catalog)
        for artifact in chart.record?.artifacts ?? [] where artifact.kind == "plugin-notes" {
            let json: JSONValue
            do {
                json = try JSONParser.parse(try context.reader.bytes(of: artifact))
            } catch let error as ChartError {
                throw error
            } catch {
                throw ChartError("'\(artifact.path)' is not valid JSON", code: "run.unreadable-artifact")
            }
            for sentence in json["sentences"]?[words.locale]?.arrayValue ?? [] {
                if let text = sentence.stringValue, !known.contains(text) { out.append(text) }
            }
            for note in json["annotations"]?.arrayValue ?? [] {
                guard let text = note["text"]?[words.locale]?.stringValue else { continue }
                if let value = note["x"].flatMap({ XValue.read($0, xType: data.xType, categories: data.categories) }) {
                    out.append(words("describe.nav.seriesLabel", [.text(x.text(value)), .text(text)]))
                } else {
                    out.append(text)
                }
            }
        }
        return out
    }

    func table(locale: String) throws(ChartError) -> ChartMaterial.TableInsert? {
        guard let artifact = file("table", locale, suffix: ".html") else { return nil }
        if artifact.bytes > ChartMaterial.inlineTableLimit { return .linked(path: artifact.path) }
        let html = try text(artifact)
        // The table stage's document holds one <table>; its text is escaped already.
        guard let start = html.range(of: "<table>"), let end = html.range(of: "</table>", options: .backwards) else {
            return .linked(path: artifact.path)
        }
        let body = html[start.lowerBound..<end.upperBound]
        let rows = body.components(separatedBy: "<tr>").count - 2
        return .inline(markup: String(body), rows: max(rows, 0))
    }

    func downloads(locale: String, audio: [ManifestArtifact], captions: ManifestArtifact?, words: ReportWords) -> [ChartMaterial.Download] {
        var out: [ChartMaterial.Download] = []
        func add(_ artifact: ManifestArtifact?, _ what: String) {
            guard let artifact else { return }
            out.append(.init(path: artifact.path, what: words(what), format: Self.formatName(artifact.path), bytes: artifact.bytes))
        }
        for suffix in [".csv", ".tsv", ".json", ".xlsx"] { add(file("table", nil, suffix: suffix), "report.file.table") }
        for suffix in [".html", ".md"] { add(file("table", locale, suffix: suffix), "report.file.table") }
        for artifact in audio { add(artifact, "report.file.audio") }
        add(captions, "report.file.captions")
        add(file("chart", locale, suffix: ".svg"), "report.file.chart")
        add(file("description", locale, suffix: ".md"), "report.file.description")
        return out
    }

    static func fileExtension(_ path: String) -> String {
        path.split(separator: ".").last.map(String.init)?.lowercased() ?? ""
    }

    /// The name of a file's format, as its users know it.
    static func formatName(_ path: String) -> String {
        let names = ["csv": "CSV", "tsv": "TSV", "json": "JSON", "xlsx": "XLSX", "html": "HTML", "md": "Markdown",
                     "mp3": "MP3", "wav": "WAV", "flac": "FLAC", "ogg": "Ogg Vorbis", "vtt": "WebVTT", "svg": "SVG"]
        let ext = fileExtension(path)
        return names[ext] ?? ext.uppercased()
    }
}
