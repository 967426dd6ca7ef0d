// chartpipe-stage-rolling: an example plugin written in Swift (docs/plugins.md). It replaces each
// series by its trailing rolling mean over `window` points, so that `trend` and `describe` speak of
// the smoothed series. It declares `replacesSeries`, and so must run before `trend`; it answers a
// stream of requests from one process (persistent mode).
//
//     swift build --product chartpipe-stage-rolling
//     PATH="$(swift build --show-bin-path):$PATH" chartpipe run my.pipeline   # { "use": "rolling", "window": 7 }

import Foundation

let protocolVersion = 1

let description = """
{
  "protocol": 1,
  "name": "rolling",
  "summary": "Replaces each series by its trailing rolling mean over a window of points.",
  "mode": "persistent",
  "options": [
    {"name": "window", "type": "integer", "minimum": 2, "maximum": 365, "default": 7,
     "doc": "Points in the window, the current one included; gaps are skipped."}
  ],
  "needs": ["series"],
  "replacesSeries": true
}
"""

/// An x value as data.json writes it: ISO 8601 text, a number, or a category label.
enum XValue: Codable {
    case text(String)
    case number(Double)

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let number = try? value.decode(Double.self) { self = .number(number) } else { self = .text(try value.decode(String.self)) }
    }

    func encode(to encoder: any Encoder) throws {
        var value = encoder.singleValueContainer()
        switch self {
        case let .text(text): try value.encode(text)
        case let .number(number): try value.encode(number)
        }
    }
}

struct Point: Codable {
    var x: XValue
    var y: Double?
    var records: [Int]?

    func encode(to encoder: any Encoder) throws {
        // null is written for a gap and for a point without records: the protocol requires both keys.
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encode(records, forKey: .records)
    }
}

struct Series: Codable {
    var name: String
    var points: [Point]
}

struct Request: Decodable {
    struct Options: Decodable { var window: Int }
    struct SeriesSets: Decodable { var full: [Series] }
    struct Chart: Decodable { var id: String }
    var `protocol`: Int
    var sequence: Int
    var chart: Chart
    var options: Options
    var series: SeriesSets
}

struct Response: Encodable {
    var `protocol` = protocolVersion
    /// The request's chart id and sequence, echoed: chartpipe ties each answer to its request.
    var chart: String
    var sequence: Int
    var series: [Series]
}

/// The trailing mean of the last `window` values at each point; a gap stays a gap.
func rolling(_ series: Series, window: Int) -> Series {
    var out = series
    var recent: [(value: Double, record: Int?)] = []
    for (i, point) in series.points.enumerated() {
        guard let y = point.y else { continue }
        recent.append((y, point.records?.first))
        if recent.count > window { recent.removeFirst() }
        out.points[i].y = recent.map(\.value).reduce(0, +) / Double(recent.count)
        // The point now comes from every record of its window.
        if let first = recent.first?.record, let last = point.records?.last { out.points[i].records = [first, last] }
    }
    return out
}

func answer(_ line: Data) throws -> Data {
    let request = try JSONDecoder().decode(Request.self, from: line)
    let response = Response(chart: request.chart.id, sequence: request.sequence,
                            series: request.series.full.map { rolling($0, window: request.options.window) })
    return try JSONEncoder().encode(response)
}

if CommandLine.arguments.dropFirst().contains("--describe") {
    print(description)
    exit(0)
}
while let line = readLine(strippingNewline: true) {
    let data = Data(line.utf8)
    let version = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["protocol"] as? Int
    guard version == protocolVersion else {
        FileHandle.standardError.write(Data("chartpipe-stage-rolling speaks protocol \(protocolVersion), but chartpipe sent protocol \(version.map(String.init) ?? "none"); use versions that speak the same protocol\n".utf8))
        exit(3)
    }
    do {
        FileHandle.standardOutput.write(try answer(data) + Data("\n".utf8))
    } catch {
        // Echoed as far as the request can be read, so that the failure is this request's.
        let request = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        var failure: [String: Any] = ["protocol": protocolVersion, "error": "cannot read the request: \(error)"]
        failure["chart"] = (request?["chart"] as? [String: Any])?["id"]
        failure["sequence"] = request?["sequence"]
        FileHandle.standardOutput.write(((try? JSONSerialization.data(withJSONObject: failure)) ?? Data("{}".utf8)) + Data("\n".utf8))
    }
}
