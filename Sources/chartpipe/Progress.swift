import ChartpipeCore
import Foundation
import Synchronization
import ChartpipeJSON

/// A progress bar on a terminal's stderr: charts done / total, the charts running, and the ETA.
final class ProgressBar: RunObserver {
    private let state = Mutex(State())
    private struct State { var start = ContinuousClock.now; var drawn = false }

    func chartStarted(_ chart: ChartSpec, running: [String], done: Int, total: Int) {
        draw(done: done, total: total, running: running)
    }

    func chartFinished(_ result: ChartResult, seconds: Double, running: [String], done: Int, total: Int) {
        state.withLock { _ in
            if result.status == .failed, let e = result.error {
                write("\r\u{1B}[2K" + "\(result.chart.id): \(TerminalText.safe(e.description))\n")
            }
            for w in result.warnings { write("\r\u{1B}[2K" + "\(result.chart.id): \(TerminalText.safe(w.description))\n") }
        }
        draw(done: done, total: total, running: running)
    }

    private func draw(done: Int, total: Int, running: [String]) {
        state.withLock { s in
            let elapsed = ContinuousClock.now - s.start
            let secs = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let width = 24
            let filled = total == 0 ? width : done * width / total
            var line = "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "] \(done)/\(total)"
            if !running.isEmpty { line += "  " + running.joined(separator: ", ") }
            if done > 0, done < total {
                let eta = Int((secs / Double(done) * Double(total - done)).rounded())
                line += "  ETA \(eta / 60):" + (eta % 60 < 10 ? "0" : "") + "\(eta % 60)"
            }
            write("\r\u{1B}[2K" + line)
            s.drawn = true
        }
    }

    func clear() {
        state.withLock { s in
            if s.drawn { write("\r\u{1B}[2K") }
            s.drawn = false
        }
    }

    private func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}

/// One line per finished chart on stderr, for logs and pipes.
final class LineLog: RunObserver {
    let quiet: Bool
    private let lock = Mutex(())
    init(quiet: Bool) { self.quiet = quiet }

    func chartStarted(_ chart: ChartSpec, running: [String], done: Int, total: Int) {}

    func chartFinished(_ result: ChartResult, seconds: Double, running: [String], done: Int, total: Int) {
        lock.withLock { _ in
            let id = result.chart.id
            if result.status == .failed, let e = result.error {
                let text = TerminalText.safe(e.description)
                Console.error(quiet ? "\(id): \(text)" : "[\(done)/\(total)] \(id): failed: \(text)")
                return
            }
            guard !quiet else { return }
            let time = JSONWriter.number((seconds * 100).rounded() / 100)
            let files = result.artifacts.count
            let what = result.reused ? "unchanged, kept" : "ok"
            Console.error("[\(done)/\(total)] \(id): \(what) (\(files) \(files == 1 ? "file" : "files"), \(time) s)")
            for w in result.warnings { Console.error("  " + TerminalText.safe(w.description)) }
        }
    }
}

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
