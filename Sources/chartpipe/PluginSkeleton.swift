/// The files of `chartpipe plugin new`: a plugin that answers every chart with one sentence in
/// en, zh-Hans, ko and ja (how many points it has), in persistent mode, with a test that runs it
/// the way chartpipe does. `__NAME__` and `__MODULE__` are filled in.
enum PluginSkeleton {
    struct File {
        var path: String
        var text: String
        var executable = false
    }

    static func python(name: String) -> [File] {
        let test = "test_chartpipe_stage_\(name.replacingOccurrences(of: "-", with: "_")).py"
        return [
            File(path: "chartpipe-stage-\(name)", text: fill(pythonPlugin, name: name), executable: true),
            File(path: test, text: fill(pythonTest, name: name), executable: true),
        ]
    }

    static func swift(name: String) -> [File] {
        let module = moduleName(name)
        return [
            File(path: "Package.swift", text: fill(swiftPackage, name: name)),
            File(path: "Sources/\(module)/\(module).swift", text: fill(swiftLibrary, name: name)),
            File(path: "Sources/chartpipe-stage-\(name)/main.swift", text: fill(swiftMain, name: name)),
            File(path: "Tests/\(module)Tests/\(module)Tests.swift", text: fill(swiftTest, name: name)),
        ]
    }

    static func nextSteps(name: String, language: String, folder: String) -> String {
        let test = language == "swift" ? "(cd \(folder) && swift test)"
            : "python3 \(folder)/test_chartpipe_stage_\(name.replacingOccurrences(of: "-", with: "_")).py"
        let build = language == "swift"
            ? "build it with 'swift build -c release', copy .build/release/chartpipe-stage-\(name)"
            : "copy chartpipe-stage-\(name)"
        return """
        Run its test:
          \(test)
        Then \(build) into the 'plugins' folder beside your pipeline, and add
          { "use": "\(name)" }
        to the pipeline's "stages" (docs/plugins.md has the protocol).

        """
    }

    /// `peak-hours` → `PeakHoursStage`: a Swift module name.
    static func moduleName(_ name: String) -> String {
        let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
        let joined = words.joined()
        return (joined.first?.isLetter == true ? "" : "Plugin") + joined + "Stage"
    }

    static func fill(_ template: String, name: String) -> String {
        template.replacingOccurrences(of: "__NAME__", with: name).replacingOccurrences(of: "__MODULE__", with: moduleName(name))
    }

    static let pythonPlugin = #"""
    #!/usr/bin/env python3
    """chartpipe-stage-__NAME__: a chartpipe plugin (protocol 1; chartpipe's docs/plugins.md).

        chartpipe-stage-__NAME__ --describe    prints what the plugin is and the options it takes
        chartpipe-stage-__NAME__               answers one request per line on stdin, until stdin ends

    It answers every chart with one sentence in each locale. Replace `respond` with your own work.
    """
    import json
    import sys

    PROTOCOL = 1

    DESCRIPTION = {
        "protocol": PROTOCOL,
        "name": "__NAME__",
        "summary": "Says how many points each chart has.",
        "mode": "persistent",
        "options": [],
        "needs": ["series"],
    }

    # A sentence per language, given the number of points (real values, units spelled out).
    SENTENCES = {
        "en": lambda n: f"The chart has {n:,} data point{'' if n == 1 else 's'}.",
        "zh-Hans": lambda n: f"图表共有{n:,}个数据点。",
        "ko": lambda n: f"차트에는 데이터 포인트가 {n:,}개 있습니다.",
        "ja": lambda n: f"グラフには{n:,}個のデータ点があります。",
    }


    def respond(request):
        """The response to one request: one sentence per locale."""
        count = sum(1 for series in request["series"]["full"] for point in series["points"] if point["y"] is not None)
        sentences, missing = {}, []
        for locale in request["locales"]:
            language = locale if locale in SENTENCES else locale.split("-")[0]
            if language in SENTENCES:
                sentences[locale] = [SENTENCES[language](count)]
            else:
                missing.append(locale)
        response = {"protocol": PROTOCOL, "sentences": sentences}
        if missing:
            response["warnings"] = ["no sentences in " + ", ".join(missing)]
        return response


    def main():
        if "--describe" in sys.argv[1:]:
            print(json.dumps(DESCRIPTION, indent=2))
            return 0
        while True:
            line = sys.stdin.buffer.readline()
            if not line:
                return 0
            request = json.loads(line)
            if request.get("protocol") != PROTOCOL:
                sys.stderr.write(f"chartpipe-stage-__NAME__ speaks protocol {PROTOCOL}, but chartpipe sent protocol "
                                 f"{request.get('protocol')}; use versions that speak the same protocol\n")
                return 3
            response = respond(request)
            # Echoed so that chartpipe can tie the answer to its request (docs/plugins.md).
            response["chart"], response["sequence"] = request["chart"]["id"], request["sequence"]
            sys.stdout.write(json.dumps(response, ensure_ascii=False) + "\n")
            sys.stdout.flush()


