import ChartpipeText

/// The catalog the XLIFF and PO targets import into: a text, a plural and a substitution, so that
/// every unit id form has a key to land on.
public enum ExchangeCatalog {
    public static let catalog: StringCatalog = {
        let json = #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "plain": {"comment": "A text.", "localizations": {"en": {"stringUnit": {"state": "translated", "value": "Plain %@"}}}},
          "points.count": {"localizations": {"en": {"variations": {"plural": {
            "one": {"stringUnit": {"state": "translated", "value": "%lld point"}},
            "other": {"stringUnit": {"state": "translated", "value": "%lld points"}}}}}}},
          "sub": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%#@n@"},
            "substitutions": {"n": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%arg item"}},
              "other": {"stringUnit": {"state": "translated", "value": "%arg items"}}}}}}}}}
        }}
        """#
        return (try? StringCatalog(parsing: Array(json.utf8), path: "fuzz.xcstrings")) ?? StringCatalog()
    }()

    /// An imported catalog must export again, and its export import back to the same catalog.
    public static func checkRoundTrip(_ imported: StringCatalog, locale: String) {
        let xliff = XLIFF.export(imported, locale: locale, original: "fuzz.xcstrings")
        do {
            let again = try XLIFF.importing(xliff, path: "again.xliff", into: imported)
            expect(again.catalog == imported, "an XLIFF export imported again changes the catalog")
        } catch {
            expect(false, "an XLIFF chartpipe exported does not import: \(error)")
        }
        let po = PortableObject.export(imported, locale: locale)
        do {
            _ = try PortableObject.importing(po, path: "again.po", into: imported)
        } catch {
            expect(false, "a PO file chartpipe exported does not import: \(error)")
        }
    }
}
