import ChartpipeText
import XCTest

final class CatalogLintTests: XCTestCase {
    func testEveryKindOfFinding() {
        let path = Fixture.path("lint.xcstrings")
        let findings = CatalogLint.lint(path: path).map { $0.description.replacingOccurrences(of: path, with: "lint.xcstrings") }
        XCTAssertEqual(findings, [
            "lint.xcstrings: error: key 'a.missing' [ko]: missing translation",
            "lint.xcstrings: error: key 'b.placeholders' [zh-Hans]: placeholder for argument 2 (an integer (%lld)) is missing",
            "lint.xcstrings: error: key 'b.placeholders' [zh-Hans]: argument 3 is not in the source text",
            "lint.xcstrings: error: key 'c.type' [ko]: argument 1 is a number (%f) but an integer (%lld) in the source",
            "lint.xcstrings: error: key 'd.plural' [en]: plural lacks the CLDR categories one of en",
            "lint.xcstrings: warning: key 'd.plural' [ko]: plural has one, which ko never selects",
            "lint.xcstrings: error: key 'e.particle' [ko]: '이(가)' is not a particle marker chartpipe resolves; write (이)가",
            "lint.xcstrings: error: key 'f.chinese' [zh-Hans]: ASCII ':' in Chinese text; write '：'",
            "lint.xcstrings: error: key 'f.chinese' [zh-Hans]: ASCII ',' in Chinese text; write '，'",
            "lint.xcstrings: error: key 'f.chinese' [zh-Hans]: space between '了' and a number; Chinese text has no space between Han characters and numbers",
            "lint.xcstrings: warning: key 'g.state' [ko]: state is 'needs_review', not 'translated'",
            "lint.xcstrings: error: key 'h.percent' [en]: '% ' is not a placeholder; write '%%' for a percent sign",
        ])
    }

    func testRequestedLocalesMustAllBePresent() throws {
        let catalog = try Fixture.catalog("lint.xcstrings")
        let findings = CatalogLint.lint(catalog, path: "lint.xcstrings", locales: ["en", "ja"])
        XCTAssertEqual(findings.filter { $0.locale == "ja" }.count, catalog.entries.count)
        XCTAssertTrue(findings.allSatisfy { $0.locale != "ko" })
    }

    func testUnreadableCatalogIsOneFinding() {
        let findings = CatalogLint.lint(path: "/nonexistent/x.xcstrings")
        XCTAssertEqual(findings.map(\.description),
                       ["/nonexistent/x.xcstrings: error: cannot read the catalog: No such file or directory"])
    }

    func testParticleMarkerProblems() {
        XCTAssertEqual(KoreanParticles.markerProblems(in: "%1$@(은)는 %2$@(으)로"), [])
        XCTAssertEqual(KoreanParticles.markerProblems(in: "%1$@을(를)"),
                       ["'을(를)' is not a particle marker chartpipe resolves; write (을)를"])
        XCTAssertEqual(KoreanParticles.markerProblems(in: "%1$@(가)"),
                       ["'@(가)' is not a particle marker chartpipe resolves; write (이)가"])
        XCTAssertEqual(KoreanParticles.markerProblems(in: "매출(원)"), [])
    }
}

/// A catalog is input: a substitution that names itself, or a precision typo, must be a finding
/// and a marked rendering, never a stack overflow or a million-digit number.
final class CatalogLoopTests: XCTestCase {
    func testLoopsAndHugePrecisionAreFindings() {
        let path = Fixture.path("loops.xcstrings")
        let findings = CatalogLint.lint(path: path).map { $0.description.replacingOccurrences(of: path, with: "loops.xcstrings") }
        XCTAssertEqual(findings, [
            "loops.xcstrings: error: key 'a.self' [en]: substitution 'n' uses itself",
            "loops.xcstrings: error: key 'b.mutual' [en]: substitutions use each other in a loop: 'p' → 'q' → 'p'",
            "loops.xcstrings: error: key 'c.precision' [en]: '%1$.1000000e' asks for 1000000 digits; at most 20 are shown",
        ])
    }

    /// Substitutions that each name all the others never loop, but rendered in full they branch
    /// factorially: seven took the template fuzz target 166 s. One rendering expands at most
    /// `maxSubstitutions` of them, says so, and marks the rest.
    func testSubstitutionsThatBranchAreBounded() {
        let names = (0..<8).map { "s\($0)" }
        let text = names.map { "%#@\($0)@" }.joined(separator: " ")
        var substitutions: [String: Substitution] = [:]
        for name in names {
            substitutions[name] = Substitution(argNum: 1, formatSpecifier: "lld", plural: [.other: StringUnit(value: text)])
        }
        let localization = Localization(stringUnit: StringUnit(value: text), substitutions: substitutions)
        let catalog = Catalog([StringCatalog(entries: ["k": CatalogEntry(localizations: ["en": localization])])])
        let rendering = catalog.rendering("k", locale: "en", [3])
        XCTAssertEqual(rendering.problems.filter { $0.contains("more than 256 renderings") }.count, 1, "\(rendering.problems.prefix(3))")
        XCTAssertTrue(rendering.text.contains("⟦%#@"), rendering.text)
        XCTAssertLessThan(rendering.text.utf8.count, 256 * 8 * 16)
        // A nesting a sentence needs renders whole.
        let two = Localization(stringUnit: StringUnit(value: "%#@a@"), substitutions: [
            "a": Substitution(argNum: 1, formatSpecifier: "lld", plural: [.other: StringUnit(value: "%lld and %#@b@")]),
            "b": Substitution(argNum: 1, formatSpecifier: "lld", plural: [.other: StringUnit(value: "%lld again")]),
        ])
        let plain = Catalog([StringCatalog(entries: ["k": CatalogEntry(localizations: ["en": two])])]).rendering("k", locale: "en", [3])
        XCTAssertEqual(plain.text, "3 and 3 again")
        XCTAssertEqual(plain.problems, [])
    }

    func testRenderingALoopStopsAtTheRepeatedName() throws {
        let catalog = try Catalog.loading(paths: [Fixture.path("loops.xcstrings")])
        let selfLoop = catalog.rendering("a.self", locale: "en", [3])
        XCTAssertEqual(selfLoop.text, "3 and ⟦%#@n@⟧")
        XCTAssertEqual(selfLoop.problems, ["[en] substitution 'n' uses itself"])
        let mutual = catalog.rendering("b.mutual", locale: "en", [3])
        XCTAssertEqual(mutual.text, "3 of ⟦%#@p@⟧")
        XCTAssertEqual(mutual.problems, ["[en] substitutions use each other in a loop: 'p' → 'q' → 'p'"])
        let digits = catalog.render("c.precision", locale: "en", [.double(1.5)])
        XCTAssertEqual(digits, "1.50000000000000000000E0")
    }
}
