import Foundation
import XCTest

/// Golden files: output compared byte for byte with a committed file. `CHARTPIPE_RECORD=1` writes
/// the output over the golden files instead (then read every changed line before committing).
public enum Golden {
    public static var recording: Bool { ProcessInfo.processInfo.environment["CHARTPIPE_RECORD"] == "1" }

    /// Compares `actual` with the golden file at `url`, or records it (making its folder); a
    /// difference fails with the first line that differs, both versions, and `name` (or the file name).
    public static func check(_ actual: [UInt8], _ url: URL, name: String? = nil,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        if recording {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual).write(to: url)
            return
        }
        let expected = try [UInt8](Data(contentsOf: url))
        guard expected != actual else { return }
        XCTFail("\(name ?? url.lastPathComponent) differs from its golden file \(difference(actual, expected)) "
                + "(CHARTPIPE_RECORD=1 rewrites it; read the diff)", file: file, line: line)
    }

    public static func check(_ actual: String, _ url: URL, name: String? = nil,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        try check(Array(actual.utf8), url, name: name, file: file, line: line)
    }

    /// `at line N:\n  got:  …\n  want: …` for the first line that differs.
    static func difference(_ actual: [UInt8], _ expected: [UInt8]) -> String {
        let got = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let want = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let index = (0..<min(got.count, want.count)).first { got[$0] != want[$0] } ?? min(got.count, want.count)
        func text(_ lines: [Substring]) -> String { index < lines.count ? String(lines[index]) : "<end>" }
        return "at line \(index + 1):\n  got:  \(text(got))\n  want: \(text(want))\n"
    }
}
