/// Korean counters (명, 원, 회) after a number: spaced after a number written with Hangul units
/// ("760만 1천 명"), set close after digits ("3,738명"), as the National Institute of Korean
/// Language's spacing rules (한글 맞춤법 제43항) write them.
public enum KoreanCounters {
    /// Whether a counter after `number` is spaced: the number ends in a Hangul syllable (만, 천, 억).
    public static func spaced(after number: String) -> Bool {
        number.unicodeScalars.last.map { (0xAC00...0xD7A3).contains($0.value) } == true
    }
}
