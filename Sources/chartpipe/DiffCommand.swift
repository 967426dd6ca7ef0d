import ChartpipeChartText
import ChartpipeCore
import ChartpipeJSON
import ChartpipeText
import Foundation

/// `chartpipe diff OLD_OUT NEW_OUT`: what changed between two runs of one pipeline, chart by chart,
/// from the histories each run keeps — the same comparison a run makes with its baseline.
enum DiffCommand: Command {
    static let format = OptionSpec("format", value: "FORMAT", help: "{choices}: the changes in words, chart by chart, or one object with every chart's changes.",
                                   shape: .choice(["text", "json"]), default: "text")
    static let locale = OptionSpec("locale", value: "LOCALE", help: "The language of the text, such as en, ja, ko or zh-Hans.",
                                   defaultHelp: "from LC_ALL, LC_MESSAGES or LANG, else en")

    static let spec = CommandSpec(
        name: "diff", summary: "Print what changed between two runs of a pipeline (their output folders).",
        positionals: ["OLD_OUT", "NEW_OUT"],
        options: [format, locale],
        discussion: """
        Both folders must hold the output of the same pipeline (by name). Each chart of the newer run
        is compared with the same chart of the older one: new points, the latest value, new highs and
        lows, trends that started or stopped, new threshold crossings, revised values, series added
        or removed. The text says them in the sentences of the descriptions' 'changes' layer, with the
        chart's values, dates and units; it reads the pipeline file the newer run recorded (for
        titles, units and catalogs). JSON needs only the folders. Exit status 0, or 2 when a folder
        is not a run's output or the pipeline file cannot be read.
        """)

    static func run(_ parsed: ParsedArguments, arguments _: [String]) throws(UsageError) -> ExitStatus {
        let format = try parsed.value(Self.format) ?? ""
        let paths = parsed.positionals.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let old: BaselineSource, new: BaselineSource
        let newManifest: Manifest
        do {
            guard case let .success(bytes) = RegularFile.read(paths[1] + "/manifest.json"), let json = try? JSONParser.parse(bytes),
                  let manifest = Manifest(json: json) else {
                throw ChartError("there is no manifest.json chartpipe wrote here; name the output folder of a run", code: .compareNoManifest,
                                 at: SourceLocation(path: paths[1]))
            }
            newManifest = manifest
            old = try BaselineSource.folder(paths[0], pipeline: manifest.pipeline)
            new = try BaselineSource.folder(paths[1], pipeline: manifest.pipeline)
        } catch {
            Console.error("\(error)".replacingOccurrences(of: "--compare: ", with: ""))
            return .usage
        }
        var charts: [Compared] = []
        for record in newManifest.charts {
            guard let now = new.baseline(for: record.id) else { continue }
            guard let then = old.baseline(for: record.id) else {
                charts.append(Compared(id: record.id, status: "added", history: now.history, changes: []))
                continue
            }
            let changes = Comparison.changes(from: then.history, to: now.history)
            charts.append(Compared(id: record.id, status: changes.isEmpty ? "unchanged" : "changed", history: now.history, changes: changes))
        }
        let newIDs = Set(newManifest.charts.map(\.id))
        for id in old.chartIDs where !newIDs.contains(id) {
            charts.append(Compared(id: id, status: "removed", history: nil, changes: []))
        }
        guard format == "text" else {
            print(JSONWriter().string(.object([
                ("pipeline", .string(newManifest.pipeline)),
                ("old", .object([("generatedAt", .string(TimeText.iso8601(milliseconds: Double(old.generatedAt) * 1000)))])),
                ("new", .object([("generatedAt", .string(TimeText.iso8601(milliseconds: Double(newManifest.generatedAt) * 1000)))])),
                ("charts", .array(charts.map(\.json))),
            ])), terminator: "")
            return .success
        }
        // The words need the pipeline: titles, units, zones and its catalogs.
        guard let file = newManifest.pipelineFile else {
            Console.error("\(paths[1]): the run does not say which pipeline file it ran; use --format json")
            return .usage
        }
        let pipelinePath = URL(fileURLWithPath: paths[1]).appendingPathComponent(file.path).standardizedFileURL.path
        let spec: PipelineSpec
        let catalog: Catalog
        do {
            spec = try PipelineLoader(registry: Chartpipe.registry(forPipelineAt: pipelinePath), vocabulary: TextVocabulary()).load(path: pipelinePath)
            catalog = try Catalog.forRun(paths: spec.strings)
        } catch let error as PipelineErrors {
            for d in error.diagnostics { Console.error("\(d)") }
            Console.error("the text of diff needs the pipeline file the newer run recorded; use --format json")
            return .usage
        } catch {
            Console.error("\(pipelinePath): cannot load the string catalogs: \(error)")
            return .usage
        }
        let locale = parsed.given(Self.locale) ?? userLocale(ProcessInfo.processInfo.environment)
        print(TerminalText.safe(text(charts, spec: spec, catalog: catalog, locale: locale, from: old.generatedAt, to: newManifest.generatedAt)),
              terminator: "")
        return .success
    }

    /// One chart of the newer run (or one the newer run no longer has) against the older run.
    struct Compared {
        var id: String
        /// `changed`, `unchanged`, `added` (the older run did not have it) or `removed`.
        var status: String
        var history: ChartHistory?
        var changes: [Change]

        var json: JSONValue {
            let data = SeriesSet(xType: history?.xType ?? .number, categories: history?.categories ?? [])
            return .object([("id", .string(id)), ("status", .string(status)),
                            ("changes", .array(changes.map { $0.json { DataFile.x($0, data: data, zone: nil) } }))])
        }
    }

    /// The changes in words of `locale`: the two runs' dates, then each chart's title and its sentences.
    static func text(_ charts: [Compared], spec: PipelineSpec, catalog: Catalog, locale: String, from: Int64, to: Int64) -> String {
        let language = catalog.writtenLanguage(for: locale)
        var problems: [String] = []
        func date(_ seconds: Int64) -> TemplateArgument {
            .text(language.formats.date(millis: Double(seconds) * 1000, style: .yearMonthDayTime, zone: "UTC"))
        }
        var lines = [catalog.describing("diff.runs", locale: language.requested, [date(from), date(to)], problems: &problems), ""]
        let specs = Dictionary(spec.charts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for chart in charts {
            guard let spec = specs[chart.id], let history = chart.history else {
                lines += [chart.id, "- " + catalog.describing("diff.\(chart.status == "removed" ? "removed" : "unknown")", locale: language.requested, [],
                                                              problems: &problems), ""]
                continue
            }
            var words = ChangeSentences(chart: spec, history: history, language: language, catalog: catalog)
            lines.append(words.title)
            switch chart.status {
            case "added": lines.append("- " + catalog.describing("diff.added", locale: language.requested, [], problems: &problems))
            case "unchanged": lines.append("- " + catalog.describing("diff.unchanged", locale: language.requested, [], problems: &problems))
            default: lines += words.sentences(chart.changes).map { "- " + $0.text }
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// The user's locale from the environment, as POSIX names it (`ko_KR.UTF-8`) turned into a
    /// BCP 47 tag (`ko-KR`); `C`, `POSIX` or nothing is English.
    static func userLocale(_ environment: [String: String]) -> String {
        let name = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let tag = name.split(separator: ".").first.map(String.init)?.split(separator: "@").first.map(String.init) ?? ""
        guard !tag.isEmpty, tag != "C", tag != "POSIX" else { return "en" }
        return tag.replacingOccurrences(of: "_", with: "-")
    }
}
