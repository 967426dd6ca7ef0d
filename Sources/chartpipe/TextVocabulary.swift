import ChartpipeCore
import ChartpipeText
import Foundation

/// The languages and units the text module can write, for the pipeline loader and the one-off
/// `describe`: a locale must have every description sentence translated (shipped or in the
/// pipeline's catalogs), and a unit must be one ICU spells out.
struct TextVocabulary: PipelineVocabulary {
    /// The keys of the shipped description catalog: what a locale must translate to be written.
    static let sentenceKeys: [String] = {
        let files = (try? Catalog.embeddedFiles()) ?? []
        return files.filter { $0.name == "Describe.xcstrings" }.flatMap { $0.catalog.entries.keys }.sorted()
    }()

    func writableLocales(catalogs: [String]) -> [String] { Self.writable(Self.catalog(catalogs)) }

    /// The shipped catalogs with the pipeline's; catalogs that do not load are reported on their
    /// own, and add nothing here.
    static func catalog(_ paths: [String]) -> Catalog {
        (try? Catalog.loading(paths: paths.filter { (try? StringCatalog(contentsOf: $0)) != nil })) ?? .embedded
    }

    func localeProblem(_ locale: String, catalogs: [String]) -> String? {
        let catalog = Self.catalog(catalogs)
        let language = LocaleFallback.language(of: locale)
        let missing = Self.sentenceKeys.filter { key in
            guard let found = catalog.localization(of: key, locale: locale) else { return true }
            return LocaleFallback.language(of: found.locale) != language
        }
        guard !missing.isEmpty else { return nil }
        let available = Self.writable(catalog).joined(separator: ", ")
        if missing.count == Self.sentenceKeys.count {
            return "no catalog translates the descriptions into '\(locale)'; locales available: \(available) (a pipeline's 'strings' catalog may add one: see docs/localisation.md)"
        }
        return "the catalogs translate \(Self.sentenceKeys.count - missing.count) of the \(Self.sentenceKeys.count) description sentences into '\(locale)' (missing, for example, '\(missing[0])'); translate them all, or use one of \(available)"
    }

    func unitProblem(_ unit: String) -> String? {
        guard !LocaleFormats.isKnownUnit(unit) else { return nil }
        let known = Self.unitCandidates.filter(LocaleFormats.isKnownUnit)
        let near = Suggestion.closest(to: unit, in: known).map { "; did you mean '\($0)'?" } ?? ""
        return "'\(unit)' is not a unit descriptions can spell out (an ISO 4217 currency, 'percent', or a CLDR unit id such as 'energy-kilowatt-hour')\(near)"
    }

    /// Locales every description sentence is written in.
    static func writable(_ catalog: Catalog) -> [String] {
        catalog.locales.filter { locale in
            let language = LocaleFallback.language(of: locale)
            return sentenceKeys.allSatisfy { key in
                catalog.localization(of: key, locale: locale).map { LocaleFallback.language(of: $0.locale) == language } ?? false
            }
        }
    }

    /// CLDR's unit ids (units.xml), the candidates of "did you mean"; those ICU cannot format are
    /// dropped where they are used.
    static let unitCandidates: [String] = [
        "acceleration-g-force", "acceleration-meter-per-square-second", "angle-arc-minute", "angle-arc-second", "angle-degree",
        "angle-radian", "angle-revolution", "area-acre", "area-hectare", "area-square-centimeter", "area-square-foot",
        "area-square-inch", "area-square-kilometer", "area-square-meter", "area-square-mile", "area-square-yard",
        "concentr-karat", "concentr-milligram-ofglucose-per-deciliter", "concentr-millimole-per-liter", "concentr-mole",
        "concentr-permille", "concentr-permillion", "concentr-permyriad", "consumption-liter-per-100-kilometer",
        "consumption-liter-per-kilometer", "consumption-mile-per-gallon", "digital-bit", "digital-byte", "digital-gigabit",
        "digital-gigabyte", "digital-kilobit", "digital-kilobyte", "digital-megabit", "digital-megabyte", "digital-petabyte",
        "digital-terabit", "digital-terabyte", "duration-century", "duration-day", "duration-decade", "duration-hour",
        "duration-microsecond", "duration-millisecond", "duration-minute", "duration-month", "duration-nanosecond",
        "duration-second", "duration-week", "duration-year", "electric-ampere", "electric-milliampere", "electric-ohm",
        "electric-volt", "energy-british-thermal-unit", "energy-calorie", "energy-electronvolt", "energy-foodcalorie",
        "energy-joule", "energy-kilocalorie", "energy-kilojoule", "energy-kilowatt-hour", "energy-therm-us", "force-newton",
        "force-pound-force", "frequency-gigahertz", "frequency-hertz", "frequency-kilohertz", "frequency-megahertz",
        "graphics-dot-per-inch", "graphics-megapixel", "graphics-pixel", "length-astronomical-unit", "length-centimeter",
        "length-decimeter", "length-fathom", "length-foot", "length-furlong", "length-inch", "length-kilometer",
        "length-light-year", "length-meter", "length-micrometer", "length-mile", "length-mile-scandinavian",
        "length-millimeter", "length-nanometer", "length-nautical-mile", "length-parsec", "length-picometer",
        "length-point", "length-yard", "light-lux", "mass-carat", "mass-gram", "mass-kilogram", "mass-microgram",
        "mass-milligram", "mass-ounce", "mass-ounce-troy", "mass-pound", "mass-stone", "mass-ton", "mass-tonne",
        "power-gigawatt", "power-horsepower", "power-kilowatt", "power-megawatt", "power-milliwatt", "power-watt",
        "pressure-atmosphere", "pressure-bar", "pressure-hectopascal", "pressure-inch-ofhg", "pressure-kilopascal",
        "pressure-megapascal", "pressure-millibar", "pressure-millimeter-ofhg", "pressure-pascal",
        "pressure-pound-force-per-square-inch", "speed-kilometer-per-hour", "speed-knot", "speed-meter-per-second",
        "speed-mile-per-hour", "temperature-celsius", "temperature-fahrenheit", "temperature-generic", "temperature-kelvin",
        "torque-newton-meter", "torque-pound-force-foot", "volume-acre-foot", "volume-barrel", "volume-bushel",
        "volume-centiliter", "volume-cubic-centimeter", "volume-cubic-foot", "volume-cubic-inch", "volume-cubic-kilometer",
        "volume-cubic-meter", "volume-cubic-mile", "volume-cubic-yard", "volume-cup", "volume-cup-metric", "volume-deciliter",
        "volume-fluid-ounce", "volume-fluid-ounce-imperial", "volume-gallon", "volume-gallon-imperial", "volume-hectoliter",
        "volume-liter", "volume-megaliter", "volume-milliliter", "volume-pint", "volume-pint-metric", "volume-quart",
        "volume-tablespoon", "volume-teaspoon",
    ]
}
