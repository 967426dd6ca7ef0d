// swift-tools-version: 6.0
import PackageDescription

/// One settings array for every Swift target: Swift 6 language mode, whose concurrency checking is
/// complete (data races are errors, not warnings).
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
]

/// A built-in stage: a module under Sources/Stages/<name> that depends on the core and never on another stage.
func stage(_ name: String, _ extra: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: ["ChartpipeCore", "ChartpipeJSON"] + extra, path: "Sources/Stages/\(name)",
            swiftSettings: swiftSettings)
}

/// A test target; `Fixtures/` beside the tests holds data and the scripts that made it, read by path.
func tests(_ name: String, _ deps: [Target.Dependency], fixtures: Bool = true) -> Target {
    .testTarget(name: name, dependencies: deps, exclude: fixtures ? ["Fixtures"] : [], swiftSettings: swiftSettings)
}

let package = Package(
    name: "chartpipe",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "chartpipe", targets: ["chartpipe"]),
    ],
    targets: [
        .systemLibrary(name: "CCSV", path: "Sources/CCSV",
                       providers: [.apt(["libcsv-dev"])]),
        .systemLibrary(name: "CJansson", path: "Sources/CJansson",
                       providers: [.apt(["libjansson-dev"])]),
        .target(name: "CICU", path: "Sources/CICU",
                linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        // JSON values, parsing with positions (jansson, whose pointers stay inside) and writing.
        .target(name: "ChartpipeJSON", dependencies: ["CJansson"], swiftSettings: swiftSettings),
        .target(name: "ChartpipeCore", dependencies: ["ChartpipeJSON"], swiftSettings: swiftSettings,
                linkerSettings: [.linkedLibrary("m")]),
        // The shipped catalogs are compiled into the binary as byte arrays (`PackageResources`), so a
        // moved binary keeps them and nothing reads a resource bundle at run time.
        .target(name: "ChartpipeText", dependencies: ["ChartpipeJSON", "CICU"], exclude: ["Catalogs/README.md"],
                resources: [.embedInCode("Catalogs/Describe.xcstrings"), .embedInCode("Catalogs/Messages.xcstrings")],
                swiftSettings: swiftSettings),
        stage("Ingest", ["CCSV", "CJansson"]),
        stage("Aggregate"),
        stage("Downsample"),
        stage("Trend"),
        .systemLibrary(name: "CSndFile", path: "Sources/CSndFile",
                       pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        stage("Sonify", ["CSndFile", "ChartpipeText"]),
        stage("Describe", ["ChartpipeText"]),
        .executableTarget(name: "chartpipe",
                          dependencies: ["ChartpipeCore", "ChartpipeJSON", "ChartpipeText", "Ingest", "Aggregate", "Downsample", "Trend", "Describe", "Sonify"],
                          swiftSettings: swiftSettings),
        .executableTarget(name: "ChartpipeBench",
                          dependencies: ["ChartpipeCore", "ChartpipeJSON", "Ingest", "Aggregate", "Downsample", "Trend", "Sonify", "Describe",
                                         "ChartpipeText"],
                          path: "Benchmarks/ChartpipeBench", swiftSettings: swiftSettings),
        tests("ChartpipeJSONTests", ["ChartpipeJSON"], fixtures: false),
        tests("ChartpipeCoreTests", ["ChartpipeCore", "ChartpipeJSON"]),
        tests("ChartpipeTextTests", ["ChartpipeText"]),
        tests("IngestTests", ["Ingest", "ChartpipeJSON"]),
        tests("AggregateTests", ["Aggregate", "ChartpipeJSON"]),
        tests("DownsampleTests", ["Downsample", "ChartpipeJSON"]),
        tests("TrendTests", ["Trend", "ChartpipeJSON"]),
        tests("SonifyTests", ["Sonify", "ChartpipeJSON"]),
        tests("DescribeTests", ["Describe", "Aggregate", "Downsample", "Trend", "ChartpipeJSON"]),
        tests("EndToEndTests", ["ChartpipeCore", "ChartpipeText", "ChartpipeJSON"]),
    ]
)
