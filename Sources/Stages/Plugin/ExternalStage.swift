import ChartpipeCore
import ChartpipeJSON
import Foundation

/// A stage whose work a plugin process does (SPEC §9): `{ "use": "plugin", "command": […] }`, or
/// `{ "use": "NAME" }` for an executable `chartpipe-stage-NAME` found beside the pipeline or on
/// `PATH`. For each chart it sends the request, reads the response with a timeout and a size
/// limit, and applies it; anything that goes wrong fails this chart only.
public struct ExternalStage: ChartStage {
    // Options chartpipe itself reads, for every external stage.
    static let timeout = Option<Double>("timeout", doc: "Seconds the plugin may take for one chart; then its whole process group is stopped.",
                                        default: 30, above: 0, max: 86_400)
    static let mode = Option<PluginMode>("mode", doc: "per-chart (one process per chart) or persistent (one per worker); default: what the plugin declares.")
    static let enabled = Option<Bool>("enabled", doc: "Whether the plugin runs for a chart; false in a chart's \"stages\" skips it there.",
                                      default: true)
    static let responseLimit = Option<Int>("responseLimit", doc: "MiB the plugin may print on stdout for one chart; beyond it the plugin is stopped.",
                                           default: 64, min: 1, max: 4096)
    static let common: [any OptionDeclaration] = [timeout, mode, enabled, responseLimit]

    // Options of the `plugin` stage, which names its program in the pipeline.
    static let name = Option<String>("name", doc: "Name of the plugin, for messages and its files (plugin.<name>.json, <name>/…).",
                                     required: true, shape: .string(pattern: PipelineShape.idPattern, patternHelp: PipelineShape.idHelp))
    static let command = Option<[String]>("command", doc: "Program and arguments, no shell; a path names a file relative to the pipeline's folder.",
                                          required: true, shape: .array(.string(pattern: ".+", patternHelp: "a non-empty argument"), minItems: 1))
    static let pluginOptions = Option<JSONValue>("options", doc: "Options passed to the plugin, checked against what its --describe declares.",
                                                 default: .object([]), shape: .map(.any))

    public static let description = StageDescription(
        name: "plugin", summary: "An external stage: an executable speaking chartpipe's JSON protocol.",
        options: [name, command, pluginOptions] + common, needs: [Need(.series)], mayRepeat: true)

    let program: PluginProgram
    /// The plugin's own options, defaults filled in: what the request carries.
    let pluginOptions: JSONValue
    let timeout: Double
    let mode: PluginMode
    let enabled: Bool
    let responseLimit: Int
    let settings: PluginSettings

    /// External stages are built by `PluginProvider`, which knows the pipeline's folder and the plugin.
    public init(options: StageOptions) throws {
        throw ChartError("an external stage is built by the plugin provider of a pipeline", code: .pluginUnbuilt)
    }

    init(program: PluginProgram, options: StageOptions, pluginOptions: JSONValue, settings: PluginSettings) throws(ChartError) {
        self.program = program
        self.pluginOptions = pluginOptions
        self.settings = settings
        timeout = try options.value(Self.timeout)
        enabled = try options.value(Self.enabled)
        responseLimit = try options.value(Self.responseLimit)
        mode = try options.optionalValue(Self.mode) ?? program.declaration.mode
        if mode == .persistent, program.declaration.mode != .persistent {
            throw ChartError("\(program.label) does not declare a persistent mode in its --describe; remove \"mode\": \"persistent\"",
                             code: .pluginMode, field: Self.mode.name)
        }
    }

