import ChartpipeText
import FuzzHarness

/// Templates from any text: parsed, then rendered in en, ko, zh-Hans and ja with several argument
/// lists, as a plain text, as plural variants, and with substitutions (the first byte chooses);
/// also through a merged catalog, which typesets Chinese. Rendering never crashes: it marks what it cannot render.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = InputBytes(data, size)
    let text = String(decoding: input.dropping(1), as: UTF8.self)
    let template = Template(text)
    _ = (template.placeholders, template.substitutions, template.invalidSequences)
    let localization = TemplateLocalization(text: text, shape: input[0]).value
    for locale in TemplateSamples.locales {
        for arguments in TemplateSamples.argumentSets {
            _ = Catalog.render(localization, locale: locale, arguments)
        }
    }
    let catalog = Catalog([StringCatalog(entries: ["fuzz": CatalogEntry(localizations: ["en": localization, "zh-Hans": localization])])])
    for arguments in TemplateSamples.argumentSets {
        _ = catalog.rendering("fuzz", locale: "zh-Hans", arguments)
        _ = catalog.rendering("fuzz", locale: "ko", arguments)
    }
    return 0
}

/// A localization built from the text: `|` separates plural variants (zero, one, two, few, many,
/// other in turn); with substitutions, the first piece is the template and the others the variants.
struct TemplateLocalization {
    let value: Localization

    init(text: String, shape: UInt8) {
        let pieces = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        switch shape % 3 {
        case 0:
            value = .text(text)
        case 1:
            value = Localization(plural: Self.variants(pieces))
        default:
            let main = pieces.first ?? ""
            let variants = Self.variants(Array(pieces.dropFirst()))
            let specifiers = ["lld", "@", ".1f", "d"]
            var substitutions: [String: Substitution] = [:]
            for (i, name) in Template(main).substitutions.enumerated() {
                substitutions[name] = Substitution(argNum: 1 + (Int(shape) / 3 + i) % 4,
                                                   formatSpecifier: specifiers[(Int(shape) / 12 + i) % specifiers.count],
                                                   plural: variants)
            }
            value = Localization(stringUnit: StringUnit(value: main), substitutions: substitutions)
        }
    }

    static func variants(_ pieces: [String]) -> [PluralCategory: StringUnit] {
        var out: [PluralCategory: StringUnit] = [:]
        for (category, piece) in zip(PluralCategory.allCases, pieces) { out[category] = StringUnit(value: piece) }
        return out
    }
}

@main
enum TemplateFuzzer {
    static func main() { FuzzDriver.run(fuzzTemplate) }
}
