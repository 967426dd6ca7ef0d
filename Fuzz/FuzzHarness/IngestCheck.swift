import ChartpipeCore
import Ingest

/// What every ingest target checks of a stream, whatever the bytes.
public enum IngestCheck {
    /// Reads every batch of `chart` and checks what every batch promises; errors only get their text made.
    public static func drain(_ ingest: Ingest, _ chart: ChartSpec) {
        do {
            let stream = try ingest.openStream(chart: chart)
            var records = -1
            while let batch = try stream.next() {
                expect(batch.count <= ingest.batchSize + chart.y.fields.count, "a batch of \(batch.count) observations, batch size \(ingest.batchSize)")
                expect(batch.x.count == batch.count && batch.series.count == batch.count
                       && batch.record.count == batch.count && batch.line.count == batch.count, "batch columns differ in length")
                for i in 0..<batch.count {
                    expect(Int(batch.series[i]) < stream.seriesNames.count, "series \(batch.series[i]) of \(stream.seriesNames.count) names")
                    expect(batch.record[i] >= records, "record \(batch.record[i]) after record \(records)")
                    expect(batch.line[i] >= 1, "line \(batch.line[i])")
                    records = batch.record[i]
                    expect(!batch.x[i].isNaN, "an observation without x (record \(batch.record[i]))")
                    if chart.x.type == .category {
                        expect(Int(batch.x[i]) < stream.categories.count, "category \(batch.x[i]) of \(stream.categories.count)")
                    }
                }
            }
            expect(stream.recordsSkipped <= stream.recordsRead, "\(stream.recordsSkipped) records skipped of \(stream.recordsRead) read")
            _ = stream.warnings.map(\.description)
        } catch {
            _ = "\(error)"
        }
    }
}

/// Stops with `message` when `condition` fails: unlike `precondition`, the message survives `-O`.
public func expect(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("broken invariant: \(message())") }
}
