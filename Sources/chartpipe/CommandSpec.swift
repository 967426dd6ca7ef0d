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

    var usage: String {
        var parts = ["chartpipe", name] + positionals
        if !options.isEmpty { parts.append("[options]") }
        return parts.joined(separator: " ")
    }

    var help: String {
        var text = "\(summary)\n\nUsage: \(usage)\n"
        let all = options + [OptionSpec(name: "help", value: nil, help: "Show this help.")]
        text += "\nOptions:\n"
        let width = all.map { 4 + $0.name.count + ($0.value.map { $0.count + 1 } ?? 0) }.max() ?? 0
        for o in all {
            let head = "--" + o.name + (o.value.map { " " + $0 } ?? "")
            text += "  " + head + String(repeating: " ", count: max(2, width - head.count + 2)) + o.help + "\n"
        }
        if !discussion.isEmpty { text += "\n" + discussion + "\n" }
        return text
    }
}
