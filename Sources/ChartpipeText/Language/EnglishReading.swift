/// How an English word ends when Korean reads it, for the particle that follows it ("Revenue는",
/// "Time이", "Level로"), by the Korean rules for writing loanwords (외래어 표기법, 1986):
///
/// - a final vowel sound is a vowel: data, city, value, revenue, flow; so is an `r` that English
///   does not sound (user 유저, year 이어, score 스코어);
/// - `l` is ㄹ (level 레벨, table 테이블, file 파일); `m`, `n` and `ng` are consonants (system 시스템,
///   time 타임, inflation 인플레이션, line 라인, spring 스프링);
/// - a final stop after a short vowel is a batchim: `-ck`, `-ic`, `-ook` (stock 스톡, traffic 트래픽),
///   `p` (shop 숍, group 그룹, sleep 슬립), `t` in a word of two or more syllables and in `-ot`, `-ut`,
///   `-out` (market 마켓, credit 크레딧, robot 로봇, output 아웃풋), `b` (web 웹, club 클럽);
/// - a final stop or fricative after a consonant or a long vowel takes 으 and ends in a vowel:
///   cost 코스트, point 포인트, week 위크, heat 히트, bank 뱅크, trend 트렌드, sales 세일즈,
///   index 인덱스, cash 캐시, month 먼스, graph 그래프; so does a silent `e` after them (rate 레이트,
///   price 프라이스, page 페이지), while a silent `e` after `l`, `m`, `n` leaves ㄹ, ㅁ, ㄴ (sale 세일,
///   home 홈, zone 존).
///
/// Words that break these rules and are common in chart titles are listed; a one-syllable word in
/// `-at` is read either way (챗, 배트) and is not guessed. The rules are measured on a committed list
/// of English words from chart titles with their Korean readings (docs/localisation.md).
enum EnglishReading {
    /// Words whose reading the rules above get wrong.
    static let exceptions: [String: KoreanParticles.Ending] = [
        "good": .consonant, "bag": .consonant, "big": .consonant, "hub": .vowel, "york": .consonant,
        "climate": .consonant, "minute": .consonant, "private": .consonant, "chocolate": .consonant, "senate": .consonant,
        "circuit": .consonant, "foot": .consonant, "pet": .consonant, "loop": .vowel, "hoop": .vowel, "jeep": .vowel,
        "cheap": .vowel, "pot": .vowel, "wheat": .vowel, "jump": .vowel, "image": .vowel,
    ]

    /// One-syllable words in `-at`, `-et`, `-it`: read either way, so not guessed, except those listed.
    static let shortWordsWithT: [String: KoreanParticles.Ending] = [
        "set": .vowel, "net": .vowel, "jet": .vowel, "get": .vowel, "bet": .vowel, "hit": .vowel, "kit": .vowel,
        "bit": .vowel, "fit": .vowel, "chat": .consonant, "flat": .consonant, "that": .consonant, "what": .consonant,
    ]

    static let vowels: Set<Character> = ["a", "e", "i", "o", "u", "y"]

    /// The ending of `word` (lowercase ASCII letters) as Korean reads it, or nil when unsure.
    static func ending(of word: String) -> KoreanParticles.Ending? {
        if let known = exceptions[word] { return known }
        let letters = Array(word)
        guard let last = letters.last else { return nil }
        let before = letters.count >= 2 ? letters[letters.count - 2] : nil
        let third = letters.count >= 3 ? letters[letters.count - 3] : nil
        func isVowel(_ c: Character?) -> Bool { c.map { vowels.contains($0) } ?? false }
        switch last {
        case "a", "i", "o", "u", "y", "w", "r", "s", "x", "z", "f", "v", "d", "g", "h":
            if last == "g" && before == "n" { return .consonant }  // -ng: 잉
            return .vowel
        case "l": return .rieul
        case "m", "n": return .consonant
        case "e": return silentE(letters)
        case "c": return isVowel(before) ? .consonant : .vowel  // traffic 트래픽, arc 아크
        case "k":
            if before == "c" { return .consonant }  // stock 스톡
            if before == "o" && third == "o" { return .consonant }  // book 북
            return .vowel  // week 위크, bank 뱅크, desk 데스크
        case "p":
            if before == "p" { return .consonant }  // app 앱: a doubled letter follows a short vowel
            guard isVowel(before) else { return .vowel }  // camp 캠프, help 헬프
            return .consonant  // shop 숍, group 그룹, sleep 슬립, app 앱
        case "b":
            return isVowel(before) ? .consonant : .vowel  // web 웹, bulb 벌브
        case "t":
            return finalT(letters)
        default:
            return nil
        }
    }

    /// A final `t`: 트 after a consonant or a long vowel; a batchim ㅅ after a short vowel in a
    /// longer word, and in `-ot`, `-ut`, `-out`.
    static func finalT(_ letters: [Character]) -> KoreanParticles.Ending? {
        let n = letters.count
        guard n >= 2 else { return .vowel }
        let before = letters[n - 2]
        guard vowels.contains(before) else { return .vowel }  // cost, point, chart, light
        let pair = n >= 3 ? String(letters[(n - 3)...(n - 2)]) : ""
        if pair == "ou" { return .consonant }  // layout 레이아웃
        if ["ea", "ee", "oa", "ai", "oi", "ui", "oo", "ei", "ie"].contains(pair) { return .vowel }  // heat, sheet, boat
        if before == "o" || before == "u" { return .consonant }  // robot 로봇, output 아웃풋
        let word = String(letters)
        if syllables(letters) <= 1 { return shortWordsWithT[word] }
        return .consonant  // market 마켓, credit 크레딧, format 포맷
    }

    /// A final `e`: silent after a consonant, whose reading decides (sale 세일, time 타임, rate
    /// 레이트); sounded in `-ee`, `-ue`, `-ie`, `-oe`, `-ye`.
    static func silentE(_ letters: [Character]) -> KoreanParticles.Ending? {
        let n = letters.count
        guard n >= 2 else { return .vowel }
        let before = letters[n - 2]
        switch before {
        case "l": return .rieul  // sale, table, file
        case "m", "n": return .consonant  // time, volume, line, zone
        default: return .vowel  // rate, price, page, share, value, free
        }
    }

    /// Vowel groups of a word, a rough syllable count (a final silent `e` is not one).
    static func syllables(_ letters: [Character]) -> Int {
        var count = 0
        var inVowel = false
        for (i, c) in letters.enumerated() {
            let vowel = vowels.contains(c) && !(c == "e" && i == letters.count - 1 && i > 0)
            if vowel && !inVowel { count += 1 }
            inVowel = vowel
        }
        return count
    }
}
