import ChartpipeJSON
import ChartpipeTestSupport
import Foundation
import XCTest

/// Runs the built `chartpipe` binary, as users do.
enum Harness {
    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// Set CHARTPIPE_RECORD=1 to rewrite golden files instead of comparing (then read every diff).
    static var recording: Bool { Golden.recording }

    /// The binary beside the test bundle (or CHARTPIPE_BIN).
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["CHARTPIPE_BIN"] { return URL(fileURLWithPath: path) }
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [products, products.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("chartpipe")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return products.appendingPathComponent("chartpipe")
    }

    typealias Result = TestProcess.Result

    /// Runs chartpipe (or the copy at `executable`) with `arguments` in `directory`, with `environment` added.
    static func run(_ arguments: [String], in directory: URL = root, environment: [String: String] = [:],
                    executable: URL = binary) throws -> Result {
        try TestProcess.run(executable, arguments, in: directory, environment: environment)
    }

    /// Runs another program (found on PATH) in the repository's root, as `run` runs chartpipe.
    static func command(_ arguments: [String], in directory: URL = root) throws -> Result {
        try TestProcess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments, in: directory)
    }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("chartpipe-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Compares `actual` with the golden file at `url`, or records it.
    static func assertGolden(_ actual: String, _ url: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        try Golden.check(actual, url, file: file, line: line)
    }

    /// What the report stage saved in the run cache of the output folder `out` for `locale`: how
    /// many chart sections the page made from the charts' files, and how many it copied from the
    /// previous page.
    static func reportWork(in out: URL, _ locale: String) throws -> (made: Int?, copied: Int?) {
        let cache = try String(contentsOf: out.appendingPathComponent(".chartpipe-cache"), encoding: .utf8)
        let line = try XCTUnwrap(cache.split(separator: "\n").first { $0.hasPrefix("S [\"report\"") }, cache)
        let saved = try JSONParser.parse(Array(line.dropFirst(2).utf8)).arrayValue?.last?["saved"]?[locale]
        return (saved?["made"]?.intValue, saved?["copied"]?.intValue)
    }

    /// Every regular file below `folder` with its bytes, by relative path; but the run cache
    /// (`.chartpipe-cache`), which holds inode numbers and file times, so differs between two
    /// folders of the same bytes.
    static func files(in folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        guard let e = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return result }
        let base = folder.standardizedFileURL.path
        for case let url as URL in e where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            && !url.lastPathComponent.hasPrefix(".chartpipe-cache") {
            result[String(url.standardizedFileURL.path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
        }
        return result
    }
}
