import ChartpipeCore
import ChartpipeJSON
import ChartpipeText
import Foundation

/// `strings lint PIPELINE`: every text a pipeline puts in its descriptions — titles, subtitles, axis
/// titles, series names, those the data names too (from the manifest of the last run) — has a
/// translation in every locale the pipeline writes. Untranslated, a Japanese report would read
/// "WeatherごとのRainy days".
enum PipelineTextLint {
    /// The findings, or nil when the pipeline does not load (its errors are printed).
    static func lint(path: String, locales override: [String]?) -> [LintFinding]? {
        let spec: PipelineSpec
        do {
            spec = try PipelineLoader(registry: Chartpipe.registry(forPipelineAt: path)).load(path: path)
        } catch {
            for d in error.diagnostics { Console.error(d.description) }
            return nil
        }
        let catalog = TextVocabulary.catalog(spec.strings)
        let source = LocaleFallback.language(of: catalog.sourceLanguage ?? "en")
        let locales = (override ?? spec.locales).filter { LocaleFallback.language(of: $0) != source }
        let ran = previousSeries(spec)
        var findings: [LintFinding] = []
        for chart in spec.charts {
            var texts: [(what: String, text: String)] = [("title", chart.title)]
            if let subtitle = chart.subtitle { texts.append(("subtitle", subtitle)) }
            if let x = chart.x.title { texts.append(("x axis title", x)) }
            if let y = chart.y.title { texts.append(("y axis title", y)) }
            let named = chart.y.isWide ? chart.y.fields : (ran[chart.id] ?? [])
            for name in named where name != chart.y.title { texts.append(("series name", name)) }
            var seen: Set<String> = []
            for (what, text) in texts where seen.insert(text).inserted {
                for locale in locales {
                    let found = catalog.localization(of: text, locale: locale)
                    guard found.map({ LocaleFallback.language(of: $0.locale) != LocaleFallback.language(of: locale) }) ?? true else { continue }
                    findings.append(LintFinding(path: chart.location.description, severity: .error, key: text, locale: locale,
                                                message: "chart '\(chart.id)': the \(what) has no translation; add it to the pipeline's 'strings'"))
                }
            }
        }
        return findings
    }

    /// Series names the data gave each chart, from the manifest of the pipeline's output folder.
    static func previousSeries(_ spec: PipelineSpec) -> [String: [String]] {
        guard case let .success(bytes) = RegularFile.read(spec.output + "/manifest.json"),
              let json = try? JSONParser.parse(bytes), let manifest = Manifest(json: json), manifest.pipeline == spec.name else { return [:] }
        return Dictionary(manifest.charts.map { ($0.id, $0.series) }, uniquingKeysWith: { a, _ in a })
    }
}
