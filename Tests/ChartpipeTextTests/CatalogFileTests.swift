@testable import ChartpipeText
import XCTest

final class CatalogFileTests: XCTestCase {
    static let catalogs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ChartpipeText/Catalogs")

    /// The binary holds exactly the catalogs on disk, byte for byte: SwiftPM's `.embedInCode`
    /// resources (Package.swift) must list every file, and `Catalog.shippedCatalogFiles` too.
    func testEmbeddedCatalogsAreTheFilesOnDisk() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.catalogs.path)
            .filter { $0.hasSuffix(".xcstrings") }.sorted()
        XCTAssertEqual(Catalog.shippedCatalogFiles.map(\.name), files,
                       "list every catalog in Package.swift's resources and in Catalog.shippedCatalogFiles")
        for file in Catalog.shippedCatalogFiles {
            let disk = try Data(contentsOf: Self.catalogs.appendingPathComponent(file.name))
            XCTAssertFalse(file.bytes.isEmpty, file.name)
            XCTAssertEqual(file.bytes, [UInt8](disk), "\(file.name): the embedded bytes differ from the file")
        }
        XCTAssertEqual(try Catalog.embeddedFiles().map(\.name), files)
        XCTAssertTrue(Catalog.embedded.locales.contains("ko"))
    }

    /// Shipped catalogs are written as `StringCatalog.encoded()` writes them, so tool edits stay diffable.
    func testShippedCatalogsAreInCanonicalForm() throws {
        for (name, catalog) in try Catalog.embeddedFiles() {
            let bytes = Catalog.shippedCatalogFiles.first { $0.name == name }?.bytes
            XCTAssertEqual(catalog.encoded(), bytes, name)
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
