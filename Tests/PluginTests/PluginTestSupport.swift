import ChartpipeCore
import ChartpipeJSON
import Foundation
@testable import Plugin
import XCTest

/// Charts, plugin stages and process checks for the plugin tests.
enum PluginFixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// A daily chart of two series over `days` days.
    static func chart(_ id: String, days: Int = 21, locales: [String] = ["en", "ko"]) -> ChartContext {
        let spec = ChartSpec(id: id, title: "Sales", source: SourceSpec(path: "/data/sales.csv", displayPath: "sales.csv", format: .csv),
                             x: XSpec(field: "date", type: .time), y: YSpec(fields: ["revenue"], unit: "USD"), seriesField: "region",
                             location: SourceLocation(path: "test.pipeline", line: 1, column: 1))
        let day = 86_400_000.0
        let start = 1_780_272_000_000.0
        var data = SeriesSet(xType: .time)
        for (k, name) in ["North", "South"].enumerated() {
            var s = Series(name: name)
            for d in 0..<days {
                s.append(x: start + Double(d) * day, y: 100 + Double(d % 7) * 10 + Double(k), firstRecord: d, lastRecord: d)
            }
            data.series.append(s)
        }
        return ChartContext(chart: spec, run: RunInfo(locales: locales, pipelineDirectory: folder.path, pipelineName: "test"), data: data)
    }

    /// The registrations of a provider for the fixtures' folder, with a short grace period.
    static func registrations(environment: [String: String] = ProcessInfo.processInfo.environment) -> [StageRegistration] {
        PluginProvider(environment: environment, grace: 0.3).registrations(pipelineDirectory: folder.path)
    }

    /// A `plugin` stage running `command` with these options.
    static func stage(_ command: [String], _ options: [String: JSONValue] = [:], name: String = "double",
                      registration: StageRegistration? = nil) throws -> any ChartStage {
        let plugin = try XCTUnwrap(registration ?? registrations().first { $0.name == "plugin" })
        var values = options
        values["name"] = .string(name)
        values["command"] = .array(command.map(JSONValue.string))
        let stage = try plugin.make(StageOptions(values))
        return try XCTUnwrap(stage as? any ChartStage)
    }

    /// A fresh folder for pid files.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("chartpipe-plugin-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
