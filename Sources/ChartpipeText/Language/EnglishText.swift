/// English running text as an editor signs it: a common noun from a title takes "the" ("the
/// population increased"), and a sentence starts with a capital even when a name in it does not.
public enum EnglishText {
    /// `title` as a noun in running text, already in its mid-sentence case (`WrittenLanguage.midSentence`):
    /// a lowercased common noun takes "the" ("the population", "the approval rating"), unless its
    /// first word looks plural ("passengers (thousands)", "earnings per share"), which English leaves
    /// bare; a name or acronym keeps its capitals and no article ("GDP", "Seed 301").
    public static func withArticle(_ title: String) -> String {
        guard let first = title.first, first.isLowercase, !title.hasPrefix("the ") else { return title }
        let lead = title.prefix { $0.isLetter }
        if lead.hasSuffix("s") && !lead.hasSuffix("ss") && !lead.hasSuffix("us") && !lead.hasSuffix("is") { return title }
        return "the " + title
    }

    /// Whether a name reads as a plural noun ("Passengers (thousands)", "Sales", "earnings per share"):
    /// its first word ends in s (not ss, us, is), and it is no acronym or name ("DAX", "United States").
    public static func looksPlural(_ name: String) -> Bool {
        let lead = name.prefix { $0.isLetter }
        guard lead.count > 2, lead.dropFirst().contains(where: \.isLowercase) else { return false }
        guard lead.hasSuffix("s"), !lead.hasSuffix("ss"), !lead.hasSuffix("us"), !lead.hasSuffix("is") else { return false }
        return !name.dropFirst(lead.count).hasPrefix(" States")
    }

    /// A sentence whose subject `name` looks plural, with the present-tense verb that follows it in
    /// the plural ("Passengers rise and fall in a cycle", "Sales are missing 3 values").
    public static func agreeing(_ sentence: String, subject name: String) -> String {
        guard looksPlural(name), !name.isEmpty else { return sentence }
        // The sentence starts with the name, perhaps with its first letter capitalized.
        let start = String(sentence.prefix(name.count))
        guard start.lowercased() == name.lowercased() else { return sentence }
        let rest = sentence.dropFirst(start.count)
        for (singular, plural) in [(" rises and falls", " rise and fall"), (" follows ", " follow "), (" is missing ", " are missing "),
                                   (" has ", " have ")] where rest.hasPrefix(singular) {
            var agreed = plural + rest.dropFirst(singular.count)
            // The cycle's own words: "its mean" is "their mean".
            agreed = agreed.replacing(": its mean", with: ": their mean")
            return start + agreed
        }
        return sentence
    }

    /// A whole sentence (it ends with a full stop) whose first letter is lowercase, with a capital:
    /// "The population increased …" where the template starts with the running name.
    public static func sentenceCase(_ text: String) -> String {
        guard text.hasSuffix("."), let first = text.first, first.isLowercase else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
