import ChartpipeCore
import Foundation
import ChartpipeLock
import ChartpipeJSON

/// One line per finished chart on stderr, for logs and pipes.
final class LineLog: RunObserver {
    let quiet: Bool
    private let lock = Locked(())
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
