import ChartpipeCore
import ChartpipeJSON
import ChartpipeLock
import Foundation

/// How `run` talks on stderr: text for people, or one JSON object per line (`--log-format json`)
/// on every path — diagnostics, charts, an interruption, the end of the run.
final class Log: Sendable {
    enum Format: String, Sendable, CaseIterable { case text, json }

    let format: Format
    let quiet: Bool
    private let lock = Locked(())

    init(format: Format, quiet: Bool) {
        self.format = format
        self.quiet = quiet
    }

    /// A diagnostic: `path:line:column: error: …`, or its JSON object.
    func diagnostic(_ d: Diagnostic) {
        switch format {
        case .text: write(TerminalText.safe(d.description))
        case .json: event("diagnostic", Log.members(of: d))
        }
    }

    /// A closing line of text (`3 errors in weekly.pipeline`); in JSON the diagnostics said it all.
    func summary(_ text: String) {
        if format == .text { write(text) }
    }

    /// Text for people only, such as the notice that a run is stopping.
    func note(_ text: String, event name: String, _ members: [(String, JSONValue)] = []) {
        switch format {
        case .text: if !quiet { write(text) }
        case .json: event(name, members)
        }
    }

    /// One JSON object on its own line: `{"event": name, …}`.
    func event(_ name: String, _ members: [(String, JSONValue)]) {
        write(JSONWriter(pretty: false).string(.object([("event", .string(name))] + members)))
    }

    /// A diagnostic's members as the manifest writes them.
    static func members(of d: Diagnostic) -> [(String, JSONValue)] {
        Manifest.json(diagnostic: d).objectValue ?? []
    }

    func write(_ line: String) {
        lock.withLock { _ in StandardStream.error.write(line + "\n") }
    }
}
