import ChartpipeText
import FuzzHarness

/// A string catalog (.xcstrings) from any bytes: parsing, the lint `validate` runs, a write and
/// re-read that must give the same catalog, and every key (up to 16) rendered in the shipped locales.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = InputBytes(data, size)
    let catalog: StringCatalog
    do {
        catalog = try StringCatalog(parsing: input.array, path: "fuzz.xcstrings")
    } catch {
        _ = error.description
        return 0
    }
    _ = CatalogLint.lint(catalog, path: "fuzz.xcstrings").map(\.description)
    _ = CatalogLint.lint(catalog, path: "fuzz.xcstrings", locales: TemplateSamples.locales).map(\.description)
    do {
        let again = try StringCatalog(parsing: catalog.encoded(), path: "encoded.xcstrings")
        expect(again == catalog, "a catalog written and read again differs from the one read")
    } catch {
        expect(false, "a catalog chartpipe wrote does not parse: \(error)")
    }
    let merged = Catalog([catalog])
    for key in catalog.keys.prefix(16) {
        guard catalog.entries[key] != nil else { continue }
        for locale in TemplateSamples.locales {
            for arguments in TemplateSamples.argumentSets {
                _ = merged.rendering(key, locale: locale, arguments)
            }
        }
        _ = merged.text(key, locale: "zh-Hans")
    }
    return 0
}

@main
enum CatalogFuzzer {
    static func main() { FuzzDriver.run(fuzzCatalog) }
}
