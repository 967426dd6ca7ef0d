import Foundation
import XCTest

/// The command output that docs/ shows is what the binary prints: every line
/// `<!-- output: chartpipe ARGS -->` is followed by a ```text block holding the standard output of
/// `chartpipe ARGS`. CHARTPIPE_RECORD=1 rewrites the blocks (then read the diff).
final class DocumentationOutputTests: XCTestCase {
    private static let marker = "<!-- output: chartpipe "

    func testShownOutputIsWhatTheBinaryPrints() throws {
        let docs = Harness.root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        var shownCommands: Set<[String]> = []
        for name in names {
            let url = docs.appendingPathComponent(name)
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            var rewritten: [String] = []
            var i = 0
            while i < lines.count {
                let line = lines[i]
                rewritten.append(line)
                i += 1
                guard line.hasPrefix(Self.marker), line.hasSuffix(" -->") else { continue }
                let arguments = line.dropFirst(Self.marker.count).dropLast(" -->".count).split(separator: " ").map(String.init)
                guard i < lines.count, lines[i] == "```text", let close = lines[(i + 1)...].firstIndex(of: "```") else {
                    XCTFail("docs/\(name): '\(line)' must be followed by a ```text block")
                    continue
                }
                let shown = lines[(i + 1)..<close].joined(separator: "\n") + "\n"
                let result = try Harness.run(arguments)
                XCTAssertEqual(result.status, 0, "chartpipe \(arguments.joined(separator: " ")): \(result.stderr)")
                if !Harness.recording {
                    XCTAssertEqual(shown, result.stdout,
                                   "docs/\(name) shows other output for 'chartpipe \(arguments.joined(separator: " "))' (CHARTPIPE_RECORD=1 rewrites it; read the diff)")
                }
                let printed = result.stdout.hasSuffix("\n") ? String(result.stdout.dropLast()) : result.stdout
                rewritten.append("```text")
                rewritten += printed.components(separatedBy: "\n")
                rewritten.append("```")
                i = close + 1
                shownCommands.insert(arguments)
            }
            if Harness.recording {
                try rewritten.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            }
        }
        // Every command's help and every stage's options are shown somewhere in docs/.
        for command in try listed(["--help"], after: "Commands:") where command != "help" {
            XCTAssertTrue(shownCommands.contains(["help", command]), "docs/ shows no 'chartpipe help \(command)'")
        }
        for stage in try listed(["stages"], after: nil) {
            XCTAssertTrue(shownCommands.contains(["stages", stage]), "docs/ shows no 'chartpipe stages \(stage)'")
        }
    }

    /// The first word of each indented line of `chartpipe ARGS` (after the line `heading`, when given).
    private func listed(_ arguments: [String], after heading: String?) throws -> [String] {
        var lines = try Harness.run(arguments).stdout.components(separatedBy: "\n")
        if let heading, let start = lines.firstIndex(of: heading) { lines = Array(lines[(start + 1)...]) }
        let items = lines.prefix { !$0.isEmpty }.filter { $0.hasPrefix("  ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertFalse(items.isEmpty, "'chartpipe \(arguments.joined(separator: " "))' lists nothing")
        return items
    }
}
