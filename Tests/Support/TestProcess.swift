import Foundation

/// Runs a program to its end and keeps what it printed: the tests' one way to start a process.
public enum TestProcess {
    public struct Result {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs `executable` with `arguments` in `directory`, with `environment` added to this process's
    /// own; standard input is empty.
    public static func run(_ executable: URL, _ arguments: [String], in directory: URL,
                           environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
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
        // Both pipes are drained at once so that a full pipe never blocks the child.
        nonisolated(unsafe) var errData = Data()
        // The semaphore orders the reader's write of errData before the read below (ThreadSanitizer checks it).
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
}
