import BuiltinStages
import ChartpipeCore
import FuzzHarness
import Glibc

/// Where relative paths in the pipeline resolve: `$CHARTPIPE_FUZZ_PIPELINES` (Fuzz/run.sh sets the
/// repository's pipelines/ folder, so that the seeds' catalogs exist and every check runs), else the input folder.
private let directory: String = getenv("CHARTPIPE_FUZZ_PIPELINES").map { String(cString: $0) } ?? InputFolder.current.path

/// The registry the CLI uses: the built-in stages, for a pipeline in `directory`.
private let registry = StageRegistry(providers: [BuiltinStages.all], pipelineDirectory: directory)

/// The pipeline loader over any bytes, with the built-in stages: JSON parsing, the shape check,
/// option checks, the chain check, and every stage built and checked for every chart.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = InputBytes(data, size)
    do {
        let spec = try PipelineLoader(registry: registry).load(bytes: input.array, path: "fuzz.pipeline", directory: directory)
        _ = spec.runInfo()
    } catch {
        expect(!error.diagnostics.isEmpty, "a pipeline rejected without a diagnostic")
        for diagnostic in error.diagnostics {
            // Bad input gets a message with its file (SPEC §8).
            expect(diagnostic.location != nil, "a diagnostic without a file: \(diagnostic)")
            _ = diagnostic.description
        }
    }
    return 0
}

@main
enum PipelineFuzzer {
    static func main() { FuzzDriver.run(fuzzPipeline) }
}
