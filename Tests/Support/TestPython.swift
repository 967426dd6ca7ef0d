import Foundation

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
        public let path: String
        public var description: String {
            "the test venv is missing at \(path); run 'make test-venv' (or 'make test', which makes it)"
        }
    }

    /// The venv's interpreter; throws `MissingVenv` when `make test-venv` has not run.
    public static func interpreter() throws -> URL {
        let python = root.appendingPathComponent(".venv-test/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else { throw MissingVenv(path: python.path) }
        return python
    }

    /// Runs `Tests/Python/<script>` with `arguments`; standard output and error are read whole.
    public static func run(_ script: String, _ arguments: [String]) throws -> TestProcess.Result {
        try TestProcess.run(try interpreter(), [root.appendingPathComponent("Tests/Python/\(script)").path] + arguments, in: root)
    }
}
