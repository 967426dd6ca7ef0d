import ChartpipeCore
import ChartpipeJSON

/// Where each chart's section lies in a report page, saved with the run (`RunStageState`) so that
/// the next page copies the sections of charts whose manifest entries did not change instead of
/// reading their files and making them again (see `ReportPage.write`).
///
/// A section is keyed by the page's locale, the pipeline's locales and the chart's
/// `ChartRecord.outcomeDigest` (its inputs, status and listed files, by hash): what its section
/// is made from. It is copied only from the page the previous run wrote, while that file still
/// holds the listed bytes (`ArtifactReader.open`).
struct SectionIndex {
    struct Section {
        let key: String
        /// Bytes from the first section of the page.
        let offset: Int
        let length: Int
        let title: String
        let isMade: Bool
        let changes: [String]
    }

    private var order: [(chart: String, section: Section)] = []
    /// Sections made from the charts' files, and copied from the previous page (saved with the
    /// index: what the page cost).
    var made = 0, copied = 0

    /// The key of the section in `page` of a chart whose `ChartRecord.outcomeDigest` is `outcome`
    /// (a chart without one, run without `--incremental` or never run, has its section made).
    static func key(outcome: String, page: ReportPage) -> String {
        SHA256.hex(Array("report-section 1\n\(page.words.locale)\n\(page.locales.joined(separator: ","))\n\(outcome)".utf8))
    }

    mutating func add(_ entry: ReportPage.Entry, key: String, offset: Int, length: Int) {
        order.append((entry.chart.id, Section(key: key, offset: offset, length: length, title: entry.title, isMade: entry.isMade,
                                              changes: entry.changes)))
    }

    /// Saves the index of the page just written, whose sections begin `sectionsStart` bytes in.
    func save(for page: ReportPage, sectionsStart: Int) {
        let sections: [JSONValue] = order.map { chart, s in
            .array([.string(chart), .string(s.key), .int(s.offset), .int(s.length), .string(s.title), .bool(s.isMade),
                    .array(s.changes.map(JSONValue.string))])
        }
        page.context.state.save(page.words.locale, .object([("file", .string(page.path)), ("start", .int(sectionsStart)),
                                                           ("made", .int(made)), ("copied", .int(copied)),
                                                           ("sections", .array(sections))]))
    }

    /// The page the previous run wrote in this locale, with its index: nil when there is none.
    /// The page itself is opened (and verified against the listed bytes) when the first section
    /// is asked for.
    static func previous(of page: ReportPage) -> PreviousPage? {
        let state = page.context.state
        guard let saved = state.previous?[page.words.locale], saved["file"]?.stringValue == page.path,
              let start = saved["start"]?.intValue, start >= 0, let items = saved["sections"]?.arrayValue,
              let artifact = state.previousFiles.first(where: { $0.path == page.path }) else { return nil }
        var sections: [String: Section] = [:]
        for item in items {
            guard let f = item.arrayValue, f.count == 7, let chart = f[0].stringValue, let key = f[1].stringValue,
                  let offset = f[2].intValue, let length = f[3].intValue, offset >= 0, length >= 0,
                  let title = f[4].stringValue, case let .bool(isMade) = f[5],
                  let changes = f[6].arrayValue?.compactMap(\.stringValue) else { return nil }
            sections[chart] = Section(key: key, offset: start + offset, length: length, title: title, isMade: isMade,
                                      changes: changes)
        }
        return PreviousPage(reader: page.context.reader, artifact: artifact, sections: sections)
    }

    final class PreviousPage {
        let reader: ArtifactReader
        let artifact: ManifestArtifact
        let sections: [String: Section]
        /// The page, once opened: nil inside when it is not the listed file.
        private var opened: ListedFile??

        init(reader: ArtifactReader, artifact: ManifestArtifact, sections: [String: Section]) {
            self.reader = reader
            self.artifact = artifact
            self.sections = sections
        }

        var file: ListedFile? {
            if let opened { return opened }
            let file = reader.open(artifact)
            opened = .some(file)
            return file
        }

        /// The section of chart `id` as that page has it (offset in the file), when it was made
        /// from the same `key` and the page still holds its listed bytes.
        func section(of id: String, key: String) -> Section? {
            guard let section = sections[id], section.key == key, let file,
                  section.offset + section.length <= file.size else { return nil }
            return section
        }
    }
}
