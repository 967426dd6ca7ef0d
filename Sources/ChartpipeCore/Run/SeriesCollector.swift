import Foundation
import ChartpipeJSON

/// Collects a stream into series when no `aggregate` stage folds it: keeps every observation,
/// sorts unsorted x (stable, with a warning) and rejects duplicate x, naming both rows.
public enum SeriesCollector {
    public static func collect(_ stream: any ObservationStream, chart: ChartSpec,
                               cancellation: Cancellation = .never) throws -> (SeriesSet, [Diagnostic]) {
        var series: [Series] = []
        var lines: [[Int32]] = []
        while let batch = try stream.next() {
            try cancellation.check()
            while series.count < stream.seriesNames.count {
                series.append(Series(name: stream.seriesNames[series.count]))
                lines.append([])
            }
            for i in 0..<batch.count {
                let s = Int(batch.series[i])
                series[s].append(x: batch.x[i], y: batch.y[i], firstRecord: batch.record[i], lastRecord: batch.record[i])
                lines[s].append(batch.line[i])
            }
        }
        while series.count < stream.seriesNames.count {
            series.append(Series(name: stream.seriesNames[series.count]))
            lines.append([])
        }
        let categories = stream.categories
        var warnings: [Diagnostic] = []
        let zone = TimeZone(identifier: chart.x.zone)
        func text(_ x: Double) -> String {
            switch stream.xType {
            case .time: return TimeText.iso8601(milliseconds: x, zone: chart.x.zone == "UTC" ? nil : zone)
            case .number: return JSONWriter.number(x)
            case .category: return categories.indices.contains(Int(x)) ? categories[Int(x)] : JSONWriter.number(x)
            }
        }
        for s in series.indices {
            let xs = series[s].x
            var sorted = true
            for i in xs.indices.dropFirst() where xs[i] < xs[i - 1] { sorted = false; break }
            if !sorted {
                let order = xs.indices.sorted { xs[$0] < xs[$1] || (xs[$0] == xs[$1] && $0 < $1) }
                if stream.xType != .category {
                    let name = series.count > 1 ? " of series '\(series[s].name)'" : ""
                    warnings.append(.warning("x\(name) is not in ascending order; the points were sorted by x (rows with equal x keep their order)",
                                             code: .dataUnsortedX, at: SourceLocation(path: stream.sourcePath), field: chart.x.field))
                }
                series[s] = series[s].picking(order)
                lines[s] = order.map { lines[s][$0] }
            }
            let x = series[s].x
            for i in x.indices.dropFirst() where x[i] == x[i - 1] {
                let name = series.count > 1 ? " in series '\(series[s].name)'" : ""
                let shown = text(x[i])
                var advice = "add { \"use\": \"aggregate\" } after 'ingest' to combine rows with the same x"
                // A wall-clock time repeated by a fall-back is two instants, never rows to combine.
                if stream.xType == .time, let zone, chart.x.zone != "UTC", Self.isRepeatedWallClock(x[i], in: zone) {
                    let wall = "its wall-clock time \(shown.prefix(19)) occurs twice in \(chart.x.zone) when daylight saving ends"
                    switch chart.x.ambiguous {
                    case .earlier, .later:
                        advice = "\(wall), and \"ambiguous\": \"\(chart.x.ambiguous.rawValue)\" reads every occurrence as the same instant: remove \"ambiguous\" (its default, \"order\", reads the first as the earlier instant and the repeat as the later one) or write the times with their offsets"
                    case .order, .error:
                        advice = "\(wall), and the data has it more than twice (or an offset written on one of them names the same instant): the first is read as the earlier instant and the next as the later one; write the times with their offsets"
                    }
                }
                throw ChartError("x '\(shown)' appears twice\(name), at lines \(lines[s][i - 1]) and \(lines[s][i]); \(advice)",
                                 code: .dataDuplicateX, at: SourceLocation(path: stream.sourcePath, line: Int(lines[s][i])), field: chart.x.field)
            }
        }
        return (SeriesSet(xType: stream.xType, categories: categories, series: series), warnings)
    }

    /// Whether the wall-clock time of instant `ms` in `zone` names another instant too: a time
    /// the clocks pass twice when they move back (the offsets a day before and after are the candidates).
    static func isRepeatedWallClock(_ ms: Double, in zone: TimeZone) -> Bool {
        let seconds = (ms / 1000).rounded(.down)
        let own = zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
        let local = seconds + Double(own)
        for other in [zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds - 86_400)),
                      zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds + 86_400))] where other != own {
            if zone.secondsFromGMT(for: Date(timeIntervalSince1970: local - Double(other))) == other { return true }
        }
        return false
    }

    /// SPEC §8: a chart with no values fails; gaps alone are no values.
    public static func requireValues(_ data: SeriesSet, chart: ChartSpec, stream: any ObservationStream) throws(ChartError) {
        guard !data.series.contains(where: { $0.y.contains(where: \.isFinite) }) else { return }
        let at = SourceLocation(path: chart.source.displayPath)
        if stream.recordsSkipped > 0, stream.recordsSkipped == stream.recordsRead {
            throw ChartError("all \(stream.recordsRead) rows were skipped (onError: skip); the warnings say where", code: .dataAllSkipped, at: at)
        }
        if data.pointCount == 0 {
            throw ChartError("no data points were read; check the file and the x and y fields", code: .dataNoPoints, at: at)
        }
        throw ChartError("all \(data.pointCount) values are missing (empty, NA, null or NaN); there is nothing to describe",
                         code: .dataNoValues, at: at, field: chart.y.fields.joined(separator: ", "))
    }

    /// Values that leave a fixed y range, which axes and audio show at the range's edge.
    public static func outsideRange(_ data: SeriesSet, chart: ChartSpec) -> Diagnostic? {
        guard let range = chart.y.range else { return nil }
        let outside = data.series.flatMap(\.y).filter { $0.isFinite && !range.contains($0) }
        guard let low = outside.min(), let high = outside.max() else { return nil }
        let n = outside.count
        return .warning("\(n) \(n == 1 ? "value lies" : "values lie") outside the fixed range [\(JSONWriter.number(range.lowerBound)), \(JSONWriter.number(range.upperBound))] of y (from \(JSONWriter.number(low)) to \(JSONWriter.number(high))); they are drawn and played at the edge of the range: widen 'range' or set it to \"auto\"",
                        code: .dataOutsideRange, at: SourceLocation(path: chart.source.displayPath),
                        field: chart.y.fields.joined(separator: ", "))
    }
}
