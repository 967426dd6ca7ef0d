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

    /// `strings lint PIPELINE`: every title, axis title and series name the pipeline writes needs a
    /// translation in its locales; series named by the data are checked after a run.
    func testLintOfAPipelineNamesUntranslatedTexts() throws {
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("d,city,rain\n2024-01-01,Seoul,1\n2024-01-02,Seoul,2\n2024-01-01,Busan,3\n2024-01-02,Busan,1\n".utf8)
            .write(to: folder.appendingPathComponent("w.csv"))
        try Data(#"{"version":1,"name":"w","locales":["en","ja"],"stages":[{"use":"ingest"}],"charts":[{"id":"w","title":"Rainy days","source":{"path":"w.csv"},"x":{"field":"d","title":"Date"},"y":{"field":"rain","title":"Rain"},"series":{"field":"city"}}]}"#.utf8)
            .write(to: folder.appendingPathComponent("w.pipeline"))
        let before = try Harness.run(["strings", "lint", "w.pipeline"], in: folder)
        XCTAssertEqual(before.status, 1)
        XCTAssertTrue(before.stderr.contains("w.pipeline:1:85: error: key 'Rainy days' [ja]: chart 'w': the title has no translation"), before.stderr)
        XCTAssertTrue(before.stderr.contains("key 'Date' [ja]: chart 'w': the x axis title has no translation"), before.stderr)
        XCTAssertFalse(before.stderr.contains("[en]"), "the source language needs no translation")
        XCTAssertEqual(try Harness.run(["run", "w.pipeline", "--no-progress"], in: folder).status, 0)
        let after = try Harness.run(["strings", "lint", "w.pipeline"], in: folder)
        XCTAssertTrue(after.stderr.contains("key 'Busan' [ja]: chart 'w': the series name has no translation"), after.stderr)
    }
}
