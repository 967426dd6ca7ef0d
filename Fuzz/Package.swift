// swift-tools-version: 6.0
import PackageDescription

/// libFuzzer targets, one executable per entry point. A package of its own so that a plain
/// `swift build` / `swift test` of chartpipe never builds them: they need `-sanitize=fuzzer`, whose
/// runtime brings a `main` of its own. `make fuzz` (Fuzz/run.sh) passes `-sanitize=fuzzer,address` to
/// every module, chartpipe's included, so that coverage guides the fuzzer.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
]

/// A fuzz target in the folder `path`: `LLVMFuzzerTestOneInput` and a `@main` that hands it to libFuzzer's driver.
func fuzzTarget(_ name: String, path: String) -> Target {
    .executableTarget(name: name,
                      dependencies: ["FuzzHarness", .product(name: "ChartpipeLibraries", package: "chartpipe")],
                      path: path, swiftSettings: swiftSettings)
}

let package = Package(
    name: "chartpipe-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "chartpipe", path: "..")],
    targets: [
        // What the targets share: the input folder, choices from the input's bytes, stream checks.
        .systemLibrary(name: "CLibFuzzer", path: "CLibFuzzer"),
        .target(name: "FuzzHarness", dependencies: ["CLibFuzzer", .product(name: "ChartpipeLibraries", package: "chartpipe")],
                path: "FuzzHarness", swiftSettings: swiftSettings),
        fuzzTarget("FuzzCSV", path: "CSV"),
        fuzzTarget("FuzzJSON", path: "JSON"),
        fuzzTarget("FuzzPipeline", path: "Pipeline"),
        fuzzTarget("FuzzCatalog", path: "Catalog"),
        fuzzTarget("FuzzTemplate", path: "Template"),
        fuzzTarget("FuzzXLIFF", path: "XLIFF"),
        fuzzTarget("FuzzPO", path: "PO"),
    ]
)
