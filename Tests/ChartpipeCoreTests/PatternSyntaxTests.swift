import BuiltinStages
@testable import ChartpipeCore
import ChartpipeJSON
import Foundation
import XCTest

/// The JSON Schema's patterns are read by editors with ECMA-262 regular expressions: every pattern
/// of every declaration must compile there and match exactly what Swift's `Regex` matches.
/// The check runs a real ECMA engine (Node.js, which `make test` installs when missing).
final class PatternSyntaxTests: XCTestCase {
    static let samples = ["", "a", "daily-sales", "Daily", "x\ny", " ", "\t", "\n", "\u{7F}", "\u{80}", "é", "ab cd", "-1", "0",
                          "USD", "usd", "percent", "duration-minute", "en", "zh-Hans", "ko-KR", "x-", "/data/items", "/", "\u{0}",
                          "1", "a/b", "\u{1}", ",", ";", "\"", String(repeating: "a", count: 101)]

    func testEveryPatternReadsTheSameInECMAScript() throws {
        var patterns = Set<String>()
        for field in PipelineShape.pipelineFields + PipelineShape.chartFields { patterns.formUnion(field.shape.patterns) }
        for d in StageRegistry(BuiltinStages.all.stages).descriptions { for f in d.options { patterns.formUnion(f.shape.patterns) } }
        patterns.insert(PipelineShape.idPattern)
        let cases: [JSONValue] = patterns.sorted().map { p in
            .object([("pattern", .string(p)),
                     ("swift", .array(Self.samples.map { s in
                         if case let .success(m) = Patterns.wholeMatch(p, s) { return .bool(m) }
                         return .null
                     }))])
        }
        let input = JSONWriter(pretty: false).string(.object([("samples", .array(Self.samples.map { .string($0) })), ("cases", .array(cases))]))
        let script = """
        const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
        const out = [];
        for (const c of input.cases) {
          let re;
          try { re = new RegExp('^(?:' + c.pattern + ')$', 'u'); } catch (e) { out.push(c.pattern + ': ' + e.message); continue; }
          input.samples.forEach((s, i) => { if (re.test(s) !== c.swift[i]) out.push(c.pattern + ' on ' + JSON.stringify(s) + ': ECMAScript ' + re.test(s) + ', Swift ' + c.swift[i]); });
        }
        console.log(JSON.stringify(out));
        """
        let node = Process()
        node.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        node.arguments = ["node", "-e", script]
        let stdin = Pipe(), stdout = Pipe()
        node.standardInput = stdin
        node.standardOutput = stdout
        try node.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        node.waitUntilExit()
        XCTAssertEqual(node.terminationStatus, 0, "node must be installed: make test installs it")
        let problems = try JSONParser.parse(Array(output)).arrayValue?.compactMap(\.stringValue)
        XCTAssertEqual(problems, [])
        XCTAssertGreaterThan(patterns.count, 5)
    }
}
