import ChartpipeLock

/// Locale fallback for catalog lookups: `zh-Hans-CN` → `zh-Hans` → `zh`; `ko-KR` → `ko`.
public enum LocaleFallback {
    /// Answers already worked out, per locale: every rendering asks for them, a run has few locales.
    private static let languages = Locked<[String: String]>([:])
    private static let chains = Locked<[String: [String]]>([:])

    /// The language subtag, lowercased: `zh` of `zh-Hans-CN`.
    public static func language(of locale: String) -> String {
        if let known = languages.withLock({ $0[locale] }) { return known }
        let language = String(normalized(locale).split(separator: "-").first ?? "").lowercased()
        languages.withLock { $0[locale] = language }
        return language
    }

    /// `language(of: locale) == "ko"`, without its shared table (a renderer asks it per sentence).
    public static func isKorean(_ locale: String) -> Bool {
        var bytes = locale.utf8.makeIterator()
        guard let k = bytes.next(), k | 0x20 == UInt8(ascii: "k"), let o = bytes.next(), o | 0x20 == UInt8(ascii: "o") else { return false }
        guard let next = bytes.next() else { return true }
        return next == UInt8(ascii: "-") || next == UInt8(ascii: "_")
    }

    /// `zh_Hans_CN` → `zh-Hans-CN`.
    public static func normalized(_ locale: String) -> String {
        String(locale.map { $0 == "_" ? "-" : $0 })
    }

    /// The locales to try, most specific first. A Chinese region without a script maps to the script
    /// it writes (`zh-CN` → `zh-Hans`, `zh-TW` → `zh-Hant`); plain `zh` then tries `zh-Hans`.
    public static func chain(_ locale: String) -> [String] {
        if let known = chains.withLock({ $0[locale] }) { return known }
        let chain = makeChain(locale)
        chains.withLock { $0[locale] = chain }
        return chain
    }

    private static func makeChain(_ locale: String) -> [String] {
        let parts = normalized(locale).split(separator: "-").map(String.init)
        guard let first = parts.first else { return [] }
        var chain: [String] = []
        for n in stride(from: parts.count, through: 1, by: -1) {
            let candidate = parts[0..<n].joined(separator: "-")
            if !chain.contains(candidate) { chain.append(candidate) }
            guard first.lowercased() == "zh" else { continue }
            if n == 2, parts[1].count == 2 {
                let script = ["TW", "HK", "MO"].contains(parts[1].uppercased()) ? "zh-Hant" : "zh-Hans"
                if !chain.contains(script) { chain.append(script) }
            }
            if n == 1, !chain.contains("zh-Hans"), !chain.contains("zh-Hant") { chain.append("zh-Hans") }
        }
        return chain
    }
}
