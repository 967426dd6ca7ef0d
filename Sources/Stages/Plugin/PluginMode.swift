import ChartpipeCore
import ChartpipeJSON

/// How chartpipe runs a plugin.
public enum PluginMode: String, Sendable, CaseIterable, OptionChoice {
    /// One process per chart: one request on stdin, then EOF; the response on stdout.
    case perChart = "per-chart"
    /// One process per worker, answering a stream of requests, one JSON line each.
    case persistent
}
