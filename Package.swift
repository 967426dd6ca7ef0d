// swift-tools-version: 6.0
import PackageDescription

/// One settings array for every Swift target: Swift 6 language mode, whose concurrency checking is
/// complete (data races are errors, not warnings).
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
]

/// A built-in stage: a module under Sources/Stages/<name> that depends on the core and never on another stage.
func stage(_ name: String, _ extra: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: ["ChartpipeCore", "ChartpipeJSON", "ChartpipeLock"] + extra, path: "Sources/Stages/\(name)",
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
        // `swift package chartpipe …` from any package that depends on chartpipe.
        .plugin(name: "ChartpipeCommand", targets: ["ChartpipeCommand"]),
        // Checks a target's .pipeline files at build time (compiler-style diagnostics).
        .plugin(name: "PipelineCheck", targets: ["PipelineCheck"]),
        // For the fuzz targets in Fuzz/, a package of its own that depends on this one by path.
        .library(name: "ChartpipeLibraries",
                 targets: ["ChartpipeJSON", "ChartpipeCore", "ChartpipeText", "Ingest", "BuiltinStages"]),
    ],
    targets: [
        .systemLibrary(name: "CCSV", path: "Sources/CCSV",
                       providers: [.apt(["libcsv-dev"])]),
        .systemLibrary(name: "CJansson", path: "Sources/CJansson",
                       providers: [.apt(["libjansson-dev"])]),
        .target(name: "CICU", path: "Sources/CICU",
                linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        // A lock that ThreadSanitizer sees (`Locked`), for every module's shared state.
        .target(name: "ChartpipeLock", swiftSettings: swiftSettings),
        // JSON values, parsing with positions (jansson, whose pointers stay inside) and writing.
        .target(name: "ChartpipeJSON", dependencies: ["CJansson", "ChartpipeLock"], swiftSettings: swiftSettings),
        // SHA-256 of the manifest's checksums, from libcrypto (OpenSSL 3).
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto",
                       pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        // Starting a file's writeback early (sync_file_range, a GNU extension), for the output writer,
        // and files without a name (O_TMPFILE), for the XLSX table.
        .target(name: "CFileSync", path: "Sources/CFileSync"),
        // Day arithmetic of the Gregorian calendar, one copy below the core and the text module.
        .target(name: "ChartpipeCalendar", swiftSettings: swiftSettings),
        .target(name: "ChartpipeCore", dependencies: ["ChartpipeJSON", "ChartpipeLock", "ChartpipeCalendar", "CCrypto", "CFileSync"], swiftSettings: swiftSettings,
                linkerSettings: [.linkedLibrary("m")]),
        // The shipped catalogs are compiled into the binary as byte arrays (`PackageResources`), so a
        // moved binary keeps them and nothing reads a resource bundle at run time.
        .target(name: "ChartpipeText", dependencies: ["ChartpipeJSON", "ChartpipeLock", "ChartpipeCalendar", "CICU"], exclude: ["Catalogs/README.md"],
                resources: [.embedInCode("Catalogs/Describe.xcstrings"), .embedInCode("Catalogs/Figures.xcstrings"),
                            .embedInCode("Catalogs/Messages.xcstrings"), .embedInCode("Catalogs/Report.xcstrings")],
                swiftSettings: swiftSettings),
        // A chart's words in a locale (its names, the facts its values are written with): the bridge
        // between the core's model and the text module, shared by every stage that writes about a chart.
        .target(name: "ChartpipeChartText", dependencies: ["ChartpipeCore", "ChartpipeText", "ChartpipeJSON"],
                swiftSettings: swiftSettings),
        // Database sources: SQLite files, and PostgreSQL through libpq (Ingest's DatabaseSource files).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite",
                       pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CPostgres", path: "Sources/CPostgres",
                       pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        stage("Ingest", ["CCSV", "CJansson", "CSQLite", "CPostgres", "ChartpipeCalendar"]),
        stage("Aggregate"),
        stage("Downsample"),
        stage("Trend"),
        .systemLibrary(name: "CSndFile", path: "Sources/CSndFile",
                       pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        stage("Sonify", ["CSndFile", "ChartpipeText"]),
        stage("Describe", ["ChartpipeText", "ChartpipeChartText"]),
        .systemLibrary(name: "CXLSXWriter", path: "Sources/CXLSXWriter",
                       pkgConfig: "xlsxwriter", providers: [.apt(["libxlsxwriter-dev"])]),
        stage("Table", ["ChartpipeText", "ChartpipeChartText", "CCSV", "CXLSXWriter", "CFileSync"]),
        stage("Chart", ["ChartpipeText", "ChartpipeChartText"]),
        stage("Report", ["ChartpipeText", "ChartpipeChartText"]),
        // Starts plugin processes: posix_spawn's GNU extensions and the wait-status macros are C-only.
        .target(name: "CProcess", path: "Sources/CProcess"),
        stage("Plugin", ["CProcess"]),
        // The one list of built-in stages, shared by the CLI and the fuzz targets.
        .target(name: "BuiltinStages", dependencies: ["ChartpipeCore", "Ingest", "Aggregate", "Downsample", "Trend", "Describe", "Sonify",
                                                      "Table", "Chart", "Report"],
                swiftSettings: swiftSettings),
        // The modules the CLI imports, no more: the built-in stages come through BuiltinStages' list.
        .executableTarget(name: "chartpipe",
                          dependencies: ["ChartpipeCore", "ChartpipeJSON", "ChartpipeText", "ChartpipeChartText", "BuiltinStages", "Ingest",
                                         "Plugin", "ChartpipeLock", "CMalloc"],
                          swiftSettings: swiftSettings),
        // An example plugin in Swift (docs/plugins.md): a rolling mean that replaces the series.
        .executableTarget(name: "chartpipe-stage-rolling", path: "Sources/Examples/chartpipe-stage-rolling",
                          swiftSettings: swiftSettings),
        .executableTarget(name: "ChartpipeBench",
                          dependencies: ["ChartpipeCore", "ChartpipeJSON", "Ingest", "Aggregate", "Downsample", "Trend", "Sonify", "Describe",
                                         "Table", "ChartpipeText"],
                          path: "Benchmarks/ChartpipeBench", swiftSettings: swiftSettings),
        .plugin(name: "ChartpipeCommand",
                capability: .command(intent: .custom(verb: "chartpipe", description: "Run chartpipe, such as 'swift package chartpipe run pipelines/weekly.pipeline'.")),
                dependencies: ["chartpipe"], path: "Plugins/ChartpipeCommand"),
        .plugin(name: "PipelineCheck", capability: .buildTool(), dependencies: ["chartpipe"], path: "Plugins/PipelineCheck"),
        // What tests of several modules share: stages built from their options as a pipeline writes
        // them, running the Python of Tests/Python in the test venv, golden files, processes, seeds.
        .target(name: "ChartpipeTestSupport", dependencies: ["ChartpipeCore", "ChartpipeJSON"], path: "Tests/Support",
                swiftSettings: swiftSettings),
        tests("ChartpipeJSONTests", ["ChartpipeJSON", "ChartpipeTestSupport"], fixtures: false),
        tests("ChartpipeCoreTests", ["ChartpipeCore", "ChartpipeJSON", "ChartpipeLock", "CFileSync", "BuiltinStages"]),
        tests("ChartpipeTextTests", ["ChartpipeText", "ChartpipeLock", "ChartpipeTestSupport"]),
        tests("ChartpipeChartTextTests", ["ChartpipeChartText", "ChartpipeCore", "ChartpipeText"], fixtures: false),
        tests("IngestTests", ["Ingest", "ChartpipeJSON", "ChartpipeLock"]),
        tests("AggregateTests", ["Aggregate", "ChartpipeJSON", "ChartpipeTestSupport"]),
        tests("DownsampleTests", ["Downsample", "ChartpipeJSON", "ChartpipeTestSupport"]),
        tests("TrendTests", ["Trend", "ChartpipeJSON", "ChartpipeTestSupport"]),
        tests("SonifyTests", ["Sonify", "ChartpipeJSON", "ChartpipeTestSupport"]),
        tests("DescribeTests", ["Describe", "ChartpipeChartText", "Ingest", "Aggregate", "Downsample", "Trend", "Sonify", "ChartpipeJSON", "ChartpipeTestSupport"]),
        tests("TableTests", ["Table", "Describe", "Downsample", "Trend", "ChartpipeText", "ChartpipeJSON", "CCSV", "CFileSync",
                             "ChartpipeTestSupport"], fixtures: false),
        tests("ChartTests", ["Chart", "Describe", "Downsample", "Trend", "ChartpipeText", "ChartpipeJSON", "ChartpipeTestSupport"], fixtures: true),
        tests("ReportTests", ["Report", "Sonify", "ChartpipeCore", "ChartpipeText", "ChartpipeJSON"], fixtures: false),
        // Whether processes that plugin test doubles started still run (/proc), for two test targets.
        .target(name: "ProcessCheck", path: "Tests/ProcessCheck", swiftSettings: swiftSettings),
        tests("PluginTests", ["Plugin", "ChartpipeCore", "ChartpipeJSON", "ProcessCheck"]),
        tests("EndToEndTests", ["ChartpipeCore", "ChartpipeText", "ChartpipeJSON", "ChartpipeTestSupport", "ProcessCheck"]),
    ]
)
