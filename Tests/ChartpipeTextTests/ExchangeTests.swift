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

    private func importError(_ text: [UInt8], path: String, locale: String? = nil) -> String? {
        do {
            if path.hasSuffix(".po") {
                _ = try PortableObject.importing(bytes: text, path: path, locale: locale, into: Self.smallCatalog)
            } else {
                _ = try XLIFF.importing(bytes: text, path: path, into: Self.smallCatalog)
            }
            return nil
        } catch {
            return error.description
        }
    }

    static let smallCatalog = StringCatalog(entries: ["k": CatalogEntry(localizations: ["en": .text("Key")])])

    private func xliff(target: String, language: String = "ko") -> [UInt8] {
        Array("<xliff version=\"1.2\">\n<file original=\"a\" source-language=\"en\" target-language=\"\(language)\">\n<body>\n<trans-unit id=\"k\">\n<source>Key</source>\n<target>\(target)</target>\n</trans-unit>\n</body>\n</file>\n</xliff>\n".utf8)
    }

    /// Nesting past the limit (50,000 `<g>` overflowed the stack) and a text past 1 MiB fail with
    /// the line; a file past the file limit fails before it is parsed.
    func testImportsAreBoundedInDepthAndSize() {
        XCTAssertNil(importError(xliff(target: String(repeating: "<g>", count: 59) + "x" + String(repeating: "</g>", count: 59)), path: "ok.xliff"))
        for depth in [65, 50_000] {
            XCTAssertEqual(importError(xliff(target: String(repeating: "<g>", count: depth) + "x" + String(repeating: "</g>", count: depth)), path: "deep.xliff"),
                           "deep.xliff:6: error: elements nest more than 64 deep, the most an import reads")
        }
        let long = String(repeating: "a", count: ImportLimits.maxTextBytes + 1)
        XCTAssertEqual(importError(xliff(target: long), path: "long.xliff"),
                       "long.xliff:6: error: the text of <target> is longer than 1048576 bytes, the most an import reads in one text")
        XCTAssertEqual(importError(Array("msgid \"\"\nmsgstr \"\"\n\"Language: ko\\n\"\n\nmsgctxt \"k\"\nmsgid \"Key\"\nmsgstr \"\(long)\"\n".utf8), path: "long.po"),
                       "long.po:7: error: the msgstr is longer than 1048576 bytes, the most an import reads in one text")
        let longer = String(repeating: "a", count: ImportLimits.maxTextBytes + 100)
        XCTAssertEqual(importError(Array("msgid \"\"\nmsgstr \"\"\n\"Language: ko\\n\"\n\nmsgctxt \"k\"\nmsgid \"Key\"\nmsgstr \"\(longer)\"\n".utf8), path: "long.po"),
                       "long.po:7: error: the line is longer than 1048576 bytes, the most an import reads in one text")
        let half = String(repeating: "a", count: ImportLimits.maxTextBytes / 2 + 1)
        XCTAssertEqual(importError(Array("msgid \"\"\nmsgstr \"\"\n\"Language: ko\\n\"\n\nmsgctxt \"k\"\nmsgid \"Key\"\nmsgstr \"\(half)\"\n\"\(half)\"\n".utf8), path: "long.po"),
                       "long.po:8: error: the msgstr is longer than 1048576 bytes, the most an import reads in one text")
        XCTAssertEqual(importError([UInt8](repeating: 0x20, count: ImportLimits.maxFileBytes + 1), path: "huge.xliff"),
                       "huge.xliff: error: the file has 67108865 bytes, more than the 67108864 an import reads; split it")
    }

    /// A byte that is not UTF-8 fails the import at its line (it was read as U+FFFD, exit 0).
    func testInvalidUTF8InAnImportNamesTheLine() {
        var po = Array("msgid \"\"\nmsgstr \"\"\n\"Language: ko\\n\"\n\nmsgctxt \"k\"\nmsgid \"Key\"\nmsgstr \"".utf8)
        po += [0xC3, 0x28] + Array("\"\n".utf8)
        XCTAssertEqual(importError(po, path: "bad.po"), "bad.po:7: error: the file is not UTF-8 here; save it as UTF-8")
        var xml = xliff(target: "T")
        xml.insert(0xFF, at: xml.firstIndex(of: UInt8(ascii: "T"))!)
        XCTAssertEqual(importError(xml, path: "bad.xliff"), "bad.xliff:6: error: the file is not UTF-8 here; save it as UTF-8")
    }

    /// The locale a file names becomes a catalog key and, elsewhere, a file name: it must be a BCP 47 tag.
    func testTheLocaleOfAnImportIsABCP47Tag() {
        XCTAssertEqual(importError(xliff(target: "T", language: "../../etc"), path: "evil.xliff"),
                       "evil.xliff:2: error: target-language '../../etc' is not a BCP 47 language tag such as 'ko' or 'zh-Hans'")
        let po = Array("msgid \"\"\nmsgstr \"\"\n\"Language: ../../etc\\n\"\n\nmsgctxt \"k\"\nmsgid \"Key\"\nmsgstr \"T\"\n".utf8)
        XCTAssertEqual(importError(po, path: "evil.po"),
                       "evil.po:3: error: the locale '../../etc' is not a BCP 47 language tag such as 'ko' or 'zh-Hans'")
        XCTAssertEqual(importError(po, path: "evil.po", locale: "zh/../x"),
                       "evil.po: error: the locale 'zh/../x' is not a BCP 47 language tag such as 'ko' or 'zh-Hans'")
        XCTAssertNil(importError(po, path: "evil.po", locale: "zh-Hans"))
        for good in ["ko", "zh-Hans", "pt-BR", "es-419", "sr-Latn-RS"] { XCTAssertTrue(ImportLimits.isLanguageTag(good), good) }
        for bad in ["", "k", "../../etc", "ko_KR", "ko-", "zh--Hans", "1a", "a b"] { XCTAssertFalse(ImportLimits.isLanguageTag(bad), bad) }
    }
}
