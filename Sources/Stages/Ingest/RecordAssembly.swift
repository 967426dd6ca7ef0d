import Foundation
import ChartpipeCore

/// Turns the decoded values of one record into observations: one per y field, with the record's x
/// and series; shared by the CSV and JSON readers.
struct RecordAssembly {
    let xType: XType
    var time: TimeReader
    /// How a CSV file writes its numbers (plain for JSON, which has its own numbers).
    let numberStyle: NumberStyle
    /// The CSV delimiter, for hints that name the source options (nil for JSON).
    let delimiter: UInt8?
    /// y field names, in the order of the pipeline.
    let yFields: [String]
    /// Long data: series named by a field's values.
    let isLong: Bool
    var x = Double.nan
    /// The record's y values (`nan` for a gap), one per y field.
    var ys: [Double]
    /// Long data: the series value of the current record.
    private var seriesKey = ""
    private var seriesOfKey: [Int32] = []
    private(set) var seriesNames: [String]
    private var seriesIndex: [String: Int32] = [:]
    private(set) var categories: [String] = []
    private var categoryIndex: [String: Int] = [:]
    var batch = ObservationBatch()
    let seriesField: String
    let maxSeries: Int
    let maxPoints: Int
    /// Observations handed over so far.
    private var points = 0
    /// Set when a record's series would pass `maxSeries`: a limit of the file, not a bad record.
    private(set) var passedSeriesLimit = false
    /// Under `ambiguous: order`, the repeated wall-clock times (as their earlier instants) each
    /// series has had: the next record of that series with the same time is the repeat.
    private var repeatsSeen: Set<RepeatKey> = []
    /// A record had a repeated wall-clock time to place.
    private(set) var placedRepeat = false

    private struct RepeatKey: Hashable {
        /// The series of long data; -1 for wide data, whose records hold every series.
        var series: Int32
        var earlier: Double
    }

    init(chart: ChartSpec, time: TimeReader, limits: IngestLimits) {
        xType = chart.x.type
        self.time = time
        let csv = chart.source.format == .csv || chart.source.format == .tsv
        numberStyle = csv ? NumberStyle(chart.source) : .plain
        delimiter = csv ? chart.source.delimiter : nil
        yFields = chart.y.fields
        isLong = chart.seriesField != nil
        seriesField = chart.seriesField ?? ""
        maxSeries = limits.maxSeries
        maxPoints = limits.maxPoints
        ys = [Double](repeating: .nan, count: chart.y.fields.count)
        seriesNames = isLong ? [] : chart.y.fields
    }

    /// Reads the x value from bytes; returns a problem message or nil.
    @inline(__always)
    mutating func setX(_ p: UnsafePointer<UInt8>?, _ n: Int) -> String? {
        switch xType {
        case .time:
            switch time.decode(p, n) {
            case let .value(v): x = v; return nil
            case .gap: return Self.missingX
            case let .problem(message): return message
            }
        case .number:
            let decoded = numberStyle.isPlain ? DecimalNumber.decode(p, n) : DecimalNumber.decode(p, n, style: numberStyle, delimiter: delimiter ?? 0x2C)
            switch decoded {
            case let .value(v): x = v; return nil
            case .gap: return Self.missingX
            case let .problem(message): return numberXProblem(p, n, message)
            }
        case .category:
            let label = p.map { String(decoding: UnsafeBufferPointer(start: $0, count: n), as: UTF8.self) } ?? ""
            return setCategory(label)
        }
    }

    /// Why a number x cannot be read: a date says to make x a time, a CSV number written another
    /// way names the source options (as for y), else `message`.
    func numberXProblem(_ p: UnsafePointer<UInt8>?, _ n: Int, _ message: String) -> String {
        guard let p else { return message }
        var reader = TimeReader(format: .iso8601, zone: ZoneOffsets(zone: nil))
        if case .value = reader.decode(p, n) {
            let text = String(decoding: UnsafeBufferPointer(start: p, count: min(n, 40)), as: UTF8.self)
                .trimmingCharacters(in: .whitespaces)
            return "'\(text)' is not a number but reads as a date; set \"type\": \"time\" in x"
        }
        if numberStyle.isPlain, let delimiter, case let .problem(hint) = DecimalNumber.decode(p, n, style: .plain, delimiter: delimiter) {
            return hint
        }
        return message
    }

    /// Reads a category label (or, for other x types, text already decoded).
    mutating func setCategory(_ label: String) -> String? {
        guard !label.isEmpty else { return Self.missingX }
        if let index = categoryIndex[label] {
            x = Double(index)
        } else {
            categoryIndex[label] = categories.count
            x = Double(categories.count)
            categories.append(label)
        }
        return nil
    }

    static let missingX = "the x value is missing; every record needs one (\"onError\": \"skip\" skips such records)"

    /// Sets the series of the current record (long data); returns a problem message or nil. When
    /// the message is that of `maxSeries` (`passedSeriesLimit`), the file fails, whatever `onError` says.
    mutating func setSeries(_ name: String) -> String? {
        guard !name.isEmpty else {
            return "the series value is missing; every record of long data names its series (\"onError\": \"skip\" skips such records)"
        }
        if name == seriesKey, !seriesOfKey.isEmpty { return nil }
        seriesKey = ""
        var indices: [Int32] = []
        for field in yFields {
            let full = yFields.count == 1 ? name : "\(name) – \(field)"
            if let index = seriesIndex[full] {
                indices.append(index)
                continue
            }
            guard seriesNames.count < maxSeries else {
                passedSeriesLimit = true
                return IngestLimits.exceeded("the data has more than \(maxSeries) series (values of '\(seriesField)')", option: "maxSeries",
                                             hint: "check that \"series\" names the right field, or ")
            }
            let index = Int32(seriesNames.count)
            seriesIndex[full] = index
            seriesNames.append(full)
            indices.append(index)
        }
        seriesKey = name
        seriesOfKey = indices
        return nil
    }

    /// Appends the current record's observations.
    @inline(__always)
    mutating func emit(record: Int, line: Int) {
        if !time.repeatedLater.isNaN { placeRepeat() }
        let l = Int32(clamping: line)
        // Straight to the columns: ObservationBatch.append is not inlinable across modules.
        for k in 0..<ys.count {
            batch.series.append(isLong ? seriesOfKey[k] : Int32(k))
            batch.x.append(x)
            batch.y.append(ys[k])
            batch.record.append(record)
            batch.line.append(l)
        }
    }

    /// A wall-clock time of a fall-back, by order (`ambiguous: order`): its first record in a
    /// series is the earlier instant, the next the later one, as a file written as the clock went.
    private mutating func placeRepeat() {
        placedRepeat = true
        let key = RepeatKey(series: isLong ? seriesOfKey[0] : -1, earlier: x)
        if !repeatsSeen.insert(key).inserted { x = time.repeatedLater }
    }

    /// Hands over the observations gathered so far, refusing those past `maxPoints`.
    mutating func takeBatch(reserving n: Int, path: String) throws(ChartError) -> ObservationBatch {
        points += batch.count
        if points > maxPoints {
            let line = batch.line[Swift.max(0, batch.count - (points - maxPoints))]
            throw ChartError(IngestLimits.exceeded("the data has more than \(maxPoints) values (one per record and y field)", option: "maxPoints"),
                             code: .ingestTooManyPoints, at: SourceLocation(path: path, line: Int(line)))
        }
        var fresh = ObservationBatch()
        fresh.reserveCapacity(n)
        swap(&fresh, &batch)
        return fresh
    }
}
