import ChartpipeCore
import FuzzHarness
import Ingest

/// CSV ingest over any bytes: once with the default settings (comma, double quote, header) and
/// once with a delimiter, quote, header, skipRows, onError, x type and limits chosen by the first
/// two bytes over the rest. Errors are expected; crashes, sanitizer reports and broken invariants are not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = InputBytes(data, size)
    let folder = InputFolder.current
    let plain = folder.write(input.all, named: "input.csv")
    for type in XType.allCases {
        CSVRead(source: SourceSpec(path: plain, displayPath: "input.csv", format: .csv), type: type).run()
    }
    guard input.count >= 2 else { return 0 }
    let settings = folder.write(input.dropping(2), named: "settings.csv")
    let a = input[0], b = input[1]
    let delimiter = input.pick([",", ";", "\t", "|", " ", "\""].map { UInt8(ascii: $0) }, byte: 0)
    // The pipeline check rejects a quote equal to the delimiter.
    let quotes = ["\"", "'", ","].map { UInt8(ascii: $0) }.filter { $0 != delimiter }
    // Number styles the pipeline check lets through: separators that differ, no decimal comma in a comma-separated file.
    let styles = CSVRead.numberStyles.filter { !($0.decimal == UInt8(ascii: ",") && delimiter == UInt8(ascii: ",")) }
    let style = styles[Int(a >> 2) % styles.count]
    let source = SourceSpec(path: settings, displayPath: "settings.csv", format: a & 0x80 == 0 ? .csv : .tsv,
                            delimiter: delimiter, quote: input.pick(quotes, byte: 1),
                            header: b & 0x10 == 0, skipRows: Int(b >> 6), onError: a & 0x40 == 0 ? .fail : .skip,
                            decimal: style.decimal, thousands: style.thousands)
    let small = IngestLimits(maxFieldBytes: 16, maxColumns: 6, maxRecordBytes: 64)
    let zones = ["UTC", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe"]
    CSVRead(source: source, type: input.pick(XType.allCases, byte: 1), timeFormat: input.pick(CSVRead.timeFormats, byte: 0),
            zone: zones[Int(b >> 5 & 1) * 2 + Int(b & 1)], series: b & 0x08 != 0,
            limits: b & 0x04 == 0 ? .standard : small,
            ambiguous: AmbiguousTime.allCases[Int(a >> 3) % AmbiguousTime.allCases.count],
            nonexistent: b & 0x02 == 0 ? .error : .shift).run()
    return 0
}

/// One read of a delimited file: the preview's header names the fields, then the stream runs to its end.
struct CSVRead {
    static let timeFormats: [String?] = [nil, "epoch-seconds", "epoch-millis", "yyyy/MM/dd HH:mm", "dd.MM.yyyy"]
    static let numberStyles: [(decimal: UInt8, thousands: UInt8?)] = [
        (UInt8(ascii: "."), nil), (UInt8(ascii: ","), UInt8(ascii: ".")), (UInt8(ascii: ","), nil),
        (UInt8(ascii: "."), UInt8(ascii: ",")), (UInt8(ascii: ","), UInt8(ascii: " ")),
    ]

    var source: SourceSpec
    var type: XType
    var timeFormat: String? = nil
    var zone = "UTC"
    var series = false
    var limits = IngestLimits.standard
    var ambiguous = AmbiguousTime.order
    var nonexistent = NonexistentTime.error

    func run() {
        let columns: [String]
        do {
            columns = try Ingest.preview(source: source, rows: 4, limits: limits).columns
        } catch {
            _ = error.description
            columns = []
        }
        // Without a header, columns are named by number.
        let names = source.header ? columns : ["1", "2", "3", "4"]
        let x = names.first ?? "x"
        var rest = Array(names.dropFirst().prefix(3))
        // Long data (a series field) has one y field: the pipeline check rejects series with y.fields.
        let seriesField = series && rest.count > 1 ? rest.removeFirst() : nil
        if seriesField != nil { rest = [rest[0]] }
        // Not y = [x]: a column named as both x and y leaves x unset (a known finding, reported with these targets).
        let y = rest.isEmpty ? [x == "y" ? "value" : "y"] : rest
        let chart = ChartSpec(id: "fuzz", title: "Fuzz", source: source,
                              x: XSpec(field: x, type: type, format: type == .time ? timeFormat : nil, zone: zone,
                                       ambiguous: ambiguous, nonexistent: nonexistent),
                              y: YSpec(fields: y, isWide: y.count > 1), seriesField: seriesField,
                              location: SourceLocation(path: "fuzz.pipeline", line: 1, column: 1))
        IngestCheck.drain(Ingest(batchSize: 5, limits: limits), chart)
    }
}

@main
enum CSVFuzzer {
    static func main() { FuzzDriver.run(fuzzCSV) }
}
