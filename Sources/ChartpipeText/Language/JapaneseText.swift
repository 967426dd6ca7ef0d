/// Japanese rules for rendered text.
public enum JapaneseText {
    /// A threshold whose name is a line already ("低残量ライン", "警戒線") is not given 基準線 again:
    /// "低残量ライン（20%）を下回りました", never "低残量ライン（20%）の基準線を下回りました".
    public static func withoutDoubleLine(_ text: String) -> String {
        guard text.contains("）の基準線") else { return text }
        var out = text
        for name in ["ライン", "線"] {
            var searchFrom = out.startIndex
            while let open = out.range(of: name + "（", range: searchFrom..<out.endIndex),
                  let close = out.range(of: "）の基準線", range: open.upperBound..<out.endIndex) {
                // Only the brackets that follow the name (its value), not a later pair.
                guard !out[open.upperBound..<close.lowerBound].contains("（") else { searchFrom = open.upperBound; continue }
                out.replaceSubrange(close, with: "）")
                searchFrom = open.upperBound
            }
        }
        return out
    }
}
