import ChartpipeCore
import ChartpipeJSON
import Foundation

/// A plugin's response for one chart (`schema/plugin-response.schema.json`), checked and applied
/// to the chart's context: notes (sentences, annotations, navigation lists), files, warnings, and
/// series that replace the chart's. Anything that breaks the protocol fails the chart.
struct PluginResponse {
    let json: JSONValue

    /// Reads what the plugin printed; `tail` is the end of its stderr, quoted in errors.
    init(reading bytes: [UInt8], program: PluginProgram, tail: [String]) throws(ChartError) {
        let parsed: JSONValue
        do {
            parsed = try JSONParser.parse(bytes)
        } catch {
            let start = String(decoding: bytes.prefix(60), as: UTF8.self).replacingOccurrences(of: "\n", with: " ")
            let what = bytes.isEmpty ? "printed nothing on stdout" : "printed something that is not JSON on stdout (line \(error.line), column \(error.column): \(error.message); it begins \"\(start)\")"
            throw ChartError("\(program.label) \(what); it must print one JSON object and write anything else to stderr" + Self.quote(tail),
                             code: .pluginInvalidJson)
        }
        try PluginDeclaration.checkVersion(parsed, what: "the response of \(program.label)", code: .pluginProtocolVersion)
        let problems = PluginProtocol.responseShape.problems(in: parsed, name: "the response", path: "", bytes: bytes)
        if !problems.isEmpty {
            throw ChartError("the response of \(program.label) breaks protocol \(PluginProtocol.version): "
                             + PluginDeclaration.summary(of: problems) + Self.quote(tail), code: .pluginInvalidResponse)
        }
        json = parsed
    }

    /// Checks that the response answers the request of `chart` numbered `sequence`: its echoed
    /// `chart` and `sequence` (which a persistent plugin must give; a per-chart one may).
    func checkEcho(chart: String, sequence: Int, required: Bool, program: PluginProgram) throws(ChartError) {
        let echoedChart = json["chart"]?.stringValue, echoedSequence = json["sequence"]?.intValue
        if required, echoedChart == nil || echoedSequence == nil {
            throw ChartError("the response of \(program.label) for chart '\(chart)' does not echo the request's 'chart' (its chart.id) and 'sequence'; a persistent plugin must, so that each answer is tied to its request",
                             code: .pluginInvalidResponse)
        }
        if let echoedChart, let echoedSequence, echoedChart != chart || echoedSequence != sequence {
            throw ChartError("\(program.label) answered request \(echoedSequence) (chart '\(echoedChart)') when asked request \(sequence) (chart '\(chart)'); it printed an extra response or skipped one",
                             code: .pluginInvalidResponse)
        }
        if let echoedChart, echoedChart != chart {
            throw ChartError("\(program.label) answered for chart '\(echoedChart)' when asked about chart '\(chart)'", code: .pluginInvalidResponse)
        }
        if let echoedSequence, echoedSequence != sequence {
            throw ChartError("\(program.label) answered request \(echoedSequence) when asked request \(sequence)", code: .pluginInvalidResponse)
        }
    }

    /// " The last lines of its stderr: …", or nothing.
    static func quote(_ tail: [String]) -> String {
        tail.isEmpty ? "" : ". The last lines of its stderr:\n" + tail.map { "  | " + $0 }.joined(separator: "\n")
    }

    /// Applies the response to the chart: in order, a reported error, replaced series, warnings,
    /// files, and the notes.
    func apply(to context: inout ChartContext, program: PluginProgram) throws(ChartError) {
        let label = program.label
        if let message = json["error"]?.stringValue {
            throw ChartError("\(label) failed: \(message)", code: .pluginFailed)
        }
        if let series = json["series"] { try replaceSeries(series, in: &context, program: program) }
        for warning in json["warnings"]?.arrayValue ?? [] {
            if let text = warning.stringValue { context.warn("\(label): \(text)", code: .pluginWarning) }
        }
        try emitArtifacts(&context, program: program)

        let locales = context.run.locales
        var note = PluginNote(plugin: program.name)
        for (locale, sentences) in json["sentences"]?.objectValue ?? [] where locales.contains(locale) {
            note.sentences[locale] = sentences.arrayValue?.compactMap(\.stringValue) ?? []
        }
        if note.sentences.values.contains(where: { !$0.isEmpty }) {
            let missing = locales.filter { (note.sentences[$0] ?? []).isEmpty }
            if !missing.isEmpty {
                context.warn("\(label) wrote no sentences in \(missing.map { "'\($0)'" }.joined(separator: ", ")); its texts are missing there",
                             code: .pluginMissingLocale)
            }
        }
        note.annotations = try points(json["annotations"], text: "text", in: context, label: label, what: "annotation")
        var names: Set<String> = []
        for (i, list) in (json["navigation"]?.arrayValue ?? []).enumerated() {
            let name = list["name"]?.stringValue ?? ""
            guard names.insert(name).inserted else {
                throw ChartError("\(label) returned two navigation lists named '\(name)'; names must differ", code: .pluginInvalidResponse)
            }
            let entries = try points(list["entries"], text: "label", in: context, label: label, what: "entry of navigation list \(i + 1)")
            note.navigation.append(PluginNavigation(name: name, title: texts(list["title"], locales: locales), entries: entries))
        }
        guard !note.isEmpty else { return }
        if context[DescriptionsKey.self] != nil, !note.sentences.isEmpty || !note.navigation.isEmpty {
            context.warn("\(label) ran after 'describe', so its sentences and lists are only in plugin.\(program.name).json; list it before { \"use\": \"describe\" } to have them in the description",
                         code: .pluginAfterDescribe)
        }
        context[PluginNotesKey.self] = (context[PluginNotesKey.self] ?? []) + [note]
        let path = uniquePath("plugin.\(program.name).json", in: context)
        context.emit(Artifact(path: path, kind: "plugin-notes", bytes: JSONWriter().bytes(note.json(data: context.fullSeries, chart: context.chart))))
    }

