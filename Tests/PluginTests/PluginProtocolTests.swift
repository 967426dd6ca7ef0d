import ChartpipeCore
import ChartpipeJSON
import Foundation
@testable import Plugin
import XCTest

/// The protocol's documents: requests and responses as they really are fit the committed schemas
/// (checked by an independent checker), every kind of note reaches the chart, and plugins are
/// found and described like built-in stages.
final class PluginProtocolTests: XCTestCase {
    func testSchemasAreNamed() {
        for name in PluginProtocol.schemaNames { XCTAssertNotNil(PluginProtocol.schema(named: name), name) }
        XCTAssertNil(PluginProtocol.schema(named: "pipeline"))
    }

    func testARealRequestFitsTheCommittedSchema() throws {
        let folder = try PluginFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stage = try PluginFixture.stage(["sh", PluginFixture.folder.appendingPathComponent("capture.sh").path, folder.path],
                                            ["options": .object([("level", 2)])], name: "capture")
        var context = PluginFixture.chart("request")
        try stage.run(&context)
        let bytes = try Data(contentsOf: folder.appendingPathComponent("request.json"))
        XCTAssertEqual(try SchemaCheck.problems(json: bytes, schema: "plugin-request"), [])
        let request = try JSONParser.parse(Array(bytes))
        XCTAssertEqual(PluginProtocol.requestShape.problems(in: request, name: "the request", path: "").map(\.message), [])
        XCTAssertEqual(bytes.last, 0x0A, "one line, ending with a newline")
        XCTAssertEqual(bytes.filter { $0 == 0x0A }.count, 1)
        XCTAssertEqual(request["protocol"], 1)
        XCTAssertEqual(request["options"], .object([("level", 2)]))
        XCTAssertEqual(request["locales"], ["en", "ko"])
        XCTAssertEqual(request["names"]?["ko"]?["series"], ["North", "South"])
        XCTAssertEqual(request["series"]?["full"]?.arrayValue?.first?["points"]?.arrayValue?.count, 21)
        XCTAssertEqual(request["series"]?["full"]?.arrayValue?.first?["points"]?.arrayValue?.first?["x"], "2026-06-01T00:00:00Z")
        XCTAssertEqual(request["trend"], .null, "trend did not run")
    }

    func testResponsesFitTheCommittedSchema() throws {
        let capture = try String(contentsOf: PluginFixture.folder.appendingPathComponent("capture.sh"), encoding: .utf8)
        let json = try XCTUnwrap(capture.components(separatedBy: "<<'JSON'\n").last?.components(separatedBy: "JSON\n").first)
        XCTAssertEqual(try SchemaCheck.problems(json: Data(json.utf8), schema: "plugin-response"), [])
        let broken = #"{"protocol": 1, "sentences": {"en": "not a list"}, "colour": "red"}"#
        XCTAssertEqual(try SchemaCheck.problems(json: Data(broken.utf8), schema: "plugin-response").count, 2)
        let description = #"{"protocol": 1, "name": "smooth", "summary": "S.", "mode": "persistent", "options": [{"name": "window", "type": "integer", "doc": "W.", "default": 3}]}"#
        XCTAssertEqual(try SchemaCheck.problems(json: Data(description.utf8), schema: "plugin-describe"), [])
    }

    func testEveryKindOfNoteReachesTheChart() throws {
        let folder = try PluginFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stage = try PluginFixture.stage(["sh", PluginFixture.folder.appendingPathComponent("capture.sh").path, folder.path], name: "capture")
        var context = PluginFixture.chart("notes")
        try stage.run(&context)
        let note = try XCTUnwrap(context[PluginNotesKey.self]?.first)
        XCTAssertEqual(note.plugin, "capture")
        XCTAssertEqual(note.sentences, ["en": ["North is highest on Mondays."], "ko": ["북부는 월요일에 가장 높습니다."]])
        XCTAssertEqual(note.annotations, [PluginPoint(series: 0, index: 2, x: context.data.series[0].x[2], y: 120,
                                                      text: ["en": "A Wednesday.", "ko": "수요일입니다."])])
        XCTAssertEqual(note.navigation.first?.name, "mondays")
        XCTAssertEqual(note.navigation.first?.entries.first?.y, 101)
        XCTAssertEqual(context.artifacts.map(\.path), ["capture/tables/weekday.csv", "capture/bytes.bin", "plugin.capture.json"])
        XCTAssertEqual(context.artifacts.map(\.kind), ["table", "plugin", "plugin-notes"])
        XCTAssertEqual(context.artifacts[1].bytes, [0, 1, 2])
        XCTAssertEqual(context.warnings.map(\.message), ["plugin 'capture': Two weeks are few."])
        let notes = try JSONParser.parse(context.artifacts[2].bytes)
        XCTAssertEqual(notes["annotations"]?.arrayValue?.first?["x"], "2026-06-03T00:00:00Z")
        XCTAssertEqual(notes["annotations"]?.arrayValue?.first?["series"], "North")
        XCTAssertEqual(notes["navigation"]?.arrayValue?.first?["entries"]?.arrayValue?.first?["label"]?["ko"], "6월 1일")
    }

