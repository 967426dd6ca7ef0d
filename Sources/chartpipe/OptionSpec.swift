import ChartpipeCore
import Foundation

/// An option of a command, declared once: `--name VALUE` (or `--name=VALUE`) with the shape of its
/// value (the core's `Shape`) and its default, or a flag `--name`. Parsing, `--help`, the default a
/// command reads and the check of a choice all come from this declaration.
struct OptionSpec: Sendable {
    let name: String
    /// Name of the value in help (`N`, `DIR`); nil for a flag.
    let value: String?
    /// The help line; `{choices}` stands for the choices of a `.choice` shape, the default marked.
    let help: String
    /// What the value must be; nil for a flag. Only `.choice` is checked here: other values are
    /// checked by the command, which knows more (a locale's catalogs, a time zone's names).
    let shape: Shape?
    /// The value when the option is not given.
    let defaultValue: String?
    /// The default when it is not one value ("the number of processors"), for help only.
    let defaultHelp: String?

    /// A flag, `--name`.
    init(flag name: String, help: String) {
        self.name = name
        value = nil
        self.help = help
        shape = nil
        defaultValue = nil
        defaultHelp = nil
    }

    /// An option with a value named `value` in help.
    init(_ name: String, value: String, help: String, shape: Shape = .string(), default defaultValue: String? = nil,
         defaultHelp: String? = nil) {
        self.name = name
        self.value = value
        self.help = help
        self.shape = shape
        self.defaultValue = defaultValue
        self.defaultHelp = defaultHelp
    }

    /// An option whose shape and default are those of a pipeline file's key, so that a command's
    /// flag (`describe --ambiguous`) accepts what the pipeline's `x.ambiguous` does.
    init(_ name: String, value: String, help: String, as field: Field, defaultHelp: String? = nil) {
        self.init(name, value: value, help: help, shape: field.shape, default: field.defaultValue?.stringValue, defaultHelp: defaultHelp)
    }

    /// The values of a `.choice` shape.
    var choices: [String]? {
        if case let .choice(values)? = shape { return values }
        return nil
    }

    /// The help line as `--help` prints it: the choices with the default marked, or the default in brackets.
    var helpLine: String {
        var text = help
        if let choices {
            let marked = choices.map { "'\($0)'" + ($0 == defaultValue ? " (default)" : "") }
            text = text.replacingOccurrences(of: "{choices}", with: Self.list(marked))
        }
        var note: String?
        if let defaultHelp { note = "(default: \(defaultHelp))" } else if choices == nil, let defaultValue { note = "(default '\(defaultValue)')" }
        if let note {
            text = text.hasSuffix(".") ? String(text.dropLast()) + " " + note + "." : text + " " + note
        }
        return text
    }

    /// `value`, checked against the declaration's choices, with the one wording of such a mistake.
    func checked(_ value: String, command: String) throws(UsageError) -> String {
        if let choices, !choices.contains(value) {
            throw UsageError(message: "--\(name) must be \(Self.list(choices.map { "'\($0)'" })), not '\(value)'", command: command)
        }
        return value
    }

    /// "a, b or c".
    static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + (items.last ?? "")
    }
}
