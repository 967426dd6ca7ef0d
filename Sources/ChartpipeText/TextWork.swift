import Synchronization

/// Counts of the costly work of the text layer: catalog files parsed, templates parsed, ICU
/// formatters opened. Tests assert on these counts ("three locales parse each catalog once")
/// instead of timing the work; a relaxed atomic increment costs a few nanoseconds.
package enum TextWork {
    /// The counters at one moment; subtract two to get the work done between them.
    package struct Counts: Sendable, Equatable {
        /// String catalog files parsed (`StringCatalog(parsing:path:)`).
        package var catalogParses = 0
        /// Template texts parsed into tokens (`Template.init`).
        package var templateParses = 0
        /// ICU formatters opened: number, date and list formatters and plural rules.
        package var formatterOpenings = 0

        package init(catalogParses: Int = 0, templateParses: Int = 0, formatterOpenings: Int = 0) {
            self.catalogParses = catalogParses
            self.templateParses = templateParses
            self.formatterOpenings = formatterOpenings
        }

        package static func - (a: Counts, b: Counts) -> Counts {
            Counts(catalogParses: a.catalogParses - b.catalogParses, templateParses: a.templateParses - b.templateParses,
                   formatterOpenings: a.formatterOpenings - b.formatterOpenings)
        }
    }

    static let catalogParses = Atomic<Int>(0)
    static let templateParses = Atomic<Int>(0)
    static let formatterOpenings = Atomic<Int>(0)

    /// The counters now.
    package static var counts: Counts {
        Counts(catalogParses: catalogParses.load(ordering: .relaxed), templateParses: templateParses.load(ordering: .relaxed),
               formatterOpenings: formatterOpenings.load(ordering: .relaxed))
    }

    static func count(_ counter: borrowing Atomic<Int>) {
        counter.wrappingAdd(1, ordering: .relaxed)
    }
}
