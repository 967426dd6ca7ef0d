/// A phrase whose text in one locale is literals and plain placeholders, so that it renders by
/// joining its parts, without a renderer (`Phrasebook.fixed(_:kinds:)`): a point's label, made
/// two million times for one chart (issue 12), where the renderer made a renderer, an argument
/// list and a text grown piece by piece for each.
public struct FixedPhrase: Sendable {
    /// What an argument is: text (`%@`), or an integer given as `integer(_:)` writes it.
    public enum Kind: Sendable, Equatable {
        case text
        case integer
    }

    enum Part: Sendable {
        case literal(String)
        /// An argument, 0-based.
        case argument(Int)
    }

    let parts: [Part]
    /// UTF-8 bytes of the literals.
    let literalBytes: Int
    let resolved: Phrasebook.Resolved

    /// The text with argument `i` (0-based) written as `fill(i)`: what `Phrasebook.rendering` gives
    /// for the same arguments, an integer argument's text being `integer(_:)`'s.
    public func render(_ fill: (Int) -> String) -> String {
        var out = ""
        out.reserveCapacity(literalBytes + 64)
        for part in parts {
            switch part {
            case let .literal(text): out += text
            case let .argument(i): out += fill(i)
            }
        }
        return out
    }

    /// `n` as the phrase's placeholders write an integer: grouped as the locale of its text groups.
    public func integer(_ n: Int) -> String {
        TemplateRenderer.grouped(n, integers: resolved.integers, locale: resolved.locale)
    }
}

extension Phrasebook {
    /// `key` as a `FixedPhrase` for arguments of `kinds`, when its text for this locale always
    /// renders by joining parts: no plural variants, no substitutions, no Korean particle marker
    /// after a placeholder, and every placeholder names an argument of `kinds` it can show as text
    /// or a grouped integer (`%@`, or `%d`/`%lld` for an integer). Then `render` gives the text that
    /// `rendering(key, arguments)` gives; otherwise nil, and the caller renders.
    public func fixed(_ key: String, kinds: [FixedPhrase.Kind]) -> FixedPhrase? {
        guard let phrase = phrases[key], phrase.found.localization.plural == nil,
              let unit = phrase.found.localization.stringUnit else { return nil }
        var parts: [FixedPhrase.Part] = []
        var literalBytes = 0
        var afterFill = false
        for token in unit.template.tokens {
            switch token {
            case let .literal(text):
                if phrase.found.isKorean, afterFill, KoreanParticles.marker(at: text[...]) != nil { return nil }
                parts.append(.literal(text))
                literalBytes += text.utf8.count
                afterFill = false
            case let .placeholder(p):
                guard p.argument >= 1, p.argument <= kinds.count else { return nil }
                switch (p.kind, kinds[p.argument - 1]) {
                case (.object, _): break
                case (.integer, .integer) where !"xXocC".contains(p.conversion): break
                default: return nil
                }
                parts.append(.argument(p.argument - 1))
                afterFill = true
            case .substitution, .substitutionArgument, .invalid:
                return nil
            }
        }
        return FixedPhrase(parts: parts, literalBytes: literalBytes, resolved: phrase.found)
    }
}
