/// One piece of a parsed template.
public enum TemplateToken: Sendable, Hashable {
    case literal(String)
    case placeholder(Placeholder)
    /// `%#@name@`: a substitution defined in the localization's `substitutions`.
    case substitution(String)
    /// `%arg`: inside a substitution's variant, the substitution's own argument.
    case substitutionArgument
    /// A `%` sequence that is not a placeholder this renderer knows; rendered marked as `⟦…⟧`.
    case invalid(String)
}
