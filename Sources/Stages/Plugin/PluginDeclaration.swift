import ChartpipeCore
import ChartpipeJSON

/// What a plugin says about itself when called with `--describe`: read once per program, it
/// becomes a stage description like a built-in's, so that options are validated, listed by
/// `chartpipe stages` and written into the pipeline schema, and the chain check knows what the
/// plugin needs, adds and makes stale.
struct PluginDeclaration: Sendable {
    var name: String
    var summary: String
    var mode: PluginMode
    var options: [Field]
    var needs: [Capability]
    var adds: [Capability]
    var invalidates: [Capability]
    var replacesSeries: Bool

    /// Reads what `command --describe` printed; `plugin` names it in messages.
    init(reading bytes: [UInt8], plugin: String) throws(ChartError) {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw ChartError("\(plugin) --describe printed something that is not JSON (line \(error.line), column \(error.column): \(error.message)); it must print one JSON object describing the plugin",
                             code: .pluginBadDescription)
        }
        try PluginDeclaration.checkVersion(json, what: "\(plugin) --describe", code: .pluginBadDescription)
        let problems = PluginProtocol.describeShape.problems(in: json, name: "the description", path: "", bytes: bytes)
        if !problems.isEmpty {
            throw ChartError("\(plugin) --describe printed a description that breaks protocol \(PluginProtocol.version): "
                             + PluginDeclaration.summary(of: problems), code: .pluginBadDescription)
        }
        name = json["name"]?.stringValue ?? ""
        summary = json["summary"]?.stringValue ?? ""
        mode = json["mode"]?.stringValue.flatMap(PluginMode.init(rawValue:)) ?? .perChart
        needs = (json["needs"]?.arrayValue ?? ["series"]).compactMap(\.stringValue).map(Capability.init(rawValue:))
        adds = (json["adds"]?.arrayValue ?? []).compactMap(\.stringValue).map(Capability.init(rawValue:))
        invalidates = (json["invalidates"]?.arrayValue ?? []).compactMap(\.stringValue).map(Capability.init(rawValue:))
        replacesSeries = json["replacesSeries"]?.boolValue ?? false
        var fields: [Field] = []
        for (i, option) in (json["options"]?.arrayValue ?? []).enumerated() {
            let field = PluginDeclaration.field(option)
            if fields.contains(where: { $0.name == field.name }) {
                throw ChartError("\(plugin) --describe declares the option '\(field.name)' twice", code: .pluginBadDescription)
            }
            if let value = field.defaultValue {
                let wrong = field.shape.problems(in: value, name: "the default of option '\(field.name)'", path: "")
                if let first = wrong.first {
                    throw ChartError("\(plugin) --describe, option \(i + 1): \(first.message)", code: .pluginBadDescription)
                }
            }
            fields.append(field)
        }
        options = fields
        // A plugin that replaces the series makes every statistic and word about them stale.
        if replacesSeries {
            for capability in [Capability.trend, .descriptions, .audio] where !invalidates.contains(capability) {
                invalidates.append(capability)
            }
        }
    }

    /// An option as a field of the stage's description.
    static func field(_ option: JSONValue) -> Field {
        let type = option["type"]?.stringValue.flatMap(PluginOptionType.init(rawValue:)) ?? .any
        let low = option["minimum"]?.doubleValue, high = option["maximum"]?.doubleValue
        let shape: Shape
        switch type {
        case .string:
            shape = option["choices"]?.arrayValue.map { .choice($0.compactMap(\.stringValue)) } ?? .string()
        case .integer: shape = .integer(min: low.map { Int($0.rounded(.up)) }, max: high.map { Int($0.rounded(.down)) })
        case .number: shape = .number(min: low, max: high)
        case .boolean: shape = .bool
        case .strings: shape = .array(.string())
        case .any: shape = .any
        }
        return Field(option["name"]?.stringValue ?? "", shape, doc: option["doc"]?.stringValue ?? "",
                     default: option["default"], required: option["required"]?.boolValue ?? false)
    }

    /// A document of another protocol version fails with a message that says which side to update.
    static func checkVersion(_ json: JSONValue, what: String, code: DiagnosticCode) throws(ChartError) {
        guard let version = json["protocol"]?.intValue, version != PluginProtocol.version else { return }
        let advice = version > PluginProtocol.version
            ? "update chartpipe, or use a version of the plugin that speaks \(PluginProtocol.version)"
            : "update the plugin to protocol \(PluginProtocol.version)"
        throw ChartError("\(what) speaks protocol version \(version), but this chartpipe speaks version \(PluginProtocol.version); \(advice)",
                         code: code)
    }

    /// The first problems of a document, in one sentence.
    static func summary(of problems: [Diagnostic]) -> String {
        let shown = problems.prefix(3).map(\.message).joined(separator: "; ")
        return problems.count > 3 ? shown + "; and \(problems.count - 3) more" : shown
    }
}
