import ChartpipeCore
import Foundation

/// Sorts a command line by a command's declaration: its options, flags and positionals.
enum ArgumentParser {
    static func parse(_ arguments: [String], for command: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments(command: command.name)
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
