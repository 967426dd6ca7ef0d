import ChartpipeCore
import ChartpipeJSON
import Foundation

/// Adds the external stages to a pipeline's registry (SPEC §9): the `plugin` stage, whose entries
/// name their command, and every executable `chartpipe-stage-NAME` in the pipeline's `plugins/`
/// folder, then on `PATH` (the first of a name wins; built-in stages win over both). Each found
/// plugin is asked `--describe` once, and joins the registry like a built-in.
public struct PluginProvider: StageProvider {
    /// Translates a pipeline's text (a title, a series name) into a locale through the run's catalogs.
    public typealias Translation = @Sendable (_ text: String, _ locale: String, _ catalogs: [String]) -> String

    /// The prefix of discovered plugins' file names.
    public static let prefix = "chartpipe-stage-"

    let environment: [String: String]
    let discover: Bool
    let settings: PluginSettings

    /// - Parameters:
    ///   - environment: chartpipe's own; only `PATH` and `HOME` reach plugins.
    ///   - discover: whether to look for `chartpipe-stage-*` executables (not for the shipped schema).
    ///   - grace: seconds between SIGTERM and SIGKILL when a plugin is stopped.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, discover: Bool = true, grace: Double = 2,
                describeTimeout: Double = 10, translate: @escaping Translation = { text, _, _ in text }) {
        self.environment = environment
        self.discover = discover
        settings = PluginSettings(grace: grace, describeTimeout: describeTimeout, translate: translate)
    }

    public func registrations(pipelineDirectory directory: String?) -> [StageRegistration] {
        let folder = directory ?? FileManager.default.currentDirectoryPath
        var registrations = [pluginStage(folder: folder)]
        if discover { registrations += discovered(folder: directory) }
        return registrations
    }

    // MARK: the `plugin` stage

    private func pluginStage(folder: String) -> StageRegistration {
        let cache = ProgramCache()
        let settings = settings
        let provider = self
        return StageRegistration(description: ExternalStage.description, kind: .chart, origin: nil, make: { options in
            let name = try options.value(ExternalStage.name)
            let launch = try provider.launch(try options.value(ExternalStage.command), folder: folder, name: name)
            var program = try cache.program(for: [launch.executable] + launch.arguments) {
                provider.program(name: name, launch: launch, label: "plugin '\(name)'").mapError { error in
                    var located = error
                    located.field = ExternalStage.command.name
                    return located
                }
            }
            program.name = name
            let given = try options.value(ExternalStage.pluginOptions)
            let fields = program.declaration.options
            let problems = Shape.object(fields).problems(in: given, name: "the options of plugin '\(name)'", path: "")
            if !problems.isEmpty {
                throw ChartError(PluginDeclaration.summary(of: problems), code: .pluginInvalidOptions, field: ExternalStage.pluginOptions.name)
            }
            let values = Dictionary(given.objectValue ?? [], uniquingKeysWith: { a, _ in a })
            return try ExternalStage(program: program, options: options, pluginOptions: Self.filled(values, fields: fields), settings: settings)
        }, release: { cache.release(grace: settings.grace) })
    }

    /// The program and arguments of a `command`: a program with a '/' is a file relative to the
    /// pipeline's folder, one without is looked up on `PATH`; an argument that names an existing
    /// file relative to the pipeline's folder is passed as its absolute path (the plugin runs in a
    /// temporary folder).
    func launch(_ argv: [String], folder: String, name: String) throws(ChartError) -> PluginLaunch {
        guard let first = argv.first else {
            throw ChartError("'command' needs at least the program", code: .pluginCommand, field: ExternalStage.command.name)
        }
        let executable: String
        if first.contains("/") {
            executable = Self.absolute(first, in: folder)
            guard FileManager.default.isExecutableFile(atPath: executable) else {
                throw ChartError("the program '\(first)' of plugin '\(name)' is not an executable file (paths are relative to the pipeline's folder)",
                                 code: .pluginCommand, field: ExternalStage.command.name)
            }
        } else {
            guard let found = searchPath.lazy.map({ $0 + "/" + first }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
                throw ChartError("the program '\(first)' of plugin '\(name)' is not on PATH; install it or give its path",
                                 code: .pluginCommand, field: ExternalStage.command.name)
            }
            executable = found
        }
        let arguments = argv.dropFirst().map { argument -> String in
            guard !argument.hasPrefix("-"), !argument.hasPrefix("/") else { return argument }
            let candidate = Self.absolute(argument, in: folder)
            return FileManager.default.fileExists(atPath: candidate) ? candidate : argument
        }
        return PluginLaunch(executable: executable, arguments: arguments, environment: baseEnvironment(name: name, folder: folder))
    }

    // MARK: discovery

    /// Every `chartpipe-stage-NAME` in `<pipeline>/plugins`, then on `PATH`.
    private func discovered(folder directory: String?) -> [StageRegistration] {
        var folders = searchPath
        if let directory { folders.insert(directory + "/plugins", at: 0) }
        var seen: Set<String> = []
        var registrations: [StageRegistration] = []
        for folder in folders {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for file in files.sorted() where file.hasPrefix(Self.prefix) {
                let name = String(file.dropFirst(Self.prefix.count))
                let path = folder + "/" + file
                var isFolder: ObjCBool = false
                guard case .success(true) = Patterns.wholeMatch(PipelineShape.idPattern, name),
                      FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
                      FileManager.default.isExecutableFile(atPath: path), seen.insert(name).inserted else { continue }
                registrations.append(registration(name: name, path: path, folder: directory ?? folder))
            }
        }
        return registrations
    }

    /// A found plugin as a stage; a plugin whose `--describe` fails is listed as broken, and using it says why.
    private func registration(name: String, path: String, folder: String) -> StageRegistration {
        let launch = PluginLaunch(executable: path, arguments: [], environment: baseEnvironment(name: name, folder: folder))
        let settings = settings
        let found = program(name: name, launch: launch, label: Self.prefix + name).flatMap { program -> Result<PluginProgram, ChartError> in
            if program.declaration.name != name {
                return .failure(ChartError("\(Self.prefix + name) --describe says its name is '\(program.declaration.name)'; it must be '\(name)'",
                                           code: .pluginBadDescription))
            }
            let reserved = ExternalStage.common.map(\.field.name) + ["use", "id"]
            if let clash = program.declaration.options.first(where: { reserved.contains($0.name) }) {
                return .failure(ChartError("\(Self.prefix + name) --describe declares the option '\(clash.name)', which is chartpipe's own; rename it",
                                           code: .pluginBadDescription))
            }
            return .success(program)
        }
        switch found {
        case let .success(program):
            let d = program.declaration
            let description = StageDescription(name: name, summary: d.summary, fields: d.options + ExternalStage.common.map(\.field),
                                               needs: d.needs.map { Need($0) }, adds: d.adds, invalidates: d.invalidates, mayRepeat: true)
            return StageRegistration(description: description, kind: .chart, origin: path, make: { options in
                let own = Set(ExternalStage.common.map(\.field.name))
                let values = options.values.filter { !own.contains($0.key) }
                return try ExternalStage(program: program, options: options, pluginOptions: Self.filled(values, fields: d.options),
                                         settings: settings)
            }, release: { program.pool.release(grace: settings.grace) })
        case let .failure(error):
            let description = StageDescription(name: name, summary: "Unusable plugin: \(error.message)", fields: [], mayRepeat: true)
            return StageRegistration(description: description, kind: .chart, origin: path, make: { _ in throw error })
        }
    }

    // MARK: programs

    /// A program with what its `--describe` declared.
    func program(name: String, launch: PluginLaunch, label: String) -> Result<PluginProgram, ChartError> {
        var asking = launch
        asking.arguments.append("--describe")
        let limits = ExchangeLimits(timeout: settings.describeTimeout, maxReply: 1 << 20, grace: settings.grace)
        let describing = "\(label) --describe"
        do {
            let process = try PluginProcess.start(asking)
            let reply: [UInt8]
            do {
                reply = try process.exchange([], framing: .wholeOutput, limits: limits, cancellation: .never)
            } catch let failure as PluginFailure {
                return .failure(failure.diagnostic(describing, launch: asking, timeout: limits.timeout, limit: 1, tail: process.stderrTail.lines()))
            }
            let declaration = try PluginDeclaration(reading: reply, plugin: label)
            return .success(PluginProgram(name: name, launch: launch, declaration: declaration, pool: ProcessPool()))
        } catch let failure as PluginFailure {
            return .failure(failure.diagnostic(describing, launch: asking, timeout: limits.timeout, limit: 1, tail: []))
        } catch let error as ChartError {
            return .failure(error)
        } catch {
            return .failure(ChartError("\(describing) failed: \(error)", code: .pluginBadDescription))
        }
    }

    /// What a plugin's environment holds: nothing of chartpipe's but `PATH` and `HOME`.
    func baseEnvironment(name: String, folder: String) -> [String: String] {
        var env = [
            "LANG": "C.UTF-8", "TZ": "UTC",
            "CHARTPIPE_PROTOCOL_VERSION": String(PluginProtocol.version),
            "CHARTPIPE_PIPELINE_DIR": folder,
            "CHARTPIPE_PLUGIN": name,
        ]
        env["PATH"] = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        if let home = environment["HOME"] { env["HOME"] = home }
        return env
    }

    private var searchPath: [String] {
        (environment["PATH"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    }

    static func absolute(_ path: String, in folder: String) -> String {
        path.hasPrefix("/") ? URL(fileURLWithPath: path).standardizedFileURL.path
            : URL(fileURLWithPath: folder).appendingPathComponent(path).standardizedFileURL.path
    }

    /// A plugin's options with its declared defaults filled in, in declaration order.
    static func filled(_ values: [String: JSONValue], fields: [Field]) -> JSONValue {
        var members: [(String, JSONValue)] = []
        for field in fields {
            if let v = values[field.name] ?? field.defaultValue { members.append((field.name, v)) }
        }
        for key in values.keys.sorted() where !fields.contains(where: { $0.name == key }) { members.append((key, values[key] ?? .null)) }
        return .object(members)
    }
}