    public func run(_ context: inout ChartContext) throws {
        guard enabled else { return }
        func request(_ process: PluginProcess) -> [UInt8] {
            JSONWriter(pretty: false).bytes(PluginRequest.json(context, plugin: program.name, sequence: process.requestsSent + 1,
                                                               options: pluginOptions, translate: settings.translate)) + [0x0A]
        }
        let limits = ExchangeLimits(timeout: timeout, maxReply: responseLimit << 20, grace: settings.grace)
        var launch = program.launch
        launch.environment["CHARTPIPE_LOCALES"] = context.run.locales.joined(separator: ",")
        launch.environment["CHARTPIPE_MODE"] = mode.rawValue
        let response: PluginResponse
        switch mode {
        case .perChart:
            launch.environment["CHARTPIPE_CHART_ID"] = context.chart.id
            let process = try start { () throws(PluginFailure) in try PluginProcess.start(launch) }
            let reply = try exchange(process, request(process), framing: .wholeOutput, limits: limits, cancellation: context.cancellation)
            response = try PluginResponse(reading: reply, program: program, tail: process.stderrTail.lines())
            try response.checkEcho(chart: context.chart.id, sequence: 1, required: false, program: program)
        case .persistent:
            let process = try start { () throws(PluginFailure) in try program.pool.take(launch) }
            let sent = request(process)
            let reply = try exchange(process, sent, framing: .line, limits: limits, cancellation: context.cancellation)
            do {
                response = try PluginResponse(reading: reply, program: program, tail: process.stderrTail.lines())
                // Each line is tied to its request: an extra or a missing line fails the chart it would shift.
                try response.checkEcho(chart: context.chart.id, sequence: process.requestsSent, required: true, program: program)
                if process.hasUnaskedOutput {
                    throw ChartError("\(program.label) printed more than one line for the request of chart '\(context.chart.id)'; a persistent plugin prints exactly one response line per request line",
                                     code: .pluginInvalidResponse)
                }
            } catch {
                // A process that answered out of protocol is not asked again.
                process.stop(grace: settings.grace)
                throw error
            }
            program.pool.giveBack(process)
        }
        try response.apply(to: &context, program: program)
    }

    private func start(_ body: () throws(PluginFailure) -> PluginProcess) throws(ChartError) -> PluginProcess {
        do {
            return try body()
        } catch {
            throw error.diagnostic(program.label, launch: program.launch, timeout: timeout, limit: responseLimit, tail: [])
        }
    }

    private func exchange(_ process: PluginProcess, _ request: [UInt8], framing: PluginProcess.Framing, limits: ExchangeLimits,
                          cancellation: Cancellation) throws -> [UInt8] {
        do {
            return try process.exchange(request, framing: framing, limits: limits, cancellation: cancellation)
        } catch let failure as PluginFailure {
            throw failure.diagnostic(program.label, launch: program.launch, timeout: timeout, limit: responseLimit,
                                     tail: process.stderrTail.lines())
        }
    }
}

extension PluginFailure {
    /// The chart's error: what happened, what to do, and the end of the plugin's stderr.
    func diagnostic(_ label: String, launch: PluginLaunch, timeout: Double, limit: Int, tail: [String]) -> ChartError {
        let message: String
        let code: DiagnosticCode
        switch self {
        case let .cannotStart(reason):
            message = "\(label) could not start (\(launch.display)): \(reason)"
            code = .pluginCannotStart
        case .timedOut:
            let seconds = JSONWriter.number(timeout) + (timeout == 1 ? " second" : " seconds")
            message = "\(label) did not finish within \(seconds) and was stopped with its process group; make it faster or raise its 'timeout'"
            code = .pluginTimeout
        case .replyTooLarge:
            message = "\(label) printed more than \(limit) MiB on stdout and was stopped; return less, or raise its 'responseLimit'"
            code = .pluginResponseTooLarge
        case let .ended(status, signal):
            if signal != 0 {
                message = "\(label) was ended by signal \(signal) (\(String(cString: strsignal(signal))))"
            } else if status != 0 {
                message = "\(label) exited with status \(status)"
            } else {
                message = "\(label) ended before it answered"
            }
            code = .pluginExited
        }
        return ChartError(message + PluginResponse.quote(tail), code: code)
    }
}
