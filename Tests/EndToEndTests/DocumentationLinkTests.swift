import Foundation
import XCTest

/// A clone of this repository alone has working documentation: every relative Markdown link leads
/// to a file in it (and to a heading there, for `#anchor` links), and nothing points at the team's
/// notes beside the repository.
final class DocumentationLinkTests: XCTestCase {
    /// README.md, BENCHMARKS.md and docs/*.md, relative to the repository root.
    private func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Harness.root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md", "BENCHMARKS.md"] + docs
    }

    private func text(_ path: String) throws -> String {
        try String(contentsOf: Harness.root.appendingPathComponent(path), encoding: .utf8)
    }

    func testRelativeLinksLeadToFilesAndHeadings() throws {
        var checked = 0
        for document in try documents() {
            let folder = (document as NSString).deletingLastPathComponent
            for link in MarkdownLinks.targets(in: try text(document)) where !MarkdownLinks.isExternal(link) {
                checked += 1
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].removingPercentEncoding ?? parts[0]
                let target = file.isEmpty ? document : MarkdownLinks.resolve(file, from: folder)
                XCTAssertFalse(target.hasPrefix("../"), "\(document): '\(link)' leaves the repository")
                let url = Harness.root.appendingPathComponent(target)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                    XCTFail("\(document): '\(link)' leads to \(target), which does not exist")
                    continue
                }
                if parts.count == 2, target.hasSuffix(".md"), !isFolder.boolValue {
                    let anchors = MarkdownLinks.anchors(in: try text(target))
                    XCTAssertTrue(anchors.contains(parts[1]), "\(document): '\(link)': \(target) has no heading '#\(parts[1])'")
                }
            }
        }
        XCTAssertGreaterThan(checked, 20, "the documents hold fewer relative links than expected; is the link reader broken?")
    }

    /// Nothing in the repository reaches outside it: no document, benchmark, script or test names
    /// a path that climbs (`../`) above the repository from where the file stands to anything but
    /// the repository's own top-level folders and files, such as notes kept beside the clone.
    func testNothingReachesOutsideTheRepository() throws {
        var files = try documents()
        let readable = ["swift", "py", "sh", "c", "h", "md", "txt", "pipeline", "json", "yaml", "yml"]
        for folder in ["Benchmarks", "Tests", "scripts", "pipelines", "deploy", "Fuzz", "Plugins", "Sources"] {
            let base = Harness.root.appendingPathComponent(folder)
            let found = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            files += found.filter { path in
                // Benchmark data and results are generated locally; vendored suites are data.
                !path.hasPrefix("data/") && !path.hasPrefix("results/") && !path.contains("Fixtures/Suites/")
                    && (readable.contains((path as NSString).pathExtension) || (path as NSString).lastPathComponent == "Makefile")
            }.map { folder + "/" + $0 }
        }
        files += ["Makefile", "Package.swift", ".ci/run"]
        XCTAssertGreaterThan(files.count, 50)
        // A climb back into the repository's own folders (a test run from a temporary folder, a
        // manifest path relative to an output folder) stays inside it.
        let own = Set((try FileManager.default.contentsOfDirectory(atPath: Harness.root.path)))
        let climb = try NSRegularExpression(pattern: #"((?:\.\./)+)([^/\s"'`)\]]*)"#)
        for file in files {
            guard let content = try? text(file) else { continue }
            let depth = file.split(separator: "/").count - 1
            let range = NSRange(content.startIndex..., in: content)
            for match in climb.matches(in: content, range: range) {
                let ups = match.range(at: 1).length / 3
                let target = Range(match.range(at: 2), in: content).map { String(content[$0]) } ?? ""
                // Climbing above the repository from where the file stands, to something that is
                // not one of the repository's own folders or files, names something beside it.
                guard ups > depth, !target.isEmpty, !own.contains(target) else { continue }
                let line = content[..<(Range(match.range, in: content)?.lowerBound ?? content.startIndex)].filter { $0 == "\n" }.count + 1
                XCTFail("\(file):\(line) climbs \(ups) folders up from a file \(depth) deep to '\(target)'; the repository must stand alone")
            }
        }
    }

    /// The reader itself, on the forms the documents use.
    func testLinkReaderFindsLinksOutsideCodeAndGitHubAnchors() {
        let sample = """
            # Output folder
            See [a](a.md), ![img](pic.png "title") and [b](<b c.md#x>); `[not](code.md)`.
            ```
            [not](fenced.md)
            ```
            [ref]: ref.md
            ## manifest.json
            ## description.\\<locale\\>.json
            ## `SOURCE_DATE_EPOCH`
            ## onError: skip
            ## Output folder
            """
        XCTAssertEqual(MarkdownLinks.targets(in: sample), ["a.md", "pic.png", "b c.md#x", "ref.md"])
        XCTAssertEqual(MarkdownLinks.anchors(in: sample),
                       ["output-folder", "manifestjson", "descriptionlocalejson", "source_date_epoch", "onerror-skip", "output-folder-1"])
        XCTAssertTrue(MarkdownLinks.isExternal("https://example.com/x.md"))
        XCTAssertTrue(MarkdownLinks.isExternal("mailto:a@b.c"))
        XCTAssertFalse(MarkdownLinks.isExternal("docs/commands.md#exit-status"))
        XCTAssertEqual(MarkdownLinks.resolve("../schema/a.json", from: "docs"), "schema/a.json")
        XCTAssertEqual(MarkdownLinks.resolve("../outside/notes.md", from: ""), "../outside/notes.md")
        XCTAssertEqual(MarkdownLinks.resolve("./Benchmarks/", from: ""), "Benchmarks")
    }
}

