@testable import ChartpipeText
import XCTest

final class ExchangeTests: XCTestCase {
    /// The catalog without one locale, as a translator would receive it.
    private func removing(_ locale: String, from catalog: StringCatalog) -> StringCatalog {
        var copy = catalog
        for key in copy.keys { copy.entries[key]?.localizations[locale] = nil }
        return copy
    }

    func testXLIFFRoundTripsEveryLocale() throws {
        let catalog = try Fixture.catalog("exchange.xcstrings")
        for locale in ["ko", "ru"] {
            let xliff = XLIFF.export(catalog, locale: locale, original: "exchange.xcstrings")
            let result = try XLIFF.importing(xliff, path: "exchange.\(locale).xliff", into: removing(locale, from: catalog))
            XCTAssertEqual(result.warnings, [])
            XCTAssertEqual(result.catalog, catalog, locale)
            XCTAssertEqual(result.catalog.encoded(), catalog.encoded(), locale)
        }
    }

    func testPORoundTripsEveryLocale() throws {
        let catalog = try Fixture.catalog("exchange.xcstrings")
        for locale in ["ko", "ru"] {
            let po = PortableObject.export(catalog, locale: locale)
            let result = try PortableObject.importing(po, path: "exchange.\(locale).po", into: removing(locale, from: catalog))
            XCTAssertEqual(result.warnings, [])
            XCTAssertEqual(result.catalog, catalog, locale)
        }
    }

    func testXLIFFUsesAppleIdsAndEscapesXML() throws {
        let catalog = try Fixture.catalog("exchange.xcstrings")
        let xliff = XLIFF.export(catalog, locale: "ko", original: "exchange.xcstrings")
        XCTAssertTrue(xliff.contains(#"<trans-unit id="points.count|==|plural.other" xml:space="preserve">"#))
        XCTAssertTrue(xliff.contains(#"<trans-unit id="range|==|substitutions.points.plural.other" xml:space="preserve">"#))
        XCTAssertTrue(xliff.contains("<source>Use &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quotes&quot;\nacross lines&#9;and tabs</source>"))
        XCTAssertTrue(xliff.contains(#"<target state="needs-review-translation">&lt;b&gt;굵게"#))
        XCTAssertTrue(xliff.contains(#"<target state="x-stale">옛것</target>"#))
        XCTAssertTrue(xliff.contains("<note>Escaping: &lt;b&gt; &amp; &quot;quotes&quot; &apos;apostrophes&apos;.</note>"))
        // A key without a translation is exported with its source and no target.
        XCTAssertTrue(xliff.contains("<trans-unit id=\"untranslated\" xml:space=\"preserve\">\n        <source>Only English</source>\n      </trans-unit>"))
        // ru needs one, few, many and other; the source's other stands in where English has no form.
        let ru = XLIFF.export(catalog, locale: "ru", original: "exchange.xcstrings")
        XCTAssertTrue(ru.contains("<trans-unit id=\"points.count|==|plural.few\" xml:space=\"preserve\">\n        <source>%lld points</source>\n        <target state=\"translated\">%lld точки</target>"))
    }

    func testXLIFFFromATranslationTool() throws {
        let catalog = removing("ko", from: try Fixture.catalog("exchange.xcstrings"))
        let xliff = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- edited in a CAT tool -->
        <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
          <file original="exchange.xcstrings" source-language="en" target-language="ko" datatype="plaintext">
            <body>
              <group id="g1">
                <trans-unit id="stale"><source>Old</source><target state="final"><![CDATA[<새것>]]></target></trans-unit>
                <trans-unit id="points.count|==|plural.other"><source>%lld points</source><target>점 &#37;lld개</target></trans-unit>
                <trans-unit id="gone"><source>x</source><target>y</target></trans-unit>
              </group>
            </body>
          </file>
        </xliff>
        """
        let result = try XLIFF.importing(xliff, path: "ko.xliff", into: catalog)
        XCTAssertEqual(result.catalog.entries["stale"]?.localizations["ko"], .text("<새것>"))
        XCTAssertEqual(result.catalog.entries["points.count"]?.localizations["ko"]?.plural, [.other: StringUnit(value: "점 %lld개")])
        XCTAssertEqual(result.warnings, ["ko.xliff: warning: unit 'gone': the catalog has no key 'gone'; skipped"])
    }

    /// XML's own line-end and attribute rules: a file saved with CR LF imports the texts it would
    /// with LF, a written `&#13;` keeps its CR, and only tab and line feed count as attribute space.
    func testXMLLineEndsAndAttributeSpace() throws {
        let root = try XMLTreeParser.parse("<a t=\"x\r\ny\tz\u{2028}w\u{00A0}v\">1\r\n2\r3&#13;4\u{2028}5</a>")
        XCTAssertEqual(root.text, "1\n2\n3\r4\u{2028}5")
        XCTAssertEqual(root.attributes["t"], "x y z\u{2028}w\u{00A0}v")
        XCTAssertThrowsError(try XMLTreeParser.parse("<a\r\n\r\nb=\"1\" c>")) { error in
            XCTAssertEqual((error as? XMLSyntaxError)?.line, 3)
        }
    }

    func testMalformedXLIFFNamesTheLine() {
        XCTAssertThrowsError(try XLIFF.importing("<xliff>\n<file target-language=\"ko\">\n<body></file></xliff>",
                                                 path: "bad.xliff", into: StringCatalog())) { error in
            XCTAssertEqual((error as? CatalogError)?.description, "bad.xliff:3: error: </file> closes <body>")
        }
    }

    func testPOEscapesAndFlags() throws {
        let catalog = try Fixture.catalog("exchange.xcstrings")
        let po = PortableObject.export(catalog, locale: "ko")
        XCTAssertTrue(po.contains("\"Language: ko\\n\""))
        XCTAssertTrue(po.contains("""
        #. Escaping: <b> & "quotes" 'apostrophes'.
        #, fuzzy
        msgctxt "html.note"
        msgid "Use <b>bold</b> & \\"quotes\\"\\nacross lines\\tand tabs"
        msgstr "<b>굵게</b> & \\"따옴표\\"\\n여러 줄\\t탭"
        """))
        XCTAssertTrue(po.contains("#, x-stale\nmsgctxt \"stale\"\nmsgid \"Old\"\nmsgstr \"옛것\"\n"))
        XCTAssertTrue(po.contains("msgctxt \"untranslated\"\nmsgid \"Only English\"\nmsgstr \"\"\n"))
    }

    func testPOWithContinuationLinesAndLanguageHeader() throws {
        let catalog = removing("ko", from: try Fixture.catalog("exchange.xcstrings"))
        let po = """
        msgid ""
        msgstr ""
        "Language: ko\\n"

        msgctxt "stale"
        msgid "Old"
        msgstr ""
        "새"
        "것"

        """
        let result = try PortableObject.importing(po, path: "ko.po", into: catalog)
        XCTAssertEqual(result.catalog.entries["stale"]?.localizations["ko"], .text("새것"))
    }
}
