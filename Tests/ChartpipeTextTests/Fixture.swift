import ChartpipeLock
@testable import ChartpipeText
import Foundation

/// Test fixtures beside this file (Package.swift declares no test resources).
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    static func catalog(_ name: String) throws -> StringCatalog { try StringCatalog(contentsOf: path(name)) }
}

/// Collects results from concurrent iterations.
final class ResultBox: Sendable {
    private let storage: Locked<[String]>
    init(count: Int) { storage = Locked(Array(repeating: "", count: count)) }
    func set(_ i: Int, _ value: String) { storage.withLock { $0[i] = value } }
    var values: [String] { storage.withLock { $0 } }
}
