import ChartpipeJSON

/// A substitution (`%#@name@`): one argument whose plural variants are written inside a template.
public struct Substitution: Sendable, Hashable {
    /// The 1-based argument the substitution shows and whose value chooses the variant.
    public var argNum: Int { didSet { placeholder = Substitution.placeholder(argNum, formatSpecifier) } }
    /// The placeholder of that argument without `%`: `lld`, `.1f`, `@`.
    public var formatSpecifier: String { didSet { placeholder = Substitution.placeholder(argNum, formatSpecifier) } }
    /// Variants by CLDR category; `%arg` inside them stands for the argument.
    public var plural: [PluralCategory: StringUnit]
    /// The argument's placeholder (`%2$lld`), parsed once; nil when `formatSpecifier` is not one.
    public private(set) var placeholder: Placeholder?

    public init(argNum: Int, formatSpecifier: String, plural: [PluralCategory: StringUnit]) {
        self.argNum = argNum
        self.formatSpecifier = formatSpecifier
        self.plural = plural
        self.placeholder = Substitution.placeholder(argNum, formatSpecifier)
    }

    private static func placeholder(_ argNum: Int, _ formatSpecifier: String) -> Placeholder? {
        Template("%\(argNum)$" + formatSpecifier).placeholders.first
    }

    public static func == (a: Substitution, b: Substitution) -> Bool {
        a.argNum == b.argNum && a.formatSpecifier == b.formatSpecifier && a.plural == b.plural
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(argNum)
        hasher.combine(formatSpecifier)
        hasher.combine(plural)
    }
}
