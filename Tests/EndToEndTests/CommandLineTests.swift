import ChartpipeJSON
import Foundation
import XCTest

/// The command line itself: help, version, usage errors with "did you mean".
final class CommandLineTests: XCTestCase {
    func testVersion() throws {
        let result = try Harness.run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "chartpipe 0.1.0\n")
    }

    func testHelpListsEveryCommand() throws {
        let result = try Harness.run(["--help"])
        XCTAssertEqual(result.status, 0)
        for command in ["run", "validate", "stages", "describe", "strings", "schema", "help"] {
            XCTAssertTrue(result.stdout.contains("\n  \(command) "), command)
        }
        XCTAssertEqual(try Harness.run([]).stdout, result.stdout)
    }

    func testEveryCommandHasHelp() throws {
        for command in ["run", "validate", "stages", "describe", "strings", "schema", "help"] {
            let a = try Harness.run([command, "--help"])
            let b = try Harness.run(["help", command])
            XCTAssertEqual(a.status, 0, command)
            XCTAssertTrue(a.stdout.contains("Usage: chartpipe \(command)"), command)
            XCTAssertEqual(a.stdout, b.stdout, command)
        }
        let run = try Harness.run(["help", "run"])
        for option in ["--out DIR", "--jobs N", "--locales L,L", "--only ID,ID", "--fail-fast", "--no-progress", "--log-format FORMAT", "--quiet"] {
            XCTAssertTrue(run.stdout.contains(option), option)
        }
    }

    func testUnknownCommandSuggestsTheClosest() throws {
        let result = try Harness.run(["valdiate", "x.pipeline"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "chartpipe: error: unknown command 'valdiate'; did you mean 'validate'?\nRun 'chartpipe --help' for the commands.\n")
    }

    func testUnknownOptionSuggestsTheClosest() throws {
        let result = try Harness.run(["run", "x.pipeline", "--jbos", "2"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "chartpipe: error: unknown option '--jbos' for 'chartpipe run'; did you mean '--jobs'?\nRun 'chartpipe help run' for its usage.\n")
    }

    func testBadOptionValues() throws {
        let cases: [([String], String)] = [
            (["run", "p.pipeline", "--jobs", "0"], "--jobs must be a whole number of at least 1, not '0'"),
            (["run", "p.pipeline", "--log-format", "xml"], "--log-format must be 'text' or 'json', not 'xml'"),
            (["run", "p.pipeline", "--out"], "option '--out' needs a value (DIR)"),
            (["run", "p.pipeline", "--quiet=yes"], "option '--quiet' takes no value"),
            (["run"], "missing PIPELINE for 'chartpipe run'"),
            (["validate", "a", "b"], "unexpected argument 'b' for 'chartpipe validate'"),
            (["stages", "downsampel"], "unknown stage 'downsampel'; did you mean 'downsample'?"),
            (["run", "../../../pipelines/weekly.pipeline", "--only", "daily-sale"], "--only: no chart 'daily-sale' in ../../../pipelines/weekly.pipeline; did you mean 'daily-sales'?"),
            (["run", "../../../pipelines/weekly.pipeline", "--locales", "Korean"], "--locales: 'Korean' is not a language tag such as 'en', 'zh-Hans' or 'ko'"),
        ]
        for (arguments, message) in cases {
            let result = try Harness.run(arguments, in: Harness.fixtures)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(result.stderr.split(separator: "\n").first.map(String.init), "chartpipe: error: \(message)", arguments.joined(separator: " "))
        }
    }

    func testStagesDescribesEveryStage() throws {
        let list = try Harness.run(["stages"])
        XCTAssertEqual(list.status, 0)
        for stage in ["ingest", "aggregate", "downsample", "trend", "describe", "sonify", "table", "report", "plugin"] {
            XCTAssertTrue(list.stdout.contains("  \(stage) "), stage)
            let one = try Harness.run(["stages", stage])
            XCTAssertEqual(one.status, 0, stage)
            XCTAssertTrue(one.stdout.hasPrefix("\(stage): "), stage)
        }
        let downsample = try Harness.run(["stages", "downsample"]).stdout
        XCTAssertTrue(downsample.contains("points  an integer of at least 20; default 60"), downsample)
    }

    /// Issue 11: the overview listed the exit statuses 0, 1, 2 and 130 only, while `run` also exits
    /// 3 (--fail-on-change) and 4 (disk full). It names every status of docs/commands.md's table.
    func testTheOverviewNamesEveryExitStatus() throws {
        let docs = try String(contentsOf: Harness.root.appendingPathComponent("docs/commands.md"), encoding: .utf8)
        let section = try XCTUnwrap(docs.components(separatedBy: "## Exit status").dropFirst().first)
        let statuses = section.components(separatedBy: "\n").prefix { !$0.hasPrefix("## ") }
            .compactMap { $0.wholeMatch(of: /\| (\d+) \|.*/).map { String($0.1) } }
        XCTAssertEqual(statuses, ["0", "1", "2", "3", "4", "130"])
        let help = try Harness.run(["--help"]).stdout
        let overview = try XCTUnwrap(help.components(separatedBy: "Exit status: ").last).replacingOccurrences(of: "\n", with: " ")
        for status in statuses {
            XCTAssertNotNil(overview.firstMatch(of: try Regex("(^|; )\(status) ")), "the overview does not name exit status \(status): \(overview)")
        }
    }

    /// schema/NAME.schema.json is what `chartpipe schema NAME` prints; `make schema` regenerates
    /// them when stages or the plugin protocol change.
    func testCommittedSchemasAreUpToDate() throws {
        for name in ["pipeline", "plugin-describe", "plugin-request", "plugin-response"] {
            let result = try Harness.run(["schema", name])
            XCTAssertEqual(result.status, 0, name)
            let committed = Harness.root.appendingPathComponent("schema/\(name).schema.json")
            try Harness.assertGolden(result.stdout, committed)
            let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            XCTAssertEqual(parsed?["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema")
        }
        XCTAssertEqual(try Harness.run(["schema"]).stdout, try Harness.run(["schema", "pipeline"]).stdout)
        XCTAssertEqual(try Harness.run(["schema", "plugin-respons"]).status, 2)
    }

    /// Issue 11: the published schema was invalid JSON (a duplicate `required` key) that lenient
    /// parsers read without a word. Every committed schema parses with duplicate keys rejected at
    /// every depth (jansson's JSON_REJECT_DUPLICATES, through ChartpipeJSON), as strict validators do.
    func testCommittedSchemasParseWithDuplicateKeysRejected() throws {
        // The parser does reject them, nested too: the check below is not vacuous.
        XCTAssertThrowsError(try JSONParser.parse(Array(#"{"required": [], "required": ["a"]}"#.utf8)))
        XCTAssertThrowsError(try JSONParser.parse(Array(#"{"properties": {"a": {"required": [], "type": "object", "required": []}}}"#.utf8)))
        let folder = Harness.root.appendingPathComponent("schema")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".schema.json") }.sorted()
        XCTAssertEqual(names, ["pipeline", "plugin-describe", "plugin-request", "plugin-response"].map { $0 + ".schema.json" })
        for name in names {
            let bytes = try Array(Data(contentsOf: folder.appendingPathComponent(name)))
            XCTAssertNoThrow(try JSONParser.parse(bytes), name)
        }
    }
}