    /// Points of the full series named by `series` and `index`, with their texts.
    private func points(_ value: JSONValue?, text key: String, in context: ChartContext, label: String, what: String) throws(ChartError) -> [PluginPoint] {
        let full = context.fullSeries
        var result: [PluginPoint] = []
        for (i, item) in (value?.arrayValue ?? []).enumerated() {
            let k = item["series"]?.intValue ?? -1, index = item["index"]?.intValue ?? -1
            guard full.series.indices.contains(k) else {
                throw ChartError("\(label) points \(what) \(i + 1) at series \(k), but the chart has \(full.series.count) (counted from 0)",
                                 code: .pluginInvalidResponse)
            }
            guard full.series[k].x.indices.contains(index) else {
                throw ChartError("\(label) points \(what) \(i + 1) at point \(index) of series \(k), which has \(full.series[k].count) points (counted from 0)",
                                 code: .pluginInvalidResponse)
            }
            let y = full.series[k].y[index]
            result.append(PluginPoint(series: k, index: index, x: full.series[k].x[index], y: y.isNaN ? nil : y,
                                      text: texts(item[key], locales: context.run.locales)))
        }
        return result
    }

    private func texts(_ value: JSONValue?, locales: [String]) -> [String: String] {
        var out: [String: String] = [:]
        for (locale, text) in value?.objectValue ?? [] where locales.contains(locale) { out[locale] = text.stringValue }
        return out
    }

    /// Files of the response, below the plugin's own folder in the chart's folder; a path that
    /// would leave it fails the chart.
    private func emitArtifacts(_ context: inout ChartContext, program: PluginProgram) throws(ChartError) {
        var seen: Set<String> = []
        for item in json["artifacts"]?.arrayValue ?? [] {
            let path = item["path"]?.stringValue ?? ""
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            guard !path.hasPrefix("/"), !path.contains("\\"), !path.contains("\0"),
                  !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
                throw ChartError("\(program.label) returned the file '\(path)', whose path would leave its folder; give a relative path without '.', '..' or empty parts, such as 'weekday.csv'",
                                 code: .pluginArtifactPath)
            }
            guard seen.insert(path).inserted else {
                throw ChartError("\(program.label) returned the file '\(path)' twice", code: .pluginInvalidResponse)
            }
            let bytes: [UInt8]
            switch (item["text"]?.stringValue, item["base64"]?.stringValue) {
            case let (text?, nil): bytes = Array(text.utf8)
            case let (nil, encoded?):
                guard let data = Data(base64Encoded: encoded) else {
                    throw ChartError("\(program.label) returned the file '\(path)' with content that is not base64", code: .pluginInvalidResponse)
                }
                bytes = Array(data)
            default:
                throw ChartError("\(program.label) returned the file '\(path)' with \(item["text"] == nil ? "neither" : "both") 'text' \(item["text"] == nil ? "nor" : "and") 'base64'; give one of them",
                                 code: .pluginInvalidResponse)
            }
            context.emit(Artifact(path: "\(program.name)/\(path)", kind: item["kind"]?.stringValue ?? "plugin",
                                  locale: item["locale"]?.stringValue, bytes: bytes))
        }
    }

    /// Series that replace the chart's: declared by the plugin, before `trend`, in x order.
    private func replaceSeries(_ value: JSONValue, in context: inout ChartContext, program: PluginProgram) throws(ChartError) {
        guard program.declaration.replacesSeries else {
            throw ChartError("\(program.label) returned series to replace the chart's, but its --describe does not declare \"replacesSeries\": true",
                             code: .pluginUndeclaredReplacement)
        }
        guard context[TrendKey.self] == nil else {
            throw ChartError("\(program.label) replaced the series after 'trend' described them; list it before { \"use\": \"trend\" }",
                             code: .pluginReplacementAfterTrend)
        }
        guard var data = DataFile.decode(.object([("series", value)]), chart: context.chart) else {
            throw ChartError("\(program.label) returned series whose x values are not of the chart's x type (\(context.chart.x.type.rawValue))",
                             code: .pluginInvalidResponse)
        }
        if data.xType == .category { Self.keepCategoryOrder(&data, of: context.data) }
        for s in data.series where zip(s.x, s.x.dropFirst()).contains(where: { $0 > $1 }) {
            throw ChartError("\(program.label) returned the series '\(s.name)' with points out of x order", code: .pluginInvalidResponse)
        }
        context.data = data
        context.fullData = nil
    }

    /// Category labels keep the chart's order; new labels follow it.
    static func keepCategoryOrder(_ data: inout SeriesSet, of chart: SeriesSet) {
        let order = chart.categories + data.categories.filter { !chart.categories.contains($0) }
        let position = Dictionary(order.enumerated().map { ($1, Double($0)) }, uniquingKeysWith: { a, _ in a })
        let decoded = data.categories
        for k in data.series.indices {
            data.series[k].x = data.series[k].x.map { x in decoded.indices.contains(Int(x)) ? position[decoded[Int(x)]] ?? x : x }
        }
        data.categories = order
    }

    private func uniquePath(_ path: String, in context: ChartContext) -> String {
        let taken = Set(context.artifacts.map(\.path))
        guard taken.contains(path) else { return path }
        let stem = String(path.dropLast(".json".count))
        return (2...).lazy.map { "\(stem)-\($0).json" }.first { !taken.contains($0) } ?? path
    }
}
