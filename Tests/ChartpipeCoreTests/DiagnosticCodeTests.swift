@testable import ChartpipeCore
import Foundation
import XCTest

/// The diagnostic codes are one namespace of declared values, each with the exit status of a run it stops.
final class DiagnosticCodeTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testEveryDeclaredCodeIsListedOnce() throws {
        let raw = DiagnosticCode.all.map(\.rawValue)
        XCTAssertEqual(Set(raw).count, raw.count, "a code is declared twice")
        let file = Self.root.appendingPathComponent("Sources/ChartpipeCore/Diagnostics/DiagnosticCode+Declared.swift")
        let declarations = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "DiagnosticCode(declared: ").count - 1
        XCTAssertEqual(declarations, raw.count, "every declared code is in `all`, so that a code read back finds its exit status")
        for code in DiagnosticCode.all {
            XCTAssertEqual(DiagnosticCode(rawValue: code.rawValue).exitStatus, code.exitStatus, code.rawValue)
            XCTAssertNotNil(try? Regex("[a-z]+(\\.[a-z0-9-]+)*").wholeMatch(in: code.rawValue), code.rawValue)
        }
    }

    func testExitStatusesOfTheCodesThatRefuseARun() {
        let refused: [DiagnosticCode] = [.outputLocked, .outputForeignManifest, .outputOtherPipeline, .outputUnlistedFile,
                                         .outputNotAFolder, .outputUnwritable, .outputSymbolicLink]
        for code in refused { XCTAssertEqual(code.exitStatus, .usage, code.rawValue) }
        XCTAssertEqual(DiagnosticCode.outputDiskFull.exitStatus, .diskFull)
        XCTAssertEqual(DiagnosticCode("output.disk-full").exitStatus, .diskFull, "a code read back from a manifest")
        let failing = DiagnosticCode.all.filter { $0.exitStatus == .failure }
        XCTAssertEqual(failing.count, DiagnosticCode.all.count - refused.count - 1)
        XCTAssertEqual(DiagnosticCode("test.broken").exitStatus, .failure, "a plugin's own code")
        XCTAssertEqual(DiagnosticCode.stageFailed("rolling").rawValue, "rolling.failed")
    }

    /// The wire keeps the text: a diagnostic in the manifest carries the code's string.
    func testTheManifestWritesAndReadsTheCodesText() throws {
        let d = Diagnostic("the disk is full", code: .outputDiskFull)
        let json = Manifest.json(diagnostic: d)
        XCTAssertEqual(json["code"]?.stringValue, "output.disk-full")
    }

    /// Sources name declared values, not strings: a new code is declared with its exit status first.
    func testNoSourceWritesACodeAsAString() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let pattern = try Regex(#"code: "[a-z]"#)
        var found: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift", !url.path.contains("/Examples/") else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains(pattern) {
                found.append("\(url.lastPathComponent):\(n + 1)")
            }
        }
        XCTAssertEqual(found, [])
    }
}
