@testable import ChartpipeText
import Foundation
import XCTest

/// A catalog path that names a FIFO, a device or a folder is refused with what it is, at once:
/// reading it once blocked forever (a FIFO without a writer) or said "Permission denied" (/dev/zero).
final class CatalogFileKindTests: XCTestCase {
    private static func message(_ path: String) -> String {
        do {
            _ = try StringCatalog(contentsOf: path)
            return "no error"
        } catch {
            return error.description
        }
    }

    func testFIFOWithoutWriterIsRefusedWithoutWaiting() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-kind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.xcstrings").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // A hang guard, not a timing check: before the fix the call never returned.
        let done = DispatchSemaphore(value: 0)
        let result = ResultBox(count: 1)
        Thread.detachNewThread {
            result.set(0, Self.message(fifo))
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success, "reading a FIFO catalog did not return")
        XCTAssertEqual(result.values[0],
                       "\(fifo): error: cannot read the catalog: it is a FIFO (named pipe), not a regular file; chartpipe reads catalogs from regular files, so name an .xcstrings file")
    }

    func testDevicesAndFoldersAreNamedForWhatTheyAre() {
        XCTAssertEqual(Self.message("/dev/zero"),
                       "/dev/zero: error: cannot read the catalog: it is a character device, not a regular file; chartpipe reads catalogs from regular files, so name an .xcstrings file")
        XCTAssertEqual(Self.message("/tmp"),
                       "/tmp: error: cannot read the catalog: it is a folder, not a regular file; chartpipe reads catalogs from regular files, so name an .xcstrings file")
        XCTAssertEqual(Self.message("/nonexistent/x.xcstrings"), "/nonexistent/x.xcstrings: error: cannot read the catalog: No such file or directory")
    }
}
