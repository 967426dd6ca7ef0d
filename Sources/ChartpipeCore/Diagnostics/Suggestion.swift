/// Suggestions for misspelt names ("did you mean 'title'?").
public enum Suggestion {
    /// The candidate closest to `word`, if it is close enough to be a likely typo.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        if let same = candidates.first(where: { $0.lowercased() == lower }) { return same }
        // A word that means a candidate is no typo of it: `op: average` means `mean`.
        if let meant = synonyms[lower], let same = candidates.first(where: { $0.lowercased() == meant }) { return same }
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(lower, candidate.lowercased())
            if d <= max(1, min(word.count, candidate.count) / 3), best.map({ d < $0.1 }) ?? true {
                best = (candidate, d)
            }
        }
        if let best { return best.0 }
        // A prefix is a likely abbreviation ("desc" for "describe").
        return lower.count >= 3 ? candidates.first { $0.lowercased().hasPrefix(lower) } : nil
    }

    /// Words that name a candidate by another name (statistics' and spreadsheets' names of the ops).
    static let synonyms: [String: String] = [
        "average": "mean", "avg": "mean", "total": "sum", "minimum": "min", "maximum": "max", "mid": "median",
    ]

    /// " did you mean 'x'?" or "" — to append to a message.
    public static func didYouMean(_ word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit (Damerau 1964).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
