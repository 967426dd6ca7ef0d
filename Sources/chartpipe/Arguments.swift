/// An option of a command: `--name VALUE` (or `--name=VALUE`), or a flag `--name`.
struct OptionSpec: Sendable {
    let name: String
    /// Name of the value in help (`N`, `DIR`); nil for a flag.
    let value: String?
    let help: String
}

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

/// A mistake on the command line: exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    /// The command whose help to point at.
    let command: String?
    var description: String { message }
}

/// What the user typed, sorted by the command's spec.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var help = false

    func value(_ name: String) -> String? { values[name] }
    func flag(_ name: String) -> Bool { flags.contains(name) }
}

enum ArgumentParser {
    static func parse(_ arguments: [String], for command: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("-") || arg == "-" {
                parsed.positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            if arg == "--help" || arg == "-h" { parsed.help = true; continue }
            var name = String(arg.drop { $0 == "-" })
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard arg.hasPrefix("--"), let option = command.options.first(where: { $0.name == name }) else {
                let names = command.options.map(\.name) + ["help"]
                let hint = Suggestion.closest(to: name, in: names).map { "; did you mean '--\($0)'?" } ?? ""
                throw UsageError(message: "unknown option '\(arg)' for 'chartpipe \(command.name)'\(hint)", command: command.name)
            }
            if let valueName = option.value {
                if let inline {
                    parsed.values[name] = inline
                } else if i < arguments.count {
                    parsed.values[name] = arguments[i]
                    i += 1
                } else {
                    throw UsageError(message: "option '--\(name)' needs a value (\(valueName))", command: command.name)
                }
            } else {
                if inline != nil { throw UsageError(message: "option '--\(name)' takes no value", command: command.name) }
                parsed.flags.insert(name)
            }
        }
        if parsed.help { return parsed }
        let required = command.positionals.filter { !$0.hasPrefix("[") }.map { $0.replacingOccurrences(of: "…", with: "") }
        if parsed.positionals.count < required.count {
            throw UsageError(message: "missing \(required[parsed.positionals.count]) for 'chartpipe \(command.name)'", command: command.name)
        }
        let variadic = command.positionals.last?.hasSuffix("…]") ?? false
        if !variadic, parsed.positionals.count > command.positionals.count {
            throw UsageError(message: "unexpected argument '\(parsed.positionals[command.positionals.count])' for 'chartpipe \(command.name)'", command: command.name)
        }
        return parsed
    }
}

import ChartpipeCore
import Foundation
