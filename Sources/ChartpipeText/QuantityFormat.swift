#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `LocaleFormats.quantity` for one unit and precision, with its ICU formatter looked up once:
/// for an axis or a table column whose values all take it. Writes the same text as `quantity`.
public struct QuantityFormat: Sendable {
    public let formats: LocaleFormats
    public let unit: String?
    public let precision: NumberPrecision
    /// nil where `quantity` does more than format (currencies, units CLDR lacks): it is asked then.
    private let formatter: NumberSkeletonFormatter?
    /// Japanese measures drop CLDR's spaces ("60分").
    private let removesSpaces: Bool

    init(formats: LocaleFormats, unit: String?, precision: NumberPrecision) {
        self.formats = formats
        self.unit = unit
        self.precision = precision
        switch UnitKind(unit) {
        case .none:
            formatter = formats.numberFormatter(precision.skeleton)
            removesSpaces = false
        case .percent:
            formatter = formats.numberFormatter(precision.skeleton.isEmpty ? "percent" : "percent " + precision.skeleton)
            removesSpaces = false
        case let .measure(id) where LocaleFormats.unitsCLDRLacks[id] == nil:
            let stem = "measure-unit/\(id) unit-width-full-name"
            formatter = formats.numberFormatter(precision.skeleton.isEmpty ? stem : stem + " " + precision.skeleton)
            removesSpaces = LocaleFallback.language(of: formats.locale) == "ja"
        case .measure, .currency:
            formatter = nil
            removesSpaces = false
        }
    }

    public func text(_ value: Double) -> String {
        guard let formatter, let text = formatter.format(value) else {
            return formats.quantity(value, unit: unit, precision: precision)
        }
        return removesSpaces ? LocaleFormats.withoutSpaces(text) : text
    }
}
