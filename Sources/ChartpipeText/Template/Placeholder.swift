/// One `%…` placeholder of a template.
public struct Placeholder: Sendable, Hashable {
    /// The 1-based argument it shows: written (`%2$@`) or counted in order for unnumbered ones.
    public var argument: Int
    /// Whether the number was written (`%2$@`) rather than counted (`%@`).
    public var isNumbered: Bool
    public var kind: PlaceholderKind
    /// Digits after the point (`%.1f` → 1); nil when not written.
    public var precision: Int?
    /// The conversion letter: `@`, `d`, `f`, `x`…
    public var conversion: Character
    /// The placeholder as written, e.g. `%2$.1f`.
    public var text: String
}
