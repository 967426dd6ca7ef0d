import ChartpipeCore
import Foundation
import XCTest

/// A command's option declarations drive its help, its defaults and the check of its values, and
/// `describe`'s flags take their choices and defaults from the pipeline keys they stand for.
final class CommandDeclarationTests: XCTestCase {
    /// The help line of `--name` in `help`.
    func line(_ name: String, in help: String) -> String? {
        help.split(separator: "\n").map(String.init).first { $0.hasPrefix("  --\(name) ") }
    }

    /// The choices of a pipeline key as help lists them: "'a' (default), 'b' or 'c'".
    func listed(_ field: Field) -> String {
        guard case let .choice(values) = field.shape else { return "" }
        let marked = values.map { "'\($0)'" + ($0 == field.defaultValue?.stringValue ? " (default)" : "") }
        return marked.dropLast().joined(separator: ", ") + " or " + (marked.last ?? "")
    }

    func key(_ name: String, of parent: Field) throws -> Field {
        try XCTUnwrap(parent.shape.fields.first { $0.name == name }, name)
    }

    func testDescribeHelpListsThePipelineKeysChoicesAndDefaults() throws {
        let help = try Harness.run(["help", "describe"]).stdout
        let keys: [(String, Field)] = [
            ("x-type", try key("type", of: PipelineShape.x)), ("ambiguous", try key("ambiguous", of: PipelineShape.x)),
            ("nonexistent", try key("nonexistent", of: PipelineShape.x)), ("decimal", try key("decimal", of: PipelineShape.source)),
            ("thousands", try key("thousands", of: PipelineShape.source)),
            ("mark", try XCTUnwrap(PipelineShape.chartFields.first { $0.name == "mark" })),
        ]
        for (option, field) in keys {
            let text = try XCTUnwrap(line(option, in: help), option)
            XCTAssertTrue(text.contains(listed(field)), "\(option): \(text) should list \(listed(field))")
        }
        let zone = try XCTUnwrap(try key("zone", of: PipelineShape.x).defaultValue?.stringValue)
        XCTAssertEqual(line("zone", in: help)?.hasSuffix("(default '\(zone)')."), true, line("zone", in: help) ?? "")
    }

    func testEveryDeclaredDefaultIsShownTheSameWay() throws {
        let cases: [([String], String, String)] = [
            (["help", "run"], "log-format", "'text' (default) or 'json'"),
            (["help", "run"], "jobs", "(default: the number of processors)."),
            (["help", "merge"], "log-format", "'text' (default) or 'json'"),
            (["help", "diff"], "format", "'text' (default) or 'json'"),
            (["help", "describe"], "locale", "(default 'en')."),
            (["strings", "export", "--help"], "format", "'xliff' (default) or 'po'."),
            (["plugin", "new", "--help"], "language", "'python' (default) or 'swift'"),
            (["plugin", "new", "--help"], "in", "(default: the current folder)."),
        ]
        for (arguments, option, shown) in cases {
            let help = try Harness.run(arguments).stdout
            XCTAssertEqual(line(option, in: help)?.contains(shown), true, "\(arguments) --\(option): \(line(option, in: help) ?? "none")")
        }
    }

    /// A value outside a declaration's choices is refused with the choices the help lists, by
    /// every command that declares one; `describe` refuses what the pipeline key refuses.
    func testChoicesAreCheckedFromTheDeclaration() throws {
        let data = Harness.fixtures.appendingPathComponent("nonexistent-data.csv").path
        // Where a skeleton would go if the language were not checked: never the fixtures.
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [([String], String, String)] = [
            (["run", "p.pipeline"], "log-format", "'text' or 'json'"),
            (["merge", "out"], "log-format", "'text' or 'json'"),
            (["diff", "a", "b"], "format", "'text' or 'json'"),
            (["describe", data, "--x", "d", "--y", "v"], "ambiguous", listed(try key("ambiguous", of: PipelineShape.x)).replacingOccurrences(of: " (default)", with: "")),
            (["describe", data, "--x", "d", "--y", "v"], "x-type", "'time', 'number' or 'category'"),
            (["describe", data, "--x", "d", "--y", "v"], "mark", "'line', 'area', 'bar' or 'point'"),
            (["strings", "export", "c.xcstrings", "--locale", "ko"], "format", "'xliff' or 'po'"),
            (["plugin", "new", "toy", "--in", folder.path], "language", "'python' or 'swift'"),
        ]
        for (arguments, option, choices) in cases {
            let result = try Harness.run(arguments + ["--\(option)", "bogus"], in: Harness.fixtures)
            XCTAssertEqual(result.status, 2, "\(arguments) --\(option)")
            XCTAssertEqual(result.stderr.split(separator: "\n").first.map(String.init),
                           "chartpipe: error: --\(option) must be \(choices), not 'bogus'", "\(arguments) --\(option)")
        }
    }

    /// The overview lists the commands in the order of the one list dispatch reads, and each
    /// command it lists answers `--help` with its own usage.
    func testTheOverviewIsTheCommandList() throws {
        let overview = try Harness.run(["--help"]).stdout
        let listed = overview.components(separatedBy: "Commands:\n").last?.components(separatedBy: "\n\n").first ?? ""
        let names = listed.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertEqual(names, ["run", "merge", "diff", "validate", "stages", "describe", "strings", "plugin", "schema", "help"])
        for name in names {
            XCTAssertTrue(try Harness.run([name, "--help"]).stdout.contains("Usage: chartpipe \(name)"), name)
        }
    }
}
