import ChartpipeCore
import Foundation
import Plugin

/// `chartpipe plugin new NAME`: a working plugin skeleton with its test (SPEC §9, docs/plugins.md).
enum PluginCommand: Command {
    static let spec = CommandSpec(
        name: "plugin", summary: "Write a working plugin skeleton: chartpipe plugin new NAME.",
        positionals: ["ACTION", "[ARGS…]"], options: [],
        discussion: """
        Actions:
          new NAME [--language python|swift] [--in DIR]   write DIR/NAME (default: ./NAME), a plugin
                                                         chartpipe-stage-NAME and its test

        A plugin is any program that speaks chartpipe's JSON protocol (docs/plugins.md).
        """,
        actions: [new])

    static let language = OptionSpec("language", value: "LANGUAGE", help: "{choices}: one script (standard library only), or a Swift package.",
                                     shape: .choice(["python", "swift"]), default: "python")
    static let folder = OptionSpec("in", value: "DIR", help: "Folder to write the skeleton's folder NAME into.", defaultHelp: "the current folder")

    static let new = CommandSpec(
        name: "plugin new", summary: "Write a working plugin skeleton with its test.", positionals: ["NAME"],
        options: [language, folder],
        discussion: "The skeleton answers with one sentence per chart in en, zh-Hans, ko and ja, in persistent mode;\nits test runs it the way chartpipe does.")

    static func run(_ parsed: ParsedArguments, arguments: [String]) throws(UsageError) -> ExitStatus {
        let name = parsed.positionals[0]
        let action = try spec.action(name)
        let rest = try ArgumentParser.parse(Array(arguments.drop { $0 != name }.dropFirst()), for: action)
        if rest.help { print(action.help, terminator: ""); return .success }
        return try runNew(rest)
    }

    static func runNew(_ parsed: ParsedArguments) throws(UsageError) -> ExitStatus {
        let name = parsed.positionals[0]
        guard case .success(true) = Patterns.wholeMatch(PipelineShape.idPattern, name) else {
            throw UsageError(message: "the plugin name '\(name)' must be \(PipelineShape.idHelp)", command: "plugin new")
        }
        let language = try parsed.value(Self.language) ?? ""
        let files = language == "swift" ? PluginSkeleton.swift(name: name) : PluginSkeleton.python(name: name)
        let parent = URL(fileURLWithPath: parsed.given(Self.folder) ?? FileManager.default.currentDirectoryPath).standardizedFileURL
        let folder = parent.appendingPathComponent(name)
        guard !FileManager.default.fileExists(atPath: folder.path) else {
            Console.error("chartpipe: error: \(folder.path) already exists; choose another NAME or --in folder")
            return .failure
        }
        do {
            for file in files {
                let url = folder.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: url, options: .atomic)
                if file.executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path) }
            }
        } catch {
            Console.error("chartpipe: error: cannot write the skeleton into \(folder.path): \(FileProblem.reason(error))")
            return .failure
        }
        print("Wrote \(folder.path):")
        for file in files { print("  \(file.path)") }
        print("\n" + PluginSkeleton.nextSteps(name: name, language: language, folder: folder.path), terminator: "")
        return .success
    }
}
