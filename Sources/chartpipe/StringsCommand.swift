import ChartpipeCore
import ChartpipeJSON
import ChartpipeText
import Foundation

/// `chartpipe strings lint|export|import`: catalog tooling for localisation teams (SPEC §7).
enum StringsCommand: Command {
    static let spec = CommandSpec(
        name: "strings", summary: "Lint, export and import string catalogs (for localisation teams).",
        positionals: ["ACTION", "[ARGS…]"], options: [],
        discussion: """
        Actions:
          lint [--locales L,L] [CATALOG…]                  check the shipped catalogs and the ones named
          export --locale L --format xliff|po CATALOG      print the catalog's texts for translators
          import FILE CATALOG [--locale L]                 merge an .xliff or .po file into the catalog

        'chartpipe strings ACTION --help' shows an action's help; docs/localisation.md has the workflow.
        """,
        actions: [lint, export, importing])

    static let lintLocales = OptionSpec("locales", value: "L,L", help: "Locales every key must have.",
                                        defaultHelp: "those the catalogs have; for a pipeline, its locales")
    static let exportLocale = OptionSpec("locale", value: "L", help: "The target locale, such as 'ko'.")
    static let exportFormat = OptionSpec("format", value: "FORMAT", help: "{choices}.", shape: .choice(["xliff", "po"]), default: "xliff")
    static let importLocale = OptionSpec("locale", value: "L", help: "PO only: the locale, when the file has no 'Language' header.")

    static let lint = CommandSpec(
        name: "strings lint", summary: "Check string catalogs: missing translations, placeholder mismatches, plural categories, particle markers, Chinese punctuation.",
        positionals: ["[CATALOG|PIPELINE…]"],
        options: [lintLocales],
        discussion: """
        The shipped catalogs are always checked. A .pipeline file checks that every chart title,
        subtitle, axis title and series name it writes has a translation in every locale the pipeline
        writes (in the shipped catalogs or its own 'strings'); series named by the data are read from
        the manifest of its output folder, after a run. Exit status 0 when there is no error (warnings
        are printed), 1 when there is.
        """)

    static let export = CommandSpec(
        name: "strings export", summary: "Print a catalog's texts in one locale as XLIFF 1.2 or PO, for translators' tools.",
        positionals: ["CATALOG"],
        options: [exportLocale, exportFormat],
        discussion: "Export followed by import gives back the catalog exactly.")

    static let importing = CommandSpec(
        name: "strings import", summary: "Merge translations from an XLIFF (.xliff, .xlf) or PO (.po) file into a catalog.",
        positionals: ["FILE", "CATALOG"],
        options: [importLocale],
        discussion: "The catalog is rewritten in place (atomically); units whose key is not in it are skipped with a warning.")

    static func run(_ parsed: ParsedArguments, arguments: [String]) throws(UsageError) -> ExitStatus {
        let name = parsed.positionals[0]
        let action = try spec.action(name)
        let rest = try ArgumentParser.parse(Array(arguments.drop { $0 != name }.dropFirst()), for: action)
        if rest.help { print(action.help, terminator: ""); return .success }
        switch name {
        case "lint": return runLint(rest)
        case "export": return try runExport(rest)
        default: return try runImport(rest)
        }
    }

    static func runLint(_ parsed: ParsedArguments) -> ExitStatus {
        let locales = parsed.given(Self.lintLocales).map { $0.split(separator: ",").map(String.init) }
        var findings: [LintFinding] = []
        do {
            for (name, catalog) in try Catalog.embeddedFiles() {
                findings += CatalogLint.lint(catalog, path: "(shipped) \(name)", locales: locales)
            }
        } catch {
            Console.error("chartpipe: error: the shipped catalogs do not load: \(error)")
            return .failure
        }
        for path in parsed.positionals where !path.hasSuffix(".pipeline") { findings += CatalogLint.lint(path: path, locales: locales) }
        for path in parsed.positionals where path.hasSuffix(".pipeline") {
            guard let pipelineFindings = PipelineTextLint.lint(path: path, locales: locales) else { return .usage }
            findings += pipelineFindings
        }
        for f in findings { Console.error(f.description) }
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.count - errors
        Console.error("\(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings")")
        return errors == 0 ? .success : .failure
    }

    static func runExport(_ parsed: ParsedArguments) throws(UsageError) -> ExitStatus {
        guard let locale = parsed.given(Self.exportLocale) else {
            throw UsageError(message: "'strings export' needs --locale, such as --locale ko", command: "strings export")
        }
        let format = try parsed.value(Self.exportFormat) ?? ""
        let path = parsed.positionals[0]
        do {
            let catalog = try StringCatalog(contentsOf: path)
            let text = format == "po" ? PortableObject.export(catalog, locale: locale)
                : XLIFF.export(catalog, locale: locale, original: (path as NSString).lastPathComponent)
            StandardStream.output.write(text)
            return .success
        } catch {
            Console.error(error.description)
            return .failure
        }
    }

    static func runImport(_ parsed: ParsedArguments) throws(UsageError) -> ExitStatus {
        let file = parsed.positionals[0], path = parsed.positionals[1]
        let ext = (file as NSString).pathExtension.lowercased()
        guard ["xliff", "xlf", "po"].contains(ext) else {
            throw UsageError(message: "cannot tell the format of '\(file)': use a .xliff, .xlf or .po file", command: "strings import")
        }
        do {
            let catalog = try StringCatalog(contentsOf: path)
            let data: [UInt8]
            switch RegularFile.read(file, maxBytes: ImportLimits.maxFileBytes) {
            case let .success(bytes): data = bytes
            case let .failure(.notRegular(kind)):
                Console.error("\(file): error: it is \(kind), not a regular file; name an .xliff or .po file")
                return .failure
            case let .failure(.tooLarge(size)):
                Console.error("\(file): error: the file has \(size) bytes, more than the \(ImportLimits.maxFileBytes) an import reads; split it")
                return .failure
            case let .failure(problem):
                Console.error("\(file): error: cannot read: \(problem)")
                return .failure
            }
            let result = ext == "po"
                ? try PortableObject.importing(bytes: data, path: file, locale: parsed.given(Self.importLocale), into: catalog)
                : try XLIFF.importing(bytes: data, path: file, into: catalog)
            for w in result.warnings { Console.error(w) }
            let writer = ArtifactWriter(root: (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent)
            do {
                _ = try writer.write(result.catalog.encoded(), to: (path as NSString).lastPathComponent, kind: "catalog", locale: nil)
            } catch {
                Console.error(error.description)
                return .failure
            }
            return .success
        } catch {
            Console.error(error.description)
            return .failure
        }
    }
}
