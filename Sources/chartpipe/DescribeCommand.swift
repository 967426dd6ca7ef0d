import ChartpipeCore
import Foundation
import Ingest
import ChartpipeJSON

/// `chartpipe describe`: the description of one data file without a pipeline file, for newcomers
/// and one-off use. It runs ingest, downsample, trend and describe (and sonify for `--audio`).
enum DescribeCommand: Command {
    // The options that are keys of a pipeline's chart take their shape and default from it
    // (`PipelineShape`), so that `describe` accepts what a pipeline file does.
    static let x = OptionSpec("x", value: "FIELD", help: "Column (or JSON member) of x.")
    static let y = OptionSpec("y", value: "FIELD[,FIELD]", help: "Column(s) of y; several columns give one series each.")
    static let series = OptionSpec("series", value: "FIELD", help: "Column whose values name the series (long data).")
    static let records = OptionSpec("records", value: "POINTER", help: "JSON: pointer to the array of records, such as /data.",
                                    as: key("records", of: PipelineShape.source), defaultHelp: "the document")
    static let xType = OptionSpec("x-type", value: "TYPE", help: "{choices}.", as: key("type", of: PipelineShape.x),
                                  defaultHelp: "the first that reads the file")
    static let xUnit = OptionSpec("x-unit", value: "UNIT", help: "Unit of a number x: 'year' for calendar years, or a CLDR unit id.")
    static let format = OptionSpec("format", value: "PATTERN", help: "Time format such as 'yyyy/MM/dd'.", defaultHelp: "ISO 8601")
    static let zone = OptionSpec("zone", value: "ZONE", help: "IANA time zone of times without an offset.", as: key("zone", of: PipelineShape.x))
    static let ambiguous = OptionSpec("ambiguous", value: "POLICY", help: "A time repeated when daylight saving ends: {choices}.",
                                      as: key("ambiguous", of: PipelineShape.x))
    static let nonexistent = OptionSpec("nonexistent", value: "POLICY", help: "A time skipped when daylight saving starts: {choices}.",
                                        as: key("nonexistent", of: PipelineShape.x))
    static let delimiter = OptionSpec("delimiter", value: "C", help: "CSV: the field delimiter, one character, or 'tab'.", defaultHelp: "',', TSV: tab")
    static let decimal = OptionSpec("decimal", value: "C", help: "CSV: the decimal separator, {choices}.", as: key("decimal", of: PipelineShape.source))
    static let thousands = OptionSpec("thousands", value: "C", help: "CSV: the thousands separator, {choices}.",
                                      as: key("thousands", of: PipelineShape.source))
    static let locale = OptionSpec("locale", value: "L", help: "Language of the description.", default: "en")
    static let unit = OptionSpec("unit", value: "UNIT", help: "Unit of y: 'USD', 'percent', 'duration-minute'…")
    static let title = OptionSpec("title", value: "TEXT", help: "Chart title.", defaultHelp: "the file's name")
    static let xTitle = OptionSpec("x-title", value: "TEXT", help: "What x is, as a pipeline's x.title.", defaultHelp: "its field")
    static let yTitle = OptionSpec("y-title", value: "TEXT", help: "What y is, as a pipeline's y.title.", defaultHelp: "its field")
    static let mark = OptionSpec("mark", value: "MARK", help: "{choices}.",
                                 as: PipelineShape.chartFields.first { $0.name == "mark" } ?? Field("mark", .string(), doc: ""))
    static let audio = OptionSpec("audio", value: "FILE", help: "Also write the audio graph to FILE (.wav, .mp3, .flac or .ogg).")

    /// The key `name` of a pipeline's object key `parent` (`x.zone`).
    static func key(_ name: String, of parent: Field) -> Field {
        parent.shape.fields.first { $0.name == name } ?? Field(name, .string(), doc: "")
    }

    static let spec = CommandSpec(
        name: "describe", summary: "Print the description of one data file (no pipeline file needed).",
        positionals: ["DATA"],
        options: [x, y, series, records, xType, xUnit, format, zone, ambiguous, nonexistent, delimiter, decimal, thousands, locale, unit, title,
                  xTitle, yTitle, mark, audio],
        discussion: """
        Examples:
          chartpipe describe pipelines/data/sales.csv --x date --y revenue --series region --unit USD --locale ko
          chartpipe describe umsatz.csv --x Datum --format dd.MM.yyyy --y Betrag --delimiter ';' --decimal , --thousands . --unit EUR

        The file's format comes from its extension (.csv, .tsv, .json, .jsonl). Rows with the same x
        are an error here as in pipelines: aggregate them with a pipeline's 'aggregate' stage. A
        wall-clock time repeated when daylight saving ends is two instants, by order (--ambiguous).
        """)

