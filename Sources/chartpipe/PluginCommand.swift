import ChartpipeCore
import Foundation
import Plugin

/// `chartpipe plugin new NAME`: a working plugin skeleton with its test (SPEC §9, docs/plugins.md).
enum PluginCommand {
    static let spec = CommandSpec(
        name: "plugin", summary: "Write a working plugin skeleton: chartpipe plugin new NAME.",
        positionals: ["ACTION", "[ARGS…]"], options: [],
        discussion: """
        Actions:
          new NAME [--language python|swift] [--in DIR]   write DIR/NAME (default: ./NAME), a plugin
                                                         chartpipe-stage-NAME and its test

        A plugin is any program that speaks chartpipe's JSON protocol (docs/plugins.md).
        """)

    static let new = CommandSpec(
        name: "plugin new", summary: "Write a working plugin skeleton with its test.", positionals: ["NAME"],
        options: [
            OptionSpec(name: "language", value: "LANGUAGE", help: "'python' (default: one script, standard library only) or 'swift' (a Swift package)."),
            OptionSpec(name: "in", value: "DIR", help: "Folder to write the skeleton's folder NAME into (default: the current folder)."),
        ],
        discussion: "The skeleton answers with one sentence per chart in en, zh-Hans, ko and ja, in persistent mode;\nits test runs it the way chartpipe does.")

    static func run(_ parsed: ParsedArguments, arguments: [String]) throws(UsageError) -> Int32 {
        let name = parsed.positionals[0]
        guard name == "new" else {
            let hint = Suggestion.closest(to: name, in: ["new"]).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "unknown action '\(name)' for 'chartpipe plugin'\(hint)", command: "plugin")
        }
        let rest = try ArgumentParser.parse(Array(arguments.drop { $0 != name }.dropFirst()), for: new)
        if rest.help { print(new.help, terminator: ""); return 0 }
        return try runNew(rest)
    }

    static func runNew(_ parsed: ParsedArguments) throws(UsageError) -> Int32 {
        let name = parsed.positionals[0]
        guard case .success(true) = Patterns.wholeMatch(PipelineShape.idPattern, name) else {
            throw UsageError(message: "the plugin name '\(name)' must be \(PipelineShape.idHelp)", command: "plugin new")
        }
        let language = parsed.value("language") ?? "python"
        let files: [PluginSkeleton.File]
        switch language {
        case "python": files = PluginSkeleton.python(name: name)
        case "swift": files = PluginSkeleton.swift(name: name)
        default:
            throw UsageError(message: "--language must be 'python' or 'swift', not '\(language)'", command: "plugin new")
        }
        let parent = URL(fileURLWithPath: parsed.value("in") ?? FileManager.default.currentDirectoryPath).standardizedFileURL
        let folder = parent.appendingPathComponent(name)
        guard !FileManager.default.fileExists(atPath: folder.path) else {
            Console.error("chartpipe: error: \(folder.path) already exists; choose another NAME or --in folder")
            return 1
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
            return 1
        }
        print("Wrote \(folder.path):")
        for file in files { print("  \(file.path)") }
        print("\n" + PluginSkeleton.nextSteps(name: name, language: language, folder: folder.path), terminator: "")
        return 0
    }
}
