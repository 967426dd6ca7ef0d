import ChartpipeText
import FuzzHarness

/// An XLIFF file from any bytes, imported as `chartpipe strings import` does: an error (with its
/// line) or a catalog that exports and imports again unchanged; never a crash, however deep or long.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXLIFF(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = InputBytes(data, size)
    do {
        let files = try XLIFF.parse(bytes: input.array, path: "fuzz.xliff")
        let result = try XLIFF.importing(bytes: input.array, path: "fuzz.xliff", into: ExchangeCatalog.catalog)
        for file in files.prefix(2) { ExchangeCatalog.checkRoundTrip(result.catalog, locale: file.targetLanguage) }
    } catch {
        _ = error.description
    }
    return 0
}

@main
enum XLIFFFuzzer {
    static func main() { FuzzDriver.run(fuzzXLIFF) }
}
