import ChartpipeJSON
import ChartpipeTestSupport
import Foundation
import XCTest

/// Runs the built `chartpipe` binary, as users do.
enum Harness {
    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// Set CHARTPIPE_RECORD=1 to rewrite golden files instead of comparing (then read every diff).
    static var recording: Bool { Golden.recording }

    /// The binary beside the test bundle (or CHARTPIPE_BIN).
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["CHARTPIPE_BIN"] { return URL(fileURLWithPath: path) }
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [products, products.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("chartpipe")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return products.appendingPathComponent("chartpipe")
    }

    typealias Result = TestProcess.Result

    /// Runs chartpipe (or the copy at `executable`) with `arguments` in `directory`, with `environment` added.
    static func run(_ arguments: [String], in directory: URL = root, environment: [String: String] = [:],
                    executable: URL = binary) throws -> Result {
        try TestProcess.run(executable, arguments, in: directory, environment: environment)
    }

    /// Runs another program (found on PATH) in the repository's root, as `run` runs chartpipe.
    static func command(_ arguments: [String], in directory: URL = root) throws -> Result {
        try TestProcess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments, in: directory)
    }

    /// The demo (pipelines/weekly.pipeline, its data, strings and plugins) copied into `folder`, its
    /// output in `out` there, its stage entries edited as `editPipeline` does.
    static func copyDemo(into folder: URL, stages: [String: [(String, JSONValue)]] = [:]) throws {
        let data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        for name in ["sales.csv", "visits.json", "latency.csv", "battery.tsv"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent("pipelines/data/\(name)"), to: data.appendingPathComponent(name))
        }
        for name in ["weekly.xcstrings", "plugins"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent("pipelines/\(name)"), to: folder.appendingPathComponent(name))
        }
        let pipeline = folder.appendingPathComponent("weekly.pipeline")
        try FileManager.default.copyItem(at: root.appendingPathComponent("pipelines/weekly.pipeline"), to: pipeline)
        try editPipeline(pipeline, top: [("output", "out")], stages: stages)
    }

    /// Edits the pipeline file at `url` as JSON, not as text, so that a change of its layout cannot
    /// silently leave an edit undone: `top` sets members of the pipeline, `stages` options of the
    /// stage entries named by their `use` (`["sonify": [("duration", 2)]]`), `charts` members of the
    /// charts named by their `id`; every entry named must be there.
    static func editPipeline(_ url: URL, top: [(String, JSONValue)] = [], stages: [String: [(String, JSONValue)]] = [:],
                             charts: [String: [(String, JSONValue)]] = [:], file: StaticString = #filePath, line: UInt = #line) throws {
        guard case var .object(pipeline) = try JSONParser.parse(Array(try Data(contentsOf: url))) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        func set(_ members: inout [(String, JSONValue)], _ key: String, _ value: JSONValue) {
            if let i = members.firstIndex(where: { $0.0 == key }) { members[i].1 = value } else { members.append((key, value)) }
        }
        for (key, value) in top { set(&pipeline, key, value) }
        var edited = Set<String>()
        func edit(_ list: String, by name: String, _ edits: [String: [(String, JSONValue)]]) {
            guard let i = pipeline.firstIndex(where: { $0.0 == list }), case let .array(entries) = pipeline[i].1 else { return }
            pipeline[i].1 = .array(entries.map { entry in
                guard case var .object(members) = entry, let key = entry[name]?.stringValue, let changes = edits[key] else { return entry }
                for (member, value) in changes { set(&members, member, value) }
                edited.insert("\(list)/\(key)")
                return .object(members)
            })
        }
        edit("stages", by: "use", stages)
        edit("charts", by: "id", charts)
        XCTAssertEqual(edited, Set(stages.keys.map { "stages/\($0)" } + charts.keys.map { "charts/\($0)" }), "entries to edit",
                       file: file, line: line)
        try Data(JSONWriter().string(.object(pipeline)).utf8).write(to: url)
    }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("chartpipe-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Compares `actual` with the golden file at `url`, or records it.
    static func assertGolden(_ actual: String, _ url: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        try Golden.check(actual, url, file: file, line: line)
    }

    /// What the report stage saved in the run cache of the output folder `out` for `locale`: how
    /// many chart sections the page made from the charts' files, and how many it copied from the
    /// previous page.
    static func reportWork(in out: URL, _ locale: String) throws -> (made: Int?, copied: Int?) {
        let cache = try String(contentsOf: out.appendingPathComponent(".chartpipe-cache"), encoding: .utf8)
        let line = try XCTUnwrap(cache.split(separator: "\n").first { $0.hasPrefix("S [\"report\"") }, cache)
        let saved = try JSONParser.parse(Array(line.dropFirst(2).utf8)).arrayValue?.last?["saved"]?[locale]
        return (saved?["made"]?.intValue, saved?["copied"]?.intValue)
    }

    /// Every regular file below `folder` with its bytes, by relative path; but the run cache
    /// (`.chartpipe-cache`), which holds inode numbers and file times, so differs between two
    /// folders of the same bytes.
    static func files(in folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        guard let e = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return result }
        let base = folder.standardizedFileURL.path
        for case let url as URL in e where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            && !url.lastPathComponent.hasPrefix(".chartpipe-cache") {
            result[String(url.standardizedFileURL.path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
        }
        return result
    }
}
