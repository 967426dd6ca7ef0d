/// A typed argument of a template.
public enum TemplateArgument: Sendable, Hashable {
    /// Text shown as is (a title, a date already written for the locale).
    case text(String)
    case integer(Int)
    case double(Double)
    /// A number already formatted for the locale ("$1,200", "1.2만"), with its value and visible
    /// fraction digits so that plural variants are chosen as the reader sees the number.
    case number(String, value: Double, fractionDigits: Int)

    /// The value and visible fraction digits that choose a plural variant; nil for text.
    func pluralOperand(for placeholder: Placeholder?) -> (value: Double, fractionDigits: Int)? {
        switch self {
        case .text: return nil
        case let .integer(n): return (Double(n), 0)
        case let .double(d):
            if let placeholder, placeholder.kind == .integer { return (d.rounded(.towardZero), 0) }
            return (d, placeholder?.precision ?? (placeholder?.kind == .double ? 6 : TemplateArgument.visibleDigits(d)))
        case let .number(_, value, digits): return (value, digits)
        }
    }

    /// Fraction digits of `d` as ICU's default shows it (at most six).
    static func visibleDigits(_ d: Double) -> Int {
        guard d.isFinite else { return 0 }
        var scaled = abs(d)
        for digits in 0...6 {
            if (scaled - scaled.rounded()).magnitude < 1e-9 * max(1, scaled) { return digits }
            scaled *= 10
        }
        return 6
    }

    var kindDescription: String {
        switch self {
        case .text: return "text"
        case .integer: return "an integer"
        case .double: return "a number"
        case .number: return "a formatted number"
        }
    }
}

extension TemplateArgument: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
}
