import ChartpipeCore
import ChartpipeJSON
import Foundation

/// `chartpipe diff OLD_OUT NEW_OUT`: what changed between two runs of one pipeline, chart by chart,
/// from the histories each run keeps — the same comparison a run makes with its baseline.
enum DiffCommand {
    static let spec = CommandSpec(
        name: "diff", summary: "Print what changed between two runs of a pipeline (their output folders).",
        positionals: ["OLD_OUT", "NEW_OUT"],
        options: [
            OptionSpec(name: "format", value: "FORMAT", help: "'json' (default): one object with every chart's changes."),
        ],
        discussion: """
        Both folders must hold the output of the same pipeline (by name). Each chart of the newer run
        is compared with the same chart of the older one: new points, the latest value, new highs and
        lows, trends that started or stopped, new threshold crossings, revised values, series added
        or removed. Exit status 0, or 2 when a folder is not a run's output.
        """)

    static func run(_ parsed: ParsedArguments) throws(UsageError) -> Int32 {
        let format = parsed.value("format") ?? "json"
        guard format == "json" else { throw UsageError(message: "--format must be 'json', not '\(format)'", command: "diff") }
        let paths = parsed.positionals.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let old: BaselineSource, new: BaselineSource
        let newManifest: Manifest
        do {
            guard case let .success(bytes) = RegularFile.read(paths[1] + "/manifest.json"), let json = try? JSONParser.parse(bytes),
                  let manifest = Manifest(json: json) else {
                throw ChartError("there is no manifest.json chartpipe wrote here; name the output folder of a run", code: "compare.no-manifest",
                                 at: SourceLocation(path: paths[1]))
            }
            newManifest = manifest
            old = try BaselineSource.folder(paths[0], pipeline: manifest.pipeline)
            new = try BaselineSource.folder(paths[1], pipeline: manifest.pipeline)
        } catch {
            Console.error("\(error)".replacingOccurrences(of: "--compare: ", with: ""))
            return 2
        }
        var charts: [JSONValue] = []
        for record in newManifest.charts {
            guard let now = new.baseline(for: record.id) else { continue }
            guard let then = old.baseline(for: record.id) else {
                charts.append(.object([("id", .string(record.id)), ("status", "added"), ("changes", .array([]))]))
                continue
            }
            let changes = Comparison.changes(from: then.history, to: now.history)
            let data = SeriesSet(xType: now.history.xType, categories: now.history.categories)
            charts.append(.object([("id", .string(record.id)), ("status", .string(changes.isEmpty ? "unchanged" : "changed")),
                                   ("changes", .array(changes.map { $0.json { DataFile.x($0, data: data, zone: nil) } }))]))
        }
        let newIDs = Set(newManifest.charts.map(\.id))
        for id in old.chartIDs where !newIDs.contains(id) {
            charts.append(.object([("id", .string(id)), ("status", "removed"), ("changes", .array([]))]))
        }
        print(JSONWriter().string(.object([
            ("pipeline", .string(newManifest.pipeline)),
            ("old", .object([("generatedAt", .string(TimeText.iso8601(milliseconds: Double(old.generatedAt) * 1000)))])),
            ("new", .object([("generatedAt", .string(TimeText.iso8601(milliseconds: Double(newManifest.generatedAt) * 1000)))])),
            ("charts", .array(charts)),
        ])), terminator: "")
        return 0
    }
}
