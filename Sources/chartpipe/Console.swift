import BuiltinStages
import ChartpipeCore
import ChartpipeText
import Foundation
import ChartpipeJSON
import Plugin

/// Writes to stderr.
enum Console {
    /// One line; what it quotes from data or pipelines is shown safely (`TerminalText`).
    static func error(_ line: String) {
        StandardStream.error.write(TerminalText.safe(line) + "\n")
    }
}
