import Foundation
import XCTest

/// Runs the Python scripts of `Tests/Python` with the test venv that `make test` makes
/// (`.venv-test`, from `Tests/requirements.txt`): openpyxl to read spreadsheets back, selenium with
/// Debian's headless chromium to render SVG and HTML.
public enum TestPython {
    /// The repository's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Where renders go for people to look at: `.build/renders/`.
    public static let renders = root.appendingPathComponent(".build/renders")

    public struct MissingVenv: Error, CustomStringConvertible {
        public let description: String
    }

    /// The venv's interpreter. Without the venv (`swift test` in a fresh clone, before `make
    /// test-venv`) the test that needs it is skipped, saying how to make it; under CI (`CI=true`),
    /// where `make test` has made it, a missing venv fails the test instead of hiding it.
    public static func interpreter() throws -> URL {
        let python = root.appendingPathComponent(".venv-test/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            let message = "the test venv is missing at \(python.path); run 'make test-venv' (or 'make test', which makes it)"
            if ProcessInfo.processInfo.environment["CI"] == "true" { throw MissingVenv(description: message) }
            throw XCTSkip(message)
        }
        return python
    }

    /// Runs `Tests/Python/<script>` with `arguments`; standard output and error are read whole.
    public static func run(_ script: String, _ arguments: [String]) throws -> TestProcess.Result {
        try TestProcess.run(try interpreter(), [root.appendingPathComponent("Tests/Python/\(script)").path] + arguments, in: root)
    }
}
