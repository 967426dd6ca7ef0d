import ChartpipeCore
import Foundation
import ChartpipeLock
import ChartpipeJSON

/// A progress bar on a terminal's stderr: charts done / total, the charts running, and the ETA.
final class ProgressBar: RunObserver {
    private let state = Locked(State())
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

    private func write(_ text: String) { StandardStream.error.write(text) }
}
