import ChartpipeCore
import ChartpipeJSON
import Foundation
@testable import Plugin
import ProcessCheck
import XCTest

/// How chartpipe handles plugin processes that succeed, fail, misbehave or hang: each outcome fails
/// the chart with the right code (or succeeds), and nothing the plugin started is left running.
final class PluginProcessTests: XCTestCase {
    var pids: URL!

    override func setUpWithError() throws {
        pids = try PluginFixture.temporaryFolder()
    }

    override func tearDown() {
        ProcessCheck.assertNothingLeftBehind(pids)
        try? FileManager.default.removeItem(at: pids)
    }

    var double: [String] { ["sh", PluginFixture.folder.appendingPathComponent("double.sh").path, pids.path] }

    /// Runs the double for a chart whose id picks its behaviour; returns the context, or the error.
    func run(_ chart: String, _ options: [String: JSONValue] = [:]) throws -> Result<ChartContext, Diagnostic> {
        let stage = try PluginFixture.stage(double, options)
        var context = PluginFixture.chart(chart)
        do {
            try stage.run(&context)
            return .success(context)
        } catch let error as Diagnostic {
            return .failure(error)
        }
    }

    func failure(_ chart: String, _ options: [String: JSONValue] = [:], file: StaticString = #filePath, line: UInt = #line) throws -> Diagnostic {
        switch try run(chart, options) {
        case .success: XCTFail("the chart '\(chart)' did not fail", file: file, line: line); return Diagnostic("")
        case let .failure(error): return error
        }
    }

    func testASucceedingPluginAddsItsSentences() throws {
        let context = try run("ok").get()
        XCTAssertEqual(context[PluginNotesKey.self]?.first?.sentences["en"], ["The double answered."])
        XCTAssertEqual(context.artifacts.map(\.path), ["plugin.double.json"])
        XCTAssertEqual(context.warnings.map(\.code), ["plugin.missing-locale"], "it wrote nothing in ko")
    }

    func testANonZeroExitQuotesTheEndOfStderr() throws {
        let error = try failure("fail")
        XCTAssertEqual(error.code, "plugin.exited")
        XCTAssertTrue(error.message.contains("exited with status 3"), error.message)
        XCTAssertTrue(error.message.contains("| ValueError: something broke"), error.message)
        XCTAssertTrue(error.message.contains("| reading the request"), error.message)
    }

    func testGarbageOnStdoutIsNotJSON() throws {
        let error = try failure("garbage")
        XCTAssertEqual(error.code, "plugin.invalid-json")
        XCTAssertTrue(error.message.contains("it begins \"this is not JSON"), error.message)
    }

    func testAHundredMegabytesOnStdoutStopThePlugin() throws {
        let error = try failure("flood", ["responseLimit": 1])
        XCTAssertEqual(error.code, "plugin.response-too-large")
        XCTAssertTrue(error.message.contains("more than 1 MiB"), error.message)
    }

    func testAPluginThatSleepsPastItsTimeoutIsStopped() throws {
        let error = try failure("sleep", ["timeout": 1])
        XCTAssertEqual(error.code, "plugin.timeout")
        XCTAssertTrue(error.message.contains("within 1 second"), error.message)
    }

    func testAPluginThatIgnoresSIGTERMIsKilledWithItsChild() throws {
        let error = try failure("stubborn", ["timeout": 1])
        XCTAssertEqual(error.code, "plugin.timeout")
        XCTAssertEqual(ProcessCheck.recordedPIDs(in: pids).count, 2, "the double and its child recorded themselves")
    }

    func testAChildLeftBehindIsKilledAndTheAnswerStands() throws {
        let context = try run("forker").get()
        XCTAssertNil(context[PluginNotesKey.self], "an empty response adds no notes")
        XCTAssertEqual(ProcessCheck.recordedPIDs(in: pids).count, 2)
    }

    func testAnArtifactPathWithDotDotFailsTheChart() throws {
        let error = try failure("escape")
        XCTAssertEqual(error.code, "plugin.artifact-path")
        XCTAssertTrue(error.message.contains("'../../escape.txt'"), error.message)
    }

    func testAFutureProtocolVersionSaysWhichSideToUpdate() throws {
        let error = try failure("future")
        XCTAssertEqual(error.code, "plugin.protocol-version")
        XCTAssertTrue(error.message.contains("speaks protocol version 2, but this chartpipe speaks version 1; update chartpipe"), error.message)
    }

    func testAResponseThatBreaksTheSchemaNamesEveryProblem() throws {
        let error = try failure("schema")
        XCTAssertEqual(error.code, "plugin.invalid-response")
        XCTAssertTrue(error.message.contains("'en' must be an array of strings"), error.message)
        XCTAssertTrue(error.message.contains("unknown key 'colour'"), error.message)
    }

    func testAnUndeclaredReplacementOfTheSeriesFails() throws {
        let error = try failure("replace")
        XCTAssertEqual(error.code, "plugin.undeclared-replacement")
    }

    func testAProgramThatCannotStartSaysWhy() throws {
        XCTAssertThrowsError(try PluginFixture.stage(["no-such-program-for-chartpipe"])) { error in
            XCTAssertEqual((error as? Diagnostic)?.code, "plugin.command")
            XCTAssertEqual((error as? Diagnostic)?.field, "command")
        }
        XCTAssertThrowsError(try PluginFixture.stage(["sh", "-c", "echo not a description"])) { error in
            XCTAssertEqual((error as? Diagnostic)?.code, "plugin.bad-description")
        }
    }

