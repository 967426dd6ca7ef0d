@testable import ChartpipeText
import XCTest

final class CatalogFileTests: XCTestCase {
    static let catalogs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ChartpipeText/Catalogs")

    /// The generated Swift file must hold exactly the catalogs on disk.
    func testEmbeddedCatalogsAreUpToDate() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.catalogs.path)
            .filter { $0.hasSuffix(".xcstrings") }.sorted()
        XCTAssertEqual(embeddedCatalogs.map(\.name), files,
                       "Sources/ChartpipeText/EmbeddedCatalogs.swift is out of date: run python3 scripts/embed-catalogs.py")
        for file in embeddedCatalogs {
            let disk = try String(contentsOf: Self.catalogs.appendingPathComponent(file.name), encoding: .utf8)
            XCTAssertEqual(file.text, disk, "\(file.name) changed: run python3 scripts/embed-catalogs.py")
        }
        XCTAssertNoThrow(try Catalog.embeddedFiles())
    }

    /// Shipped catalogs are written as `StringCatalog.encoded()` writes them, so tool edits stay diffable.
    func testShippedCatalogsAreInCanonicalForm() throws {
        for (name, catalog) in try Catalog.embeddedFiles() {
            let text = embeddedCatalogs.first { $0.name == name }?.text
            XCTAssertEqual(String(decoding: catalog.encoded(), as: UTF8.self), text, name)
        }
    }

    /// The shipped catalogs pass lint in the three shipped locales.
    func testShippedCatalogsLintClean() throws {
        for (name, catalog) in try Catalog.embeddedFiles() {
            XCTAssertEqual(CatalogLint.lint(catalog, path: name, locales: ["en", "zh-Hans", "ko"]).map(\.description), [])
        }
    }

    func testWriteThenParseIsIdentity() throws {
        for name in ["exchange.xcstrings", "render.xcstrings", "weekly.xcstrings", "lint.xcstrings"] {
            let catalog = try Fixture.catalog(name)
            let reparsed = try StringCatalog(parsing: catalog.encoded(), path: name)
            XCTAssertEqual(reparsed, catalog, name)
            let disk = try Data(contentsOf: URL(fileURLWithPath: Fixture.path(name)))
            XCTAssertEqual(catalog.encoded(), [UInt8](disk), name)
        }
    }

    func testParseErrorsNameFileKeyAndLocale() {
        func error(_ json: String) -> String {
            do {
                _ = try StringCatalog(parsing: Array(json.utf8), path: "x.xcstrings")
                return "no error"
            } catch {
                return error.description
            }
        }
        XCTAssertEqual(error(#"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"ko": {"variations": {"plural": {"several": {"stringUnit": {"state": "translated", "value": "x"}}}}}}}}}"#),
                       "x.xcstrings: error: key 'k' [ko]: 'several' is not a CLDR plural category (zero, one, two, few, many, other)")
        XCTAssertEqual(error(#"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"ko": {"variations": {"device": {}}}}}}}"#),
                       "x.xcstrings: error: key 'k' [ko]: only 'plural' variations are supported (found device)")
        XCTAssertEqual(error(#"{"sourceLanguage": "en", "strings": {"k": {"localisations": {}}}}"#),
                       "x.xcstrings: error: key 'k': unknown member 'localisations'; a key has 'comment', 'extractionState', 'localizations' and 'shouldTranslate'")
        XCTAssertTrue(error("{\"sourceLanguage\": \"en\",\n \"strings\": {,}}").hasPrefix("x.xcstrings:2:"))
    }
}
