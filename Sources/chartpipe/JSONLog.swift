import ChartpipeCore
import Foundation
import Synchronization
import ChartpipeJSON

/// One JSON object per line on stderr (`--log-format json`).
final class JSONLog: RunObserver {
    let log: Log
    init(log: Log) { self.log = log }

    func chartStarted(_ chart: ChartSpec, running: [String], done: Int, total: Int) {}

    func chartFinished(_ result: ChartResult, seconds: Double, running: [String], done: Int, total: Int) {
        if log.quiet, result.status == .ok { return }
        var members: [(String, JSONValue)] = [
            ("id", .string(result.chart.id)), ("status", .string(result.status.rawValue)),
            ("done", .int(done)), ("total", .int(total)), ("seconds", .double((seconds * 1000).rounded() / 1000)),
            ("files", .int(result.artifacts.count)), ("reused", .bool(result.reused)),
            ("warnings", .array(result.warnings.map(Manifest.json(diagnostic:)))),
        ]
        if let e = result.error { members.append(("error", Manifest.json(diagnostic: e))) }
        log.event("chart", members)
    }
}
