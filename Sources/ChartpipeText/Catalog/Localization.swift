import ChartpipeJSON

/// The text of one key in one locale: a single `stringUnit`, or `variations.plural` by CLDR
/// category; either may use `substitutions`.
public struct Localization: Sendable, Hashable {
    public var stringUnit: StringUnit?
    public var plural: [PluralCategory: StringUnit]?
    public var substitutions: [String: Substitution]

    public init(stringUnit: StringUnit? = nil, plural: [PluralCategory: StringUnit]? = nil,
                substitutions: [String: Substitution] = [:]) {
        self.stringUnit = stringUnit
        self.plural = plural
        self.substitutions = substitutions
    }

    /// Shorthand for a single text.
    public static func text(_ value: String, state: String = "translated") -> Localization {
        Localization(stringUnit: StringUnit(state: state, value: value))
    }

    /// Every text it holds, with a label for messages (`plural.one`, `substitutions.n.plural.few`).
    public var units: [(label: String, unit: StringUnit)] {
        var out: [(String, StringUnit)] = []
        if let stringUnit { out.append(("", stringUnit)) }
        for (category, unit) in (plural ?? [:]).sorted(by: { $0.key < $1.key }) { out.append(("plural.\(category.rawValue)", unit)) }
        for (name, substitution) in substitutions.sorted(by: { $0.key < $1.key }) {
            for (category, unit) in substitution.plural.sorted(by: { $0.key < $1.key }) {
                out.append(("substitutions.\(name).plural.\(category.rawValue)", unit))
            }
        }
        return out
    }
}
