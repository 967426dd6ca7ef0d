import ChartpipeText
import FuzzHarness

/// A PO file from any bytes, imported as `chartpipe strings import` does (the locale from its
/// `Language` header): an error with its line or a catalog that exports and imports again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPO(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = InputBytes(data, size)
    do {
        let result = try PortableObject.importing(bytes: input.array, path: "fuzz.po", into: ExchangeCatalog.catalog)
        let locale = result.catalog.locales.dropFirst().first ?? "ko"
        ExchangeCatalog.checkRoundTrip(result.catalog, locale: locale)
    } catch {
        _ = error.description
    }
    return 0
}

@main
enum POFuzzer {
    static func main() { FuzzDriver.run(fuzzPO) }
}