    static func run(_ parsed: ParsedArguments, arguments _: [String]) throws(UsageError) -> ExitStatus {
        let path = parsed.positionals[0]
        guard let x = parsed.given(Self.x), let yText = parsed.given(Self.y) else {
            throw UsageError(message: "'describe' needs --x and --y, such as --x date --y revenue", command: "describe")
        }
        let ys = yText.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let ext = (path as NSString).pathExtension.lowercased()
        guard let format = SourceSpec.Format(rawValue: ext) else {
            throw UsageError(message: "cannot tell the format of '\(path)' from its extension; use a .csv, .tsv, .json or .jsonl file", command: "describe")
        }
        let types: [XType]
        if let t = try parsed.value(Self.xType), let type = XType(rawValue: t) {
            types = [type]
        } else {
            // Options only time x has imply it, as in pipeline files.
            let timeOnly = [Self.format, Self.ambiguous, Self.nonexistent].contains { parsed.given($0) != nil }
            types = timeOnly ? [.time] : [.time, .number, .category]
        }
        let mark = try parsed.value(Self.mark).flatMap(Mark.init(rawValue:)) ?? .line
        let zone = try parsed.value(Self.zone) ?? "UTC"
        if TimeZone(identifier: zone) == nil {
            throw UsageError(message: "--zone: '\(zone)' is not an IANA time zone\(Suggestion.didYouMean(zone, in: TimeZone.knownTimeZoneIdentifiers))", command: "describe")
        }
        if let unit = parsed.given(Self.unit), let problem = TextVocabulary().unitProblem(unit) {
            throw UsageError(message: "--unit: \(problem)", command: "describe")
        }
        // As a pipeline's `x.unit`: years read as years ("1700년", "1700年"), a CLDR unit with its name.
        if let unit = parsed.given(Self.xUnit), unit != XSpec.yearUnit, let problem = TextVocabulary().unitProblem(unit) {
            throw UsageError(message: "--x-unit: \(problem)", command: "describe")
        }
        let ambiguous = try parsed.value(Self.ambiguous).flatMap(AmbiguousTime.init(rawValue:)) ?? .order
        let nonexistent = try parsed.value(Self.nonexistent).flatMap(NonexistentTime.init(rawValue:)) ?? .error
        let source = try sourceOptions(parsed, format: format)
        let locale = try parsed.value(Self.locale) ?? "en"
        if let problem = LocaleIDs.problem(locale, preferring: TextVocabulary().writableLocales(catalogs: []))
            ?? TextVocabulary().localeProblem(locale, catalogs: []) {
            throw UsageError(message: "--locale: \(problem)", command: "describe")
        }
        let audio = parsed.given(Self.audio)
        let audioFormat = audio.map { ($0 as NSString).pathExtension.lowercased() }
        if let audioFormat, !["wav", "mp3", "flac", "ogg"].contains(audioFormat) {
            throw UsageError(message: "--audio: use a .wav, .mp3, .flac or .ogg file name", command: "describe")
        }
        // Built-in stages only: no plugin is asked to describe itself for a one-off description.
        let registry = Chartpipe.registry(discover: false)
        for name in ["ingest", "downsample", "trend", "describe"] + (audio == nil ? [] : ["sonify"]) where registry.registration(named: name) == nil {
            Console.error("chartpipe: error: stage '\(name)' is not available in this build")
            return .failure
        }

        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let records = try parsed.value(Self.records) ?? ""
        var lastError: ChartError?
        for type in types {
            let chart = ChartSpec(
                id: "describe", title: parsed.given(Self.title) ?? ((path as NSString).lastPathComponent as NSString).deletingPathExtension,
                mark: mark, source: SourceSpec(path: absolute, displayPath: path, format: format, delimiter: source.delimiter,
                                               records: records, decimal: source.decimal, thousands: source.thousands),
                x: XSpec(field: x, type: type, title: parsed.given(Self.xTitle), format: parsed.given(Self.format), zone: zone, unit: parsed.given(Self.xUnit),
                         ambiguous: ambiguous, nonexistent: nonexistent),
                y: YSpec(fields: ys, isWide: ys.count > 1, title: parsed.given(Self.yTitle), unit: parsed.given(Self.unit)),
                seriesField: parsed.given(Self.series), location: SourceLocation(path: path))
            // The x type is the first that reads the first record's x; past that, every error is
            // the file's (a bad date in row 40 is reported, not read as a category).
            if types.count > 1, type != types.last, !readsFirstX(chart, registry: registry) { continue }
            do {
                let context = try describe(chart, locale: locale, audio: audioFormat, registry: registry)
                guard let d = context[DescriptionsKey.self]?[locale] else { return .failure }
                var text = d.title + "\n\n" + d.summary + "\n\n"
                text += d.axes.map(\.text).joined(separator: "\n") + "\n"
                if !d.statistics.isEmpty { text += "\n" + d.statistics.joined(separator: "\n") + "\n" }
                print(TerminalText.safe(text), terminator: "")
                if let audio, let bytes = context.artifacts.first(where: { $0.path == "audio.\(audioFormat ?? "")" })?.bytes {
                    do {
                        try Data(bytes).write(to: URL(fileURLWithPath: audio), options: .atomic)
                    } catch {
                        Console.error("\(audio): error: cannot write: \(FileProblem.reason(error))")
                        return .failure
                    }
                }
                for w in context.warnings { Console.error(w.description) }
                return .success
            } catch {
                lastError = error
                break
            }
        }
        Console.error(Self.advice(lastError?.description ?? "\(path): error: cannot describe this file",
                                  seriesGiven: parsed.given(Self.series) != nil))
        return .failure
    }

