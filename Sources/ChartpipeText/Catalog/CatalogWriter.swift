import ChartpipeJSON

/// Writes the parts of a catalog as JSON with sorted keys.
enum CatalogWriter {
    static func unit(_ unit: StringUnit) -> JSONValue {
        .object([("state", .string(unit.state)), ("value", .string(unit.value))])
    }

    static func plural(_ variants: [PluralCategory: StringUnit]) -> JSONValue {
        // Categories sorted by name, as Xcode sorts every key.
        .object(variants.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key.rawValue, .object([("stringUnit", unit($0.value))])) })
    }

    static func localization(_ loc: Localization) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let stringUnit = loc.stringUnit { members.append(("stringUnit", unit(stringUnit))) }
        if !loc.substitutions.isEmpty {
            let subs = loc.substitutions.keys.sorted().compactMap { name in
                loc.substitutions[name].map { s -> (String, JSONValue) in
                    (name, .object([("argNum", .int(s.argNum)), ("formatSpecifier", .string(s.formatSpecifier)),
                                    ("variations", .object([("plural", plural(s.plural))]))]))
                }
            }
            members.append(("substitutions", .object(subs)))
        }
        if let variants = loc.plural { members.append(("variations", .object([("plural", plural(variants))]))) }
        return .object(members)
    }
}