/// Links and headings of a Markdown document, as GitHub reads them (enough of CommonMark for our docs).
enum MarkdownLinks {
    /// Every link target outside code: inline `[text](target)`, images, and `[label]: target` definitions.
    static func targets(in text: String) -> [String] {
        var targets: [String] = []
        for line in prose(text) {
            let plain = withoutCodeSpans(line)
            if let definition = plain.wholeMatch(of: /\s{0,3}\[[^\]]+\]:\s+(\S+).*/) {
                targets.append(String(definition.1))
                continue
            }
            for match in plain.matches(of: /\]\(\s*(<[^>]*>|[^)\s]+)[^)]*\)/) {
                var target = String(match.1)
                if target.hasPrefix("<") { target = String(target.dropFirst().dropLast()) }
                targets.append(target)
            }
        }
        return targets
    }

    /// The anchors of the document's headings, as GitHub makes them: lowercase, punctuation other
    /// than '-' and '_' dropped, spaces to '-', and '-1', '-2' … on repeats.
    static func anchors(in text: String) -> [String] {
        var seen: [String: Int] = [:]
        var anchors: [String] = []
        for line in prose(text) {
            guard let heading = line.wholeMatch(of: /#{1,6}\s+(.*?)\s*#*\s*/) else { continue }
            var title = String(heading.1).replacingOccurrences(of: "`", with: "")
            title = title.replacing(/\\(.)/) { String($0.1) }
            let slug = String(title.lowercased().unicodeScalars.compactMap { scalar -> Character? in
                if scalar == " " { return "-" }
                if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) { return Character(scalar) }
                return nil
            })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.append(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// `path` relative to the repository root, as reached from `folder`; a leading `../` means it left the root.
    static func resolve(_ path: String, from folder: String) -> String {
        var parts: [String] = []
        var above = 0
        for part in (folder.isEmpty ? path : folder + "/" + path).split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if parts.isEmpty { above += 1 } else { parts.removeLast() }
            default: parts.append(String(part))
            }
        }
        return String(repeating: "../", count: above) + parts.joined(separator: "/")
    }

    /// Whether a target names something outside the repository (a URL with a scheme).
    static func isExternal(_ target: String) -> Bool {
        target.firstMatch(of: /^[A-Za-z][A-Za-z0-9+.-]*:/) != nil
    }

    /// The lines outside fenced code blocks.
    private static func prose(_ text: String) -> [String] {
        var inFence = false
        var lines: [String] = []
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                continue
            }
            if !inFence { lines.append(line) }
        }
        return lines
    }

    private static func withoutCodeSpans(_ line: String) -> String {
        line.replacing(/`[^`]*`/, with: "")
    }
}