    /// A message of the pipeline's stages with the advice this command can follow: its options,
    /// not the pipeline's keys (`--delimiter ';'`, not `"delimiter": ";"`), and no aggregate stage,
    /// which `describe` has not; rows with the same x are long data without `--series`.
    static func advice(_ message: String, seriesGiven: Bool) -> String {
        var text = message
        let key = /"(delimiter|decimal|thousands)": "([^"]+)"/
        if text.contains(key) {
            text = text.replacing(key) { match in "--\(match.1) '\(match.2 == "\\t" ? "tab" : String(match.2))'" }
            text = text.replacingOccurrences(of: " in the source", with: "").replacingOccurrences(of: "set --", with: "add --")
        }
        let aggregate = "add { \"use\": \"aggregate\" } after 'ingest' to combine rows with the same x"
        let instead = seriesGiven
            ? "describe reads one row per x in each series: combine the rows first, or describe them in a pipeline with an aggregate stage"
            : "if a column tells the rows apart (long data), name it with --series; else combine the rows first, or describe them in a pipeline with an aggregate stage"
        return text.replacingOccurrences(of: aggregate, with: instead)
    }

    /// `--delimiter`, `--decimal` and `--thousands`, checked as the pipeline's source keys are.
    static func sourceOptions(_ parsed: ParsedArguments, format: SourceSpec.Format) throws(UsageError)
        -> (delimiter: UInt8?, decimal: UInt8, thousands: UInt8?) {
        let csv = format == .csv || format == .tsv
        for option in [Self.delimiter, Self.decimal, Self.thousands] where !csv && parsed.given(option) != nil {
            throw UsageError(message: "--\(option.name) applies to CSV and TSV files only", command: "describe")
        }
        var delimiter: UInt8?
        if let text = parsed.given(Self.delimiter) {
            let byte = text == "tab" || text == "\\t" ? 0x09 : text.utf8.count == 1 ? text.utf8.first : nil
            guard let byte, byte < 0x80, byte != 0x0A, byte != 0x0D, byte != UInt8(ascii: "\"") else {
                throw UsageError(message: "--delimiter must be one ASCII character other than a quote or a line break (or 'tab'), not '\(text)'", command: "describe")
            }
            delimiter = byte
        }
        let decimalText = try parsed.value(Self.decimal) ?? "."
        let thousandsText = try parsed.value(Self.thousands) ?? "none"
        let decimal = decimalText.utf8.first ?? UInt8(ascii: ".")
        let thousands = thousandsText == "none" ? nil : thousandsText.utf8.first
        if thousands == decimal {
            throw UsageError(message: "--thousands and --decimal must differ", command: "describe")
        }
        if decimal == UInt8(ascii: ","), (delimiter ?? (format == .tsv ? 0x09 : UInt8(ascii: ","))) == UInt8(ascii: ",") {
            throw UsageError(message: "with --decimal ',' the fields cannot be separated by commas too; add --delimiter ';' (as European CSV does)", command: "describe")
        }
        return (delimiter, decimal, thousands)
    }

    /// Whether the chart's x type reads the x of the file's first record: the registry's ingest,
    /// one record at a time, so that only the first is read.
    static func readsFirstX(_ chart: ChartSpec, registry: StageRegistry) -> Bool {
        do {
            guard var ingest = try registry.registration(named: "ingest")?.make(StageOptions([:])) as? Ingest else { return true }
            ingest.batchSize = 1
            _ = try ingest.open(chart: chart).next()
            return true
        } catch let error as ChartError {
            return error.field != chart.x.field
        } catch {
            return true
        }
    }

    /// The chart's context after ingest, downsample, trend, describe (and sonify for `--audio`):
    /// the pipeline's own chart execution, with a chain written here instead of in a file.
    static func describe(_ chart: ChartSpec, locale: String, audio: String?, registry: StageRegistry) throws(ChartError) -> ChartContext {
        var chain: [(String, [String: JSONValue])] = [("ingest", [:]), ("downsample", [:]), ("trend", [:]), ("describe", [:])]
        if let audio { chain.append(("sonify", ["formats": .array([.string(audio)]), "cues": false])) }
        var steps: [ChartExecution.Step] = []
        for (i, (name, options)) in chain.enumerated() {
            guard let registration = registry.registration(named: name) else {
                throw ChartError("stage '\(name)' is not available in this build", code: .describeUnavailableStage)
            }
            let entry = StageEntry(name: name, options: options, location: chart.location, pointer: "/stages/\(i)")
            steps.append(ChartExecution.Step(entry: entry, registration: registration))
        }
        let execution = ChartExecution(steps: steps, run: RunInfo(locales: [locale], pipelineDirectory: ".", pipelineName: "describe"),
                                       cancellation: Cancellation())
        do {
            return try execution.context(for: chart)
        } catch let error as ChartError {
            throw error
        } catch {
            throw ChartError("\(error)", code: .describeFailed, at: SourceLocation(path: chart.source.displayPath))
        }
    }
}
