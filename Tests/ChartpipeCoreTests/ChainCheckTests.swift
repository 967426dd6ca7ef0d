import BuiltinStages
@testable import ChartpipeCore
import ChartpipeJSON
import XCTest

/// Test doubles for the chain check: a source, a stage that labels points, one that reduces them
/// (making labels stale), one that speaks the labels unless told to stay quiet, and one that may repeat.
private struct Source: SourceStage {
    static let description = StageDescription(name: "source", summary: "reads", adds: [.series])
    init(options: StageOptions) {}
    func open(chart: ChartSpec) throws -> any ObservationStream { try LineStream(path: chart.source.path, display: chart.source.displayPath) }
}

private struct Label: ChartStage {
    static let description = StageDescription(name: "label", summary: "labels points", needs: [Need(.series)], adds: ["labels"])
    init(options: StageOptions) {}
    func run(_ context: inout ChartContext) throws {}
}

private struct Reduce: ChartStage {
    static let description = StageDescription(name: "reduce", summary: "drops points", needs: [Need(.series)],
                                              invalidates: ["labels"])
    init(options: StageOptions) {}
    func run(_ context: inout ChartContext) throws {}
}

private struct Speak: ChartStage {
    static let quiet = Option<Bool>("quiet", doc: "say nothing", default: false)
    static let description = StageDescription(name: "speak", summary: "speaks labels", options: [quiet],
                                              needs: [Need(.series), Need("labels", unless: "quiet", is: true)])
    init(options: StageOptions) throws { _ = try options.value(Self.quiet) }
    func run(_ context: inout ChartContext) throws {}
}

private struct Note: ChartStage {
    static let word = Option<String>("word", doc: "a word", default: "x")
    static let description = StageDescription(name: "note", summary: "may repeat", options: [word], needs: [Need(.series)],
                                              mayRepeat: true)
    let word: String
    init(options: StageOptions) throws { word = try options.value(Self.word) }
    func run(_ context: inout ChartContext) throws {
        context.emit(Artifact(path: "note-\(word).txt", kind: "note", bytes: Array(word.utf8)))
    }
}

final class ChainCheckTests: XCTestCase {
    let registry = StageRegistry([StageRegistration(Source.self), StageRegistration(Label.self), StageRegistration(Reduce.self),
                                  StageRegistration(Speak.self), StageRegistration(Note.self)])

    func messages(_ stages: String, charts: String? = nil) -> [String] {
        let chartList = charts ?? #"[ { "id": "a", "title": "A", "source": { "path": "a.csv" }, "x": { "field": "x" }, "y": { "field": "y" } } ]"#
        let text = #"{ "version": 1, "name": "t", "stages": \#(stages), "charts": \#(chartList) }"#
        do {
            _ = try PipelineLoader(registry: registry).load(bytes: Array(text.utf8), path: "t.pipeline", directory: "/")
            return []
        } catch let error as PipelineErrors {
            return error.diagnostics.map(\.message)
        } catch {
            return ["\(error)"]
        }
    }

