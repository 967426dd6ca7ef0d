import Foundation
import PackagePlugin

/// `swift package chartpipe ARGUMENTS…`: builds chartpipe (for the package that depends on it),
/// runs it with the arguments as given, in the folder `swift package` was started in, and ends
/// with its exit status, so that every subcommand works from any package:
/// `swift package chartpipe run pipelines/weekly.pipeline`, `… validate …`, `… stages`.
@main
struct ChartpipeCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "chartpipe")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        try process.run()
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            Diagnostics.error("chartpipe was ended by signal \(process.terminationStatus)")
            exit(128 + process.terminationStatus)
        }
        // SwiftPM ends 'swift package' with status 1 for any failure and names this status.
        exit(process.terminationStatus)
    }
}
