import ChartpipeCore
import Foundation

/// A command of the CLI, described once: parsing, `--help` and "did you mean" read this.
struct CommandSpec: Sendable {
    let name: String
    let summary: String
    /// Positional arguments as `NAME` (required) or `[NAME]` (optional).
    let positionals: [String]
    let options: [OptionSpec]
    /// Paragraphs after the options in `--help`.
    let discussion: String
    /// The actions (`strings lint`), each a command of its own; the first positional names one.
    var actions: [CommandSpec] = []

    static let help = OptionSpec(flag: "help", help: "Show this help.")

    var usage: String {
        var parts = ["chartpipe", name] + positionals
        if !options.isEmpty { parts.append("[options]") }
        return parts.joined(separator: " ")
    }

    var help: String {
        var text = "\(summary)\n\nUsage: \(usage)\n"
        let all = options + [Self.help]
        text += "\nOptions:\n"
        let width = all.map { 4 + $0.name.count + ($0.value.map { $0.count + 1 } ?? 0) }.max() ?? 0
        for o in all {
            let head = "--" + o.name + (o.value.map { " " + $0 } ?? "")
            text += "  " + head + String(repeating: " ", count: max(2, width - head.count + 2)) + o.helpLine + "\n"
        }
        if !discussion.isEmpty { text += "\n" + discussion + "\n" }
        return text
    }

    /// The action `name` of this command, or a usage error that names the closest.
    func action(_ name: String) throws(UsageError) -> CommandSpec {
        let prefix = self.name + " "
        guard let action = actions.first(where: { $0.name == prefix + name }) else {
            let names = actions.map { String($0.name.dropFirst(prefix.count)) }
            let hint = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "unknown action '\(name)' for 'chartpipe \(self.name)'\(hint)", command: self.name)
        }
        return action
    }
}
