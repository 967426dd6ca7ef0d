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
