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
            return material(.failed(record.error ?? Diagnostic("the chart failed", code: .chartFailed)))
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
                             code: .runUnreadableArtifact)
        }
        var notes = (json["notes"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }
        notes += try pluginNotes(data: data, words: words, known: Set(notes))
        var svg: String?
        if let artifact = file("chart", locale, suffix: ".svg") {
            let text = try self.text(artifact)
            // An SVG inside HTML takes no XML declaration.
            svg = text.hasPrefix("<?xml") ? String(text.drop { $0 != "\n" }.dropFirst()) : text
            // The chart laid out for a phone follows it; the style sheet shows one of the two by width.
            if let narrow = file("chart-narrow", locale, suffix: ".svg") {
                let text = try self.text(narrow)
                svg = (svg ?? "") + (text.hasPrefix("<?xml") ? String(text.drop { $0 != "\n" }.dropFirst()) : text)
            }
        }
        let cues = try file("cues", locale).map { artifact throws(ChartError) in CueTimes(webVTT: try text(artifact)) }
        let audioOrder = ["mp3", "wav", "ogg", "flac"]
        let audio = (chart.record?.artifacts ?? []).filter { $0.kind == "audio" && $0.locale == nil }
            .sorted { (audioOrder.firstIndex(of: Self.fileExtension($0.path)) ?? 9) < (audioOrder.firstIndex(of: Self.fileExtension($1.path)) ?? 9) }
        let captions = file("cues", locale)
        let script = ScriptModel(description: description, data: data, cues: audio.isEmpty ? nil : cues, words: words,
                                 yRange: chart.spec.y.range, terse: terse(data: data, words: words),
                                 seriesLists: try seriesLists(data: data, locale: locale))
        return ChartMaterial.Made(
            description: description, notes: notes, svg: svg, table: table(data: data, words: words), audio: audio, captions: captions,
            downloads: downloads(locale: locale, audio: audio, captions: captions, words: words),
            model: script.json, moreLists: script.more)
    }

    /// Every series' navigation lists (`navigation.<locale>.json`, `describe`'s), or nil for a
    /// chart described before describe wrote them (the description's lists then).
    func seriesLists(data: SeriesSet, locale: String) throws(ChartError) -> [NavigationList]? {
        guard file("navigation", locale) != nil else { return nil }
        let json = try context.reader.json(of: chart, kind: "navigation", locale: locale)
        guard let lists = json["lists"]?.objectValue else {
            throw ChartError("navigation.\(locale).json of chart '\(chart.id)' is not what chartpipe writes", code: .runUnreadableArtifact)
        }
        return try lists.map { name, entries throws(ChartError) in
            NavigationList(name: name, title: name, entries: try (entries.arrayValue ?? []).map { e throws(ChartError) in
                let a = e.arrayValue ?? []
                guard a.count == 5, let series = a[0].intValue, let index = a[1].intValue,
                      let x = XValue.read(a[2], xType: data.xType, categories: data.categories), let y = a[3].doubleValue,
                      let label = a[4].stringValue else {
                    throw ChartError("navigation.\(locale).json of chart '\(chart.id)' has an entry that is not what chartpipe writes",
                                     code: .runUnreadableArtifact)
                }
                return NavigationEntry(series: series, index: index, x: x, y: y, label: label)
            })
        }
    }

    /// A point's terse label: its x and value as the report's table writes them ("June 3, 1,234 USD").
    func terse(data: SeriesSet, words: ReportWords) -> (Double, Double?) -> String {
        let x = XValueText(facts: xFacts(data), language: words.language, catalog: words.catalog)
        let y = YValueText(facts: YAxisFacts(chart.spec, data), language: words.language)
        let none = words("report.point.noValue")
        return { value, level in
            words("describe.nav.point", [.text(x.text(value)), .text(level.flatMap { $0.isFinite ? y.text($0) : nil } ?? none)])
        }
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
                throw ChartError("'\(artifact.path)' is not valid JSON", code: .runUnreadableArtifact)
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

    /// The charted points as the report's data table, when the chart has `table.<locale>.html`
    /// (it links the file with every row, else that one): never the full table file itself, whose rows are the full series and
    /// which would make the page as large as every chart's table together.
    func table(data: SeriesSet, words: ReportWords) -> ChartMaterial.TableInsert? {
        guard let artifact = file("table", words.locale, suffix: ".html") else { return nil }
        // The rows of the wide layout: every x of any series, in order (category x: in label order).
        var xs = data.series.flatMap { $0.x.filter(\.isFinite) }
        xs.sort()
        var unique: [Double] = []
        unique.reserveCapacity(xs.count)
        for x in xs where unique.last != x { unique.append(x) }
        if unique.count > ChartMaterial.inlineRowLimit { return .linked(path: artifact.path) }
        let spec = chart.spec
        let names = ChartNames(chart: spec, series: data, language: words.language, catalog: words.catalog)
        let x = XValueText(facts: xFacts(data), language: words.language, catalog: words.catalog)
        let y = YValueText(facts: YAxisFacts(spec, data), language: words.language)
        let columns = data.series.map { series in
            Dictionary(zip(series.x, series.y).filter { $0.0.isFinite }, uniquingKeysWith: { a, _ in a })
        }
        let rows = unique.map { value in
            (x: x.text(value), values: columns.map { column in column[value].flatMap { $0.isFinite ? y.text($0) : nil } })
        }
        let headers = [names.xTitleWithUnit] + data.series.indices.map { names.withUnit(names.seriesName($0), unit: spec.y.unit) }
        let record = chart.record
        // The file with every row, when the table stage wrote one: the per-locale tables hold the charted points by default.
        let full = [".csv", ".tsv", ".json", ".xlsx"].lazy.compactMap { self.file("table", nil, suffix: $0) }.first ?? artifact
        return .charted(.init(title: names.title, headers: headers, rows: rows, file: full.path,
                              isPartial: (record?.pointsOutput ?? 0) < (record?.pointsInput ?? 0)))
    }

    /// The facts the table's x is written with: those of the charted points, except that a time x
    /// keeps the precision of the full series (a point of hourly data keeps its hour even where the
    /// charted points lie days apart), from the full series' spacing as its point count gives it
    /// (the manifest's `points.input`, over the same span, since downsampling keeps both ends).
    func xFacts(_ data: SeriesSet) -> XAxisFacts {
        let charted = XAxisFacts(data, zone: chart.spec.x.zone)
        guard data.xType == .time, let record = chart.record, record.pointsInput > record.pointsOutput,
              let range = charted.range, let spacing = charted.spacing, !data.series.isEmpty else { return charted }
        let perSeries = Double(record.pointsInput) / Double(data.series.count)
        guard perSeries > 1 else { return charted }
        let full = (range.upperBound - range.lowerBound) / (perSeries - 1)
        guard full > 0, full < spacing else { return charted }
        // One more x list of two points `full` apart, inside the range: it sets the spacing only.
        var set = data
        set.series.append(Series(name: "", x: [range.lowerBound, range.lowerBound + full], y: [0, 0],
                                 firstRecord: [0, 0], lastRecord: [0, 0]))
        return XAxisFacts(set, zone: chart.spec.x.zone)
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