    func testCancellationStopsThePluginGroup() throws {
        let stage = try PluginFixture.stage(double, ["timeout": 600])
        let cancellation = Cancellation()
        let pidFile = pids.appendingPathComponent("sleep-cancel.pid")
        let outcome = Result<Void, any Error>.Box()
        let thread = Thread {
            var context = PluginFixture.chart("sleep-cancel")
            context = ChartContext(chart: context.chart, run: context.run, data: context.data, cancellation: cancellation)
            outcome.set(Result { try stage.run(&context) })
        }
        thread.start()
        for _ in 0..<600 where !FileManager.default.fileExists(atPath: pidFile.path) { usleep(50_000) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: pidFile.path), "the plugin started")
        cancellation.cancel()
        for _ in 0..<600 where outcome.get() == nil { usleep(50_000) }
        guard case .failure(let error)? = outcome.get() else { return XCTFail("the stage did not stop") }
        XCTAssertTrue(error is Cancelled, "\(error)")
    }

    func testTheOptionsOfAPluginAreCheckedAgainstItsDescription() throws {
        XCTAssertThrowsError(try PluginFixture.stage(double, ["options": .object([("note", 3)])])) { error in
            XCTAssertEqual((error as? Diagnostic)?.code, "plugin.invalid-options")
            XCTAssertTrue((error as? Diagnostic)?.message.contains("'note' must be a string") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try PluginFixture.stage(double, ["options": .object([("nite", "x")])])) { error in
            XCTAssertTrue((error as? Diagnostic)?.message.contains("did you mean 'note'?") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try PluginFixture.stage(double, ["mode": "persistent"])) { error in
            XCTAssertEqual((error as? Diagnostic)?.field, "mode")
        }
    }
}

/// A persistent plugin answers a stream of requests from one process; per-chart mode starts one
/// per chart.
final class PersistentPluginTests: XCTestCase {
    func testOneProcessAnswersEveryChart() throws {
        let pids = try PluginFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: pids) }
        let registration = try XCTUnwrap(PluginFixture.registrations().first { $0.name == "plugin" })
        let stage = try PluginFixture.stage(["sh", PluginFixture.folder.appendingPathComponent("persistent.sh").path, pids.path],
                                            name: "steady", registration: registration)
        var answers: Set<String> = []
        for i in 0..<5 {
            var context = PluginFixture.chart("chart-\(i)")
            try stage.run(&context)
            answers.formUnion(context[PluginNotesKey.self]?.first?.sentences["en"] ?? [])
        }
        XCTAssertEqual(answers.count, 1, "\(answers)")
        XCTAssertEqual(ProcessCheck.recordedPIDs(in: pids).count, 1)
        registration.releaseResources()
        ProcessCheck.assertNothingLeftBehind(pids)
    }

    /// A plugin that prints two responses for one request cannot shift the answers by one chart:
    /// every chart that succeeds has its own answer, and the one the extra line reached fails with
    /// the protocol's error; so does a plugin that does not echo its request.
    func testAnExtraResponseLineFailsTheChartItWouldShift() throws {
        let script = PluginFixture.folder.appendingPathComponent("chatty.sh").path
        for echo in [true, false] {
            let registration = try XCTUnwrap(PluginFixture.registrations().first { $0.name == "plugin" })
            let stage = try PluginFixture.stage(["sh", script] + (echo ? [] : ["noecho"]), name: "chatty", registration: registration)
            var failures: [String: String] = [:]
            for i in 0..<4 {
                var context = PluginFixture.chart("chart-\(i)")
                do {
                    try stage.run(&context)
                    XCTAssertEqual(context[PluginNotesKey.self]?.first?.sentences["en"], ["About chart-\(i)."], "echo: \(echo)")
                } catch let error as Diagnostic {
                    failures["chart-\(i)"] = error.code.rawValue
                    XCTAssertEqual(error.code, "plugin.invalid-response", "\(error)")
                }
            }
            if echo {
                // Which chart the extra line reaches depends on when it comes (with the first answer or
                // with the next); a process that broke the protocol is replaced, and its successor too answers twice.
                XCTAssertFalse(failures.isEmpty, "the chart the extra line reached fails")
                XCTAssertLessThan(failures.count, 4, "the others are answered: \(failures)")
            } else {
                XCTAssertEqual(failures.count, 4, "a persistent plugin that does not echo its request fails every chart")
            }
            registration.releaseResources()
        }
    }

    func testPerChartModeStartsOneProcessPerChart() throws {
        let pids = try PluginFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: pids) }
        let stage = try PluginFixture.stage(["sh", PluginFixture.folder.appendingPathComponent("persistent.sh").path, pids.path],
                                            ["mode": "per-chart"], name: "steady")
        for i in 0..<3 {
            var context = PluginFixture.chart("chart-\(i)")
            try stage.run(&context)
        }
        XCTAssertEqual(Set(ProcessCheck.recordedPIDs(in: pids)).count, 3)
        ProcessCheck.assertNothingLeftBehind(pids)
    }
}

extension Result {
    /// A result filled in by another thread.
    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Result?
        func set(_ result: Result) { lock.withLock { value = result } }
        func get() -> Result? { lock.withLock { value } }
    }
}