    /// A data stage after the stage whose output it changes makes that output stale: validation
    /// says so, with the fix, instead of every chart failing at run time.
    func testAStageThatRunsAfterWhatItInvalidatesIsAnError() {
        XCTAssertEqual(messages(#"[ {"use": "source"}, {"use": "label"}, {"use": "reduce"}, {"use": "speak"} ]"#), [
            "stage 'speak' needs 'labels', which 'reduce' makes stale by running after 'label'; move { \"use\": \"reduce\" } before { \"use\": \"label\" }",
        ])
        XCTAssertEqual(messages(#"[ {"use": "source"}, {"use": "reduce"}, {"use": "label"}, {"use": "speak"} ]"#), [])
        // Labelling again after the reduction makes them fresh.
        XCTAssertEqual(messages(#"[ {"use": "source"}, {"use": "label"}, {"use": "reduce"}, {"use": "label"}, {"use": "speak"} ]"#),
                       ["stage 'label' is listed twice; list each stage once"])
    }

    /// What a stage needs depends on its options, in the pipeline's entry and in a chart's own.
    func testNeedsFollowTheOptions() {
        XCTAssertEqual(messages(#"[ {"use": "source"}, {"use": "speak"} ]"#),
                       ["stage 'speak' needs 'labels'; add { \"use\": \"label\" } before it"])
        XCTAssertEqual(messages(#"[ {"use": "source"}, {"use": "speak", "quiet": true} ]"#), [])
        let charts = #"""
        [ { "id": "a", "title": "A", "source": { "path": "a.csv" }, "x": { "field": "x" }, "y": { "field": "y" } },
          { "id": "b", "title": "B", "source": { "path": "b.csv" }, "x": { "field": "x" }, "y": { "field": "y" },
            "stages": { "speak": { "quiet": false } } } ]
        """#
        XCTAssertEqual(messages(#"[ {"use": "source"}, {"use": "speak", "quiet": true} ]"#, charts: charts),
                       ["for chart 'b': stage 'speak' needs 'labels'; add { \"use\": \"label\" } before it"])
    }

    /// A stage that may repeat needs an id per entry, and charts address the entries by id.
    func testRepeatedEntriesAreAddressedByID() throws {
        XCTAssertEqual(messages(#"[ {"use": "source"}, {"use": "note"}, {"use": "note"} ]"#), [
            "two stage entries are both called 'note'; give each 'note' entry its own \"id\" (such as \"id\": \"note-2\"), so that charts can set the options of each",
        ])
        let charts = #"""
        [ { "id": "a", "title": "A", "source": { "path": "a.csv" }, "x": { "field": "x" }, "y": { "field": "y" },
            "stages": { "second": { "word": "chart" } } } ]
        """#
        let stages = #"[ {"use": "source"}, {"use": "note", "id": "first", "word": "one"}, {"use": "note", "id": "second", "word": "two"} ]"#
        XCTAssertEqual(messages(stages, charts: charts), [])
        let text = #"{ "version": 1, "name": "t", "title": "Weekly sales", "stages": \#(stages), "charts": \#(charts) }"#
        let spec = try PipelineLoader(registry: registry).load(bytes: Array(text.utf8), path: "t.pipeline", directory: "/")
        // The pipeline's title reaches the run: the report's heading.
        XCTAssertEqual(spec.runInfo().pipelineTitle, "Weekly sales")
        let execution = try ChartExecution(spec: spec, registry: registry, run: spec.runInfo(), cancellation: Cancellation())
        XCTAssertEqual(try execution.options(of: spec.stages[1], for: spec.charts[0]).value(Note.word), "one")
        XCTAssertEqual(try execution.options(of: spec.stages[2], for: spec.charts[0]).value(Note.word), "chart")
        // By the stage's name, when it is listed under ids, the message says which ids to use.
        let byName = #"""
        [ { "id": "a", "title": "A", "source": { "path": "a.csv" }, "x": { "field": "x" }, "y": { "field": "y" },
            "stages": { "note": { "word": "chart" } } } ]
        """#
        XCTAssertEqual(messages(stages, charts: byName), [
            "chart 'a' sets options of stage 'note', which the pipeline lists under its ids 'first', 'second'; use one of them",
        ])
    }

    /// Every pattern of every declaration compiles; a broken one is reported, not skipped.
    func testPatternsCompileAndABrokenOneFailsLoudly() {
        let builtins = StageRegistry(BuiltinStages.all.stages)
        XCTAssertEqual(builtins.descriptions.map(\.name),
                       ["ingest", "aggregate", "downsample", "trend", "describe", "sonify", "chart", "table", "report"])
        XCTAssertEqual(builtins.brokenPatterns().map { "\($0.stage).\($0.option): \($0.reason)" }, [])
        for field in PipelineShape.pipelineFields + PipelineShape.chartFields {
            XCTAssertTrue(field.shape.brokenPatterns().isEmpty, field.name)
        }
        let broken = StageDescription(name: "broken", summary: "x", options: [
            Option<String>("name", doc: "d", shape: .string(pattern: "[a-", patternHelp: "a name")),
        ])
        let registry = StageRegistry([StageRegistration(description: broken, kind: .chart, origin: "test") { _ in
            throw ChartError("unused")
        }])
        XCTAssertEqual(registry.brokenPatterns().map(\.option), ["name"])
        var validator = ShapeValidator(path: "p", locator: JSONLocator([]))
        XCTAssertFalse(validator.check("abc", broken.options[0].shape, pointer: "", name: "'name'"))
        XCTAssertEqual(validator.diagnostics.first?.code, "pipeline.broken-declaration")
    }
}
