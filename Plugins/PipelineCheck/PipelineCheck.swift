import Foundation
import PackagePlugin

/// Checks every `.pipeline` file of a Swift target when the target builds: `chartpipe validate`
/// runs on each, and each problem appears in the build log as a compiler-style
/// `file:line:column: error: message`, failing the build. A pipeline that is valid leaves a
/// one-line Swift comment behind, the output the build depends on, so it is checked again only
/// when it changes.
@main
struct PipelineCheck: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "chartpipe")
        return target.sourceFiles.filter { $0.url.pathExtension == "pipeline" }.map { file in
            let name = file.url.lastPathComponent
            let stamp = context.pluginWorkDirectoryURL.appendingPathComponent("\(file.url.deletingPathExtension().lastPathComponent)-pipeline-checked.swift")
            return .buildCommand(displayName: "Checking \(name)", executable: tool.url,
                                 arguments: ["validate", file.url.path, "--stamp", stamp.path],
                                 inputFiles: [file.url], outputFiles: [stamp])
        }
    }
}