    if __name__ == "__main__":
        sys.exit(main())

    """#

    static let pythonTest = #"""
    #!/usr/bin/env python3
    """Runs chartpipe-stage-__NAME__ the way chartpipe does: --describe, then requests as JSON lines."""
    import json
    import os
    import subprocess
    import sys
    import unittest

    PLUGIN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "chartpipe-stage-__NAME__")


    def request(protocol=1, locales=("en", "zh-Hans", "ko", "ja"), sequence=1):
        points = [{"x": f"2026-06-0{d}T00:00:00Z", "y": d * 10.0, "records": [d, d]} for d in range(1, 4)]
        series = [{"name": "North", "points": points}]
        return {
            "protocol": protocol, "sequence": sequence, "plugin": "__NAME__",
            "chart": {"id": "sales", "title": "Sales", "subtitle": None, "mark": "line",
                      "source": {"path": "sales.csv", "format": "csv"},
                      "x": {"field": "date", "type": "time", "title": None, "zone": "UTC"},
                      "y": {"fields": ["revenue"], "title": None, "unit": "USD", "range": None, "thresholds": {}},
                      "seriesField": None},
            "locales": list(locales),
            "names": {l: {"title": "Sales", "x": "date", "y": "revenue", "series": ["North"]} for l in locales},
            "options": {},
            "series": {"xType": "time", "full": series, "charted": series},
            "trend": None,
        }


    def run(requests, *args):
        lines = "".join(json.dumps(r) + "\n" for r in requests)
        return subprocess.run([sys.executable, PLUGIN, *args], input=lines, capture_output=True, text=True, timeout=60)


    class PluginTests(unittest.TestCase):
        def test_describe(self):
            description = json.loads(run([], "--describe").stdout)
            self.assertEqual((description["protocol"], description["name"]), (1, "__NAME__"))

        def test_answers_every_request_in_every_locale(self):
            result = run([request(), request(locales=("en", "fr"), sequence=2)])
            first, second = [json.loads(line) for line in result.stdout.splitlines()]
            self.assertEqual([(a["chart"], a["sequence"]) for a in (first, second)], [("sales", 1), ("sales", 2)])
            self.assertEqual(first["sentences"]["en"], ["The chart has 3 data points."])
            self.assertEqual(first["sentences"]["ko"], ["차트에는 데이터 포인트가 3개 있습니다."])
            self.assertEqual(sorted(first["sentences"]), ["en", "ja", "ko", "zh-Hans"])
            self.assertEqual(second["warnings"], ["no sentences in fr"])

        def test_refuses_another_protocol(self):
            result = run([request(protocol=2)])
            self.assertEqual(result.returncode, 3)
            self.assertIn("speaks protocol 1", result.stderr)


    if __name__ == "__main__":
        unittest.main()

    """#

    static let swiftPackage = #"""
    // swift-tools-version: 6.0
    import PackageDescription

    // chartpipe-stage-__NAME__: a chartpipe plugin (protocol 1; chartpipe's docs/plugins.md). The work
    // is in __MODULE__, which the tests call; the executable only reads and writes lines.
    let package = Package(
        name: "chartpipe-stage-__NAME__",
        targets: [
            .target(name: "__MODULE__"),
            .executableTarget(name: "chartpipe-stage-__NAME__", dependencies: ["__MODULE__"]),
            .testTarget(name: "__MODULE__Tests", dependencies: ["__MODULE__"]),
        ]
    )

    """#

    static let swiftLibrary = #"""
    import Foundation

    /// The plugin: what it prints for `--describe`, and its answer to each request line. It answers
    /// every chart with one sentence per locale; replace `respond(to:)` with your own work.
    public enum __MODULE__ {
        public static let protocolVersion = 1

        public static var description: [String: Any] {
            [
                "protocol": protocolVersion,
                "name": "__NAME__",
                "summary": "Says how many points each chart has.",
                "mode": "persistent",
                "options": [[String: Any]](),
                "needs": ["series"],
            ]
        }

        /// A sentence per language, given the number of points (real values, units spelled out).
        static func sentence(_ language: String, count: Int) -> String? {
            let n = grouped(count)
            switch language {
            case "en": return "The chart has \(n) data point\(count == 1 ? "" : "s")."
            case "zh-Hans": return "图表共有\(n)个数据点。"
            case "ko": return "차트에는 데이터 포인트가 \(n)개 있습니다."
            case "ja": return "グラフには\(n)個のデータ点があります。"
            default: return nil
            }
        }

        /// 12345 → "12,345", as en, zh-Hans, ko and ja group digits.
        static func grouped(_ n: Int) -> String {
            var digits = String(n.magnitude)
            var i = digits.count - 3
            while i > 0 {
                digits.insert(",", at: digits.index(digits.startIndex, offsetBy: i))
                i -= 3
            }
            return (n < 0 ? "-" : "") + digits
        }

        /// The response to one request.
        public static func respond(to request: [String: Any]) -> [String: Any] {
            let series = (request["series"] as? [String: Any])?["full"] as? [[String: Any]] ?? []
            let count = series.reduce(0) { total, s in
                total + ((s["points"] as? [[String: Any]]) ?? []).filter { !($0["y"] is NSNull) }.count
            }
            var sentences: [String: [String]] = [:]
            var missing: [String] = []
            for locale in request["locales"] as? [String] ?? [] {
                let language = sentence(locale, count: count) != nil ? locale : String(locale.prefix { $0 != "-" })
                if let text = sentence(language, count: count) { sentences[locale] = [text] } else { missing.append(locale) }
            }
            var response: [String: Any] = ["protocol": protocolVersion, "sentences": sentences]
            if !missing.isEmpty { response["warnings"] = ["no sentences in " + missing.joined(separator: ", ")] }
            return response
        }

        /// The response line to a request line, or nil (with the reason) for another protocol version.
        public static func answer(_ line: Data) -> (reply: Data?, problem: String?) {
            guard let request = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any] else {
                return (encode(["protocol": protocolVersion, "error": "the request is not a JSON object"]), nil)
            }
            guard let version = request["protocol"] as? Int, version == protocolVersion else {
                return (nil, "chartpipe-stage-__NAME__ speaks protocol \(protocolVersion), but chartpipe sent protocol \(request["protocol"] ?? "none"); use versions that speak the same protocol")
            }
            // The request's chart id and sequence, echoed: chartpipe ties each answer to its request.
            var response = respond(to: request)
            response["chart"] = (request["chart"] as? [String: Any])?["id"]
            response["sequence"] = request["sequence"]
            return (encode(response), nil)
        }

        public static func encode(_ object: [String: Any]) -> Data {
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        }
    }

    """#

    static let swiftMain = #"""
    import Foundation
    import __MODULE__

    if CommandLine.arguments.dropFirst().contains("--describe") {
        FileHandle.standardOutput.write(__MODULE__.encode(__MODULE__.description) + Data("\n".utf8))
        exit(0)
    }
    // One request per line until stdin ends: one process answers every chart of a worker.
    while let line = readLine(strippingNewline: true) {
        let (reply, problem) = __MODULE__.answer(Data(line.utf8))
        guard let reply else {
            FileHandle.standardError.write(Data(((problem ?? "cannot answer") + "\n").utf8))
            exit(3)
        }
        FileHandle.standardOutput.write(reply + Data("\n".utf8))
    }

    """#

    static let swiftTest = #"""
    import Foundation
    import XCTest
    @testable import __MODULE__

    final class __MODULE__Tests: XCTestCase {
        func request(protocol version: Int = 1, locales: [String] = ["en", "zh-Hans", "ko", "ja"]) -> Data {
            let points: [[String: Any]] = (1...3).map { ["x": "2026-06-0\($0)T00:00:00Z", "y": Double($0) * 10, "records": [$0, $0]] }
            let request: [String: Any] = [
                "protocol": version, "sequence": 1, "plugin": "__NAME__", "chart": ["id": "sales"], "locales": locales,
                "options": [String: Any](),
                "series": ["xType": "time", "full": [["name": "North", "points": points]], "charted": [["name": "North", "points": points]]],
                "trend": NSNull(),
            ]
            return __MODULE__.encode(request)
        }

        func testDescribesItself() {
            XCTAssertEqual(__MODULE__.description["name"] as? String, "__NAME__")
            XCTAssertEqual(__MODULE__.description["protocol"] as? Int, 1)
        }

        func testAnswersInEveryLocale() throws {
            let reply = try XCTUnwrap(__MODULE__.answer(request()).reply)
            let response = try XCTUnwrap(try JSONSerialization.jsonObject(with: reply) as? [String: Any])
            let sentences = try XCTUnwrap(response["sentences"] as? [String: [String]])
            XCTAssertEqual(sentences["en"], ["The chart has 3 data points."])
            XCTAssertEqual(sentences["ko"], ["차트에는 데이터 포인트가 3개 있습니다."])
            XCTAssertEqual(sentences.keys.sorted(), ["en", "ja", "ko", "zh-Hans"])
            XCTAssertEqual(response["chart"] as? String, "sales")
            XCTAssertEqual(response["sequence"] as? Int, 1)
            let other = try XCTUnwrap(__MODULE__.answer(request(locales: ["en", "fr"])).reply)
            XCTAssertEqual((try JSONSerialization.jsonObject(with: other) as? [String: Any])?["warnings"] as? [String], ["no sentences in fr"])
        }

        func testRefusesAnotherProtocol() {
            let (reply, problem) = __MODULE__.answer(request(protocol: 2))
            XCTAssertNil(reply)
            XCTAssertTrue(problem?.contains("speaks protocol 1") ?? false)
        }
    }

    """#
}