    func testPluginsAreFoundBesideThePipelineThenOnPATH() throws {
        let path = try PluginFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: path) }
        for (name, summary) in [("smooth", "The one on PATH."), ("onpath", "Found on PATH.")] {
            let file = path.appendingPathComponent(PluginProvider.prefix + name)
            try "#!/bin/sh\necho '{\"protocol\": 1, \"name\": \"\(name)\", \"summary\": \"\(summary)\"}'\n".write(to: file, atomically: true, encoding: .utf8)
            chmod(file.path, 0o755)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = path.path + ":" + (environment["PATH"] ?? "")
        let found = PluginFixture.registrations(environment: environment)
        let names = found.map(\.name)
        XCTAssertEqual(names.first, "plugin")
        XCTAssertTrue(names.contains("onpath"))
        XCTAssertFalse(names.contains("notexec"), "a file that is not executable is no plugin")
        let smooth = try XCTUnwrap(found.first { $0.name == "smooth" })
        XCTAssertEqual(smooth.origin, PluginFixture.folder.appendingPathComponent("plugins/chartpipe-stage-smooth").path, "the pipeline's folder wins")
        XCTAssertEqual(smooth.description.options.map(\.name), ["window", "centre", "method", "timeout", "mode", "enabled", "responseLimit"])
        XCTAssertEqual(smooth.description.options[0].defaultValue, 3)
        XCTAssertEqual(smooth.description.needs, [Need(.series)])
        XCTAssertEqual(smooth.description.invalidates, [.trend, .descriptions, .audio], "it replaces the series")
        let broken = try XCTUnwrap(found.first { $0.name == "broken" })
        XCTAssertTrue(broken.description.summary.hasPrefix("Unusable plugin: chartpipe-stage-broken --describe exited with status 1"), broken.description.summary)
        XCTAssertTrue(broken.description.summary.contains("| broken: cannot describe myself"), broken.description.summary)
        XCTAssertThrowsError(try broken.make(StageOptions()))
    }

    func testAFoundPluginTakesItsOptionsLikeABuiltIn() throws {
        let smooth = try XCTUnwrap(PluginFixture.registrations().first { $0.name == "smooth" })
        let stage = try XCTUnwrap(try smooth.make(StageOptions(["window": 5, "timeout": 3])) as? ExternalStage)
        XCTAssertEqual(stage.pluginOptions, .object([("window", 5), ("centre", true), ("method", "mean")]), "defaults filled in, chartpipe's own left out")
        XCTAssertEqual(stage.timeout, 3)
        XCTAssertEqual(stage.mode, .persistent)
    }

    func testADescriptionOfAnotherVersionOrWithABadDefaultIsRefused() {
        XCTAssertThrowsError(try PluginDeclaration(reading: Array(#"{"protocol": 2, "name": "x", "summary": "X."}"#.utf8), plugin: "x")) { error in
            XCTAssertTrue("\(error)".contains("speaks protocol version 2, but this chartpipe speaks version 1"), "\(error)")
        }
        let badDefault = #"{"protocol": 1, "name": "x", "summary": "X.", "options": [{"name": "n", "type": "integer", "doc": "N.", "default": "three"}]}"#
        XCTAssertThrowsError(try PluginDeclaration(reading: Array(badDefault.utf8), plugin: "x")) { error in
            XCTAssertTrue("\(error)".contains("the default of option 'n' must be an integer"), "\(error)")
        }
        let unknownType = #"{"protocol": 1, "name": "x", "summary": "X.", "options": [{"name": "n", "type": "date", "doc": "N."}]}"#
        XCTAssertThrowsError(try PluginDeclaration(reading: Array(unknownType.utf8), plugin: "x")) { error in
            XCTAssertTrue("\(error)".contains("'type' must be one of"), "\(error)")
        }
    }
}
