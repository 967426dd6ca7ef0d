import ChartpipeText

/// Locales and arguments templates are rendered with: the shipped locales, and argument lists of
/// every kind, including values that are hard to format.
public enum TemplateSamples {
    public static let locales = ["en", "ko", "zh-Hans", "ja"]

    public static let argumentSets: [[TemplateArgument]] = [
        [],
        [.text("매출"), .integer(3), .double(2.5)],
        [.integer(1), .number("1.2만", value: 12_000, fractionDigits: 1), .text("Revenue (USD)"), .double(0)],
        [.double(-0.0), .double(.nan), .integer(Int.max), .double(-.infinity), .integer(Int.min), .text("")],
    ]
}

extension TemplateSamples {
    /// Whether a substitution's variant names a substitution. Rendering such a text recurses until the
    /// stack overflows when the names form a cycle (a known finding, reported with the fuzz targets);
    /// the targets skip these texts until the renderer bounds the depth.
    public static func nestsSubstitutions(_ localization: Localization) -> Bool {
        localization.substitutions.values.contains { $0.plural.values.contains { $0.value.contains("%#@") } }
    }
}
