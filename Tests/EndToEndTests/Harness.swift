import Foundation
import XCTest

/// Runs the built `chartpipe` binary, as users do.
enum Harness {
    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// Set CHARTPIPE_RECORD=1 to rewrite golden files instead of comparing (then read every diff).
    static let recording = ProcessInfo.processInfo.environment["CHARTPIPE_RECORD"] == "1"

    /// The binary beside the test bundle (or CHARTPIPE_BIN).
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["CHARTPIPE_BIN"] { return URL(fileURLWithPath: path) }
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [products, products.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("chartpipe")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return products.appendingPathComponent("chartpipe")
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs chartpipe with `arguments` in `directory`, with `environment` added.
    static func run(_ arguments: [String], in directory: URL = root, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes concurrently so a full pipe never blocks the child; the semaphore orders the
        // reader's write of errData before the read below (ThreadSanitizer checks it).
        nonisolated(unsafe) var errData = Data()
        let readerDone = DispatchSemaphore(value: 0)
        let reader = Thread {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            readerDone.signal()
        }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        readerDone.wait()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("chartpipe-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Compares `actual` with the golden file at `url`, or records it.
    static func assertGolden(_ actual: String, _ url: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        if recording || !FileManager.default.fileExists(atPath: url.path) && recording {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(actual, expected, "\(url.lastPathComponent) differs (CHARTPIPE_RECORD=1 rewrites it; read the diff)", file: file, line: line)
    }

    /// Every regular file below `folder` with its bytes, by relative path.
    static func files(in folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        guard let e = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return result }
        let base = folder.standardizedFileURL.path
        for case let url as URL in e where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            result[String(url.standardizedFileURL.path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
        }
        return result
    }
}
