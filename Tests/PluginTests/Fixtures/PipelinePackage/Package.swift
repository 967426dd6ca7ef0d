// swift-tools-version: 6.0
import PackageDescription

// A package that depends on chartpipe by path and checks its pipelines at build time (make test):
// `Good` builds; `Broken` fails with a compiler-style diagnostic for its pipeline.
let package = Package(
    name: "PipelinePackage",
    dependencies: [.package(name: "chartpipe", path: "../../../..")],
    targets: [
        .target(name: "Good", plugins: [.plugin(name: "PipelineCheck", package: "chartpipe")]),
        .target(name: "Broken", plugins: [.plugin(name: "PipelineCheck", package: "chartpipe")]),
    ]
)
