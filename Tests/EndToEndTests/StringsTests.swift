import Foundation
import XCTest

/// `chartpipe strings lint|export|import` on the shipped catalogs and copies of them.
final class StringsTests: XCTestCase {
    let messages = Harness.root.appendingPathComponent("Sources/ChartpipeText/Catalogs/Messages.xcstrings")

    func testShippedCatalogsLintClean() throws {
        let result = try Harness.run(["strings", "lint"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "0 errors, 0 warnings\n")
    }

    func testLintReportsABrokenTranslation() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = folder.appendingPathComponent("broken.xcstrings")
        try Data("""
        { "sourceLanguage": "en", "version": "1.0", "strings": {
          "greeting": { "localizations": {
            "en": { "stringUnit": { "state": "translated", "value": "%1$@ has %2$lld points" } },
            "ko": { "stringUnit": { "state": "translated", "value": "%1$@이(가) 있습니다" } } } } } }
        """.utf8).write(to: catalog)
        let result = try Harness.run(["strings", "lint", "--locales", "en,ko", catalog.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("broken.xcstrings: error: key 'greeting' [ko]: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("placeholder"), result.stderr)
    }

    func testExportImportRoundTripsTheShippedCatalog() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (format, ext) in [("xliff", "xliff"), ("po", "po")] {
            for locale in ["ko", "zh-Hans"] {
                let copy = folder.appendingPathComponent("Messages.xcstrings")
                try? FileManager.default.removeItem(at: copy)
                try FileManager.default.copyItem(at: messages, to: copy)
                let exported = try Harness.run(["strings", "export", "--locale", locale, "--format", format, copy.path])
                XCTAssertEqual(exported.status, 0, exported.stderr)
                XCTAssertFalse(exported.stdout.isEmpty)
                let file = folder.appendingPathComponent("Messages.\(locale).\(ext)")
                try Data(exported.stdout.utf8).write(to: file)
                let imported = try Harness.run(["strings", "import", file.path, copy.path])
                XCTAssertEqual(imported.status, 0, imported.stderr)
                XCTAssertEqual(try Data(contentsOf: copy), try Data(contentsOf: messages), "\(format) \(locale)")
            }
        }
    }

    func testUsageErrors() throws {
        let cases: [([String], String)] = [
            (["strings", "lnt"], "unknown action 'lnt' for 'chartpipe strings'; did you mean 'lint'?"),
            (["strings", "export", "x.xcstrings"], "'strings export' needs --locale, such as --locale ko"),
            (["strings", "export", "--locale", "ko", "--format", "csv", "x.xcstrings"], "--format must be 'xliff' or 'po', not 'csv'"),
            (["strings", "import", "t.txt", "x.xcstrings"], "cannot tell the format of 't.txt': use a .xliff, .xlf or .po file"),
            (["strings"], "missing ACTION for 'chartpipe strings'"),
        ]
        for (arguments, message) in cases {
            let result = try Harness.run(arguments)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(result.stderr.split(separator: "\n").first.map(String.init), "chartpipe: error: \(message)")
        }
    }
}
