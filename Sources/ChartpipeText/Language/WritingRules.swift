import Foundation

/// The writing rules of SPEC §5 (from Apple's Human Interface Guidelines for charts), as checks
/// over finished text: real values instead of subjective words, unambiguous dates, units spelled
/// out, never a colour. `strings lint` applies the word rules to catalogs; tests apply all of them
/// to every generated text.
public enum WritingRules {
    /// Subjective words, by language: say the value instead ("rose 12% from June 6 to June 20").
    public static let subjective: [String: [String]] = [
        "en": ["gradual", "sharp", "slight", "often", "usually", "steadi", "dramatic", "rapid", "huge", "tiny",
               "somewhat", "a bit", "a lot", "modest"],
        "ko": ["점차", "급격히", "약간", "자주", "대개", "보통", "꾸준히", "조금", "크게", "살짝", "급증", "급감"],
        "zh": ["逐渐", "急剧", "略微", "经常", "通常", "稍微", "大幅", "显著增长", "明显", "缓慢"],
        // Japanese words are matched inside text without spaces: "少しずつ", never "少し", which
        // "減少しました" contains.
        "ja": ["徐々に", "次第に", "急激", "急増", "急減", "急落", "急上昇", "わずかに", "しばしば", "頻繁", "通常",
               "大幅", "やや", "少しずつ", "かなり", "緩やか", "着実に"],
    ]

    /// Terms of a statistical test that hold a subjective word: "显著增长趋势" is the Mann-Kendall
    /// test's significant increasing trend of a count, where "显著增长" alone reads as "grew markedly".
    public static let terms: [String: [String]] = [
        "zh": ["显著增长趋势"],
    ]

    /// Colour words, by language: say what a series represents, never its colour.
    public static let colours: [String: [String]] = [
        "en": ["red", "green", "blue", "orange", "yellow", "purple", "colour", "color"],
        "ko": ["빨간", "파란", "초록", "노란", "보라", "색상", "색깔"],
        "zh": ["红色", "蓝色", "绿色", "黄色", "紫色", "颜色"],
        "ja": ["赤い", "青い", "緑", "黄色", "紫", "色"],
    ]

    /// Problems of words alone (subjective and colour words): what catalogs are linted for.
    public static func wordProblems(in text: String, locale: String) -> [String] {
        let language = String(locale.prefix(2))
        let lower = (terms[language] ?? []).reduce(text.lowercased()) { $0.replacingOccurrences(of: $1, with: "") }
        var problems: [String] = []
        // English subjective words are stems ("steadi", "sharp" in "sharply"): matched from a word start.
        for word in subjective[language] ?? [] where contains(lower, word, latin: language == "en", wholeWord: false) {
            problems.append("subjective word '\(word)': say the value instead")
        }
        for word in colours[language] ?? [] where contains(lower, word, latin: language == "en", wholeWord: true) {
            problems.append("colour word '\(word)': say what the series represents")
        }
        return problems
    }

    /// Every problem of a finished text in `locale`: the word rules, numeric dates such as 6/6,
    /// abbreviated units such as 60m, unrendered placeholders, Chinese typography and unresolved
    /// Korean particles.
    public static func problems(in text: String, locale: String) -> [String] {
        var problems = wordProblems(in: text, locale: locale)
        // Boundaries are Latin letters and digits, not \b: Chinese, Japanese and Korean text puts a
        // word character straight after a number ("6/6に", "60m였다").
        if text.range(of: #"(?<![\d.,])\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}(?![\d])|(?<![A-Za-z\d.,$/])\d{1,2}/\d{1,2}(?![A-Za-z\d/])"#,
                      options: .regularExpression) != nil {
            problems.append("numeric date: write the month as a word")
        }
        if text.range(of: #"\d\s?(m|h|s|km|min|mins|hr|hrs|ms|kg|kwh|kWh|d|wk)(?![A-Za-z\d])"#, options: .regularExpression) != nil {
            problems.append("abbreviated unit: spell the unit out")
        }
        if text.contains("⟦") { problems.append("a placeholder was not rendered") }
        switch locale.prefix(2) {
        case "zh":
            // Markdown headings keep their '#'.
            if !text.hasPrefix("#") { problems += ChineseText.problems(in: text) }
        case "ko":
            // A particle marker left after Hangul or a digit was not resolved.
            if text.range(of: #"[가-힣0-9%]\((이|은|을|과|으)\)"#, options: .regularExpression) != nil {
                problems.append("unresolved particle marker")
            }
        default:
            break
        }
        return problems
    }

    private static func contains(_ text: String, _ word: String, latin: Bool, wholeWord: Bool) -> Bool {
        guard latin else { return text.contains(word) }
        let pattern = "\\b" + NSRegularExpression.escapedPattern(for: word) + (wholeWord ? "\\b" : "")
        return text.range(of: pattern, options: .regularExpression) != nil
    }
}
