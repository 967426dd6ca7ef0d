/// What the index of a report of pages says of one chart in one locale: made when its page is
/// written, or saved with the run (`PageIndex`) for a page kept as it was.
struct PageEntry: Sendable {
    let title: String
    let isMade: Bool
    /// Why the chart is not shown (in the reader's language), when it is not made.
    let reason: String?
    /// The first sentence of the description's summary (empty when not made).
    let summary: String
    /// The texts of the `changes` layer of its description.
    let changes: [String]

    /// The first sentence of `summary`: up to the first full stop that ends a sentence (a CJK
    /// full stop, or `.`, `!`, `?` before a space), or the whole text.
    static func firstSentence(_ summary: String) -> String {
        var previous: Character?
        var end = summary.endIndex
        for i in summary.indices {
            let c = summary[i]
            if c == "。" || c == "！" || c == "？" {
                end = summary.index(after: i)
                break
            }
            if c == " ", let p = previous, p == "." || p == "!" || p == "?" {
                end = i
                break
            }
            previous = c
        }
        return String(summary[..<end])
    }
}
