import ChartpipeCore
import ChartpipeJSON
import Foundation
import FuzzHarness
import Ingest

/// JSON and JSON Lines ingest over any bytes: the whole input as `.json` and as `.jsonl`, with
/// fields and the records pointer taken from the first record when the bytes parse; then the rest
/// after the first byte, with x type, onError, field spelling (name or JSON Pointer) and limits chosen by it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = InputBytes(data, size)
    let folder = InputFolder.current
    let document = folder.write(input.all, named: "input.json")
    let lines = folder.write(input.all, named: "input.jsonl")
    let documentShape = RecordShape(document: input.array), linesShape = RecordShape(firstLineOf: input.array)
    for type in XType.allCases {
        JSONRead(path: document, format: .json, shape: documentShape, type: type).run()
        JSONRead(path: lines, format: .jsonl, shape: linesShape, type: type).run()
    }
    guard input.count >= 1 else { return 0 }
    let a = input[0]
    let rest = Array(input.dropping(1))
    let format: SourceSpec.Format = a & 0x80 == 0 ? .json : .jsonl
    let path = folder.write(input.dropping(1), named: format == .json ? "settings.json" : "settings.jsonl")
    let shape = format == .json ? RecordShape(document: rest) : RecordShape(firstLineOf: rest)
    JSONRead(path: path, format: format, shape: shape, type: input.pick(XType.allCases, byte: 0),
             timeFormat: a & 0x04 == 0 ? nil : "epoch-millis", pointers: a & 0x08 != 0, series: a & 0x10 != 0,
             onError: a & 0x20 == 0 ? .fail : .skip,
             limits: a & 0x40 == 0 ? .standard : IngestLimits(maxFieldBytes: 16, maxColumns: 6, maxRecordBytes: 64)).run()
    return 0
}

/// Where the records are and what their fields are called, as far as the bytes tell.
struct RecordShape {
    var records = ""
    var keys: [String] = []

    /// The document's array, or the first array member of a document object, and its first record's keys.
    init(document bytes: [UInt8]) {
        guard let root = try? JSONParser.parse(bytes) else { return }
        var array = root.arrayValue
        if array == nil, let members = root.objectValue {
            if let (name, value) = members.first(where: { $0.1.arrayValue != nil }) {
                records = RecordShape.pointer(to: name)
                array = value.arrayValue
            } else {
                keys = members.map(\.0)
            }
        }
        if let first = array?.first?.objectValue { keys = first.map(\.0) }
    }

    /// The JSON Pointer (RFC 6901) to the member `name`.
    static func pointer(to name: String) -> String {
        "/" + name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    init(firstLineOf bytes: [UInt8]) {
        let line = bytes.prefix { $0 != 0x0A }
        guard let record = try? JSONParser.parse(Array(line)), let members = record.objectValue else { return }
        keys = members.map(\.0)
    }
}

/// One read of a JSON source run to its end.
struct JSONRead {
    var path: String
    var format: SourceSpec.Format
    var shape: RecordShape
    var type: XType
    var timeFormat: String? = nil
    var pointers = false
    var series = false
    var onError = SourceSpec.OnError.fail
    var limits = IngestLimits.standard

    func run() {
        let names = shape.keys.isEmpty ? ["x", "y"] : shape.keys
        let fields = pointers ? names.map(RecordShape.pointer(to:)) : names
        let x = fields[0]
        var rest = Array(fields.dropFirst().prefix(3))
        // Long data (a series field) has one y field: the pipeline check rejects series with y.fields.
        let seriesField = series && rest.count > 1 ? rest.removeFirst() : nil
        if seriesField != nil { rest = [rest[0]] }
        let y = rest.isEmpty ? [x] : rest
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let source = SourceSpec(path: path, displayPath: name, format: format, records: shape.records, onError: onError)
        let chart = ChartSpec(id: "fuzz", title: "Fuzz", source: source,
                              x: XSpec(field: x, type: type, format: type == .time ? timeFormat : nil),
                              y: YSpec(fields: y, isWide: y.count > 1), seriesField: seriesField,
                              location: SourceLocation(path: "fuzz.pipeline", line: 1, column: 1))
        IngestCheck.drain(Ingest(batchSize: 5, limits: limits), chart)
    }
}

@main
enum JSONFuzzer {
    static func main() { FuzzDriver.run(fuzzJSON) }
}
