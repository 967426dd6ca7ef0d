import ChartpipeCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary file, already unlinked, that the report writes its chart sections into while it
/// learns what its header must say of every chart, then copies into the page: the sections never
/// sit in memory together. It lives in `TMPDIR` (else `/tmp`), and goes when it is closed.
final class SpoolFile {
    private let fd: Int32
    /// The folder it is in, for messages.
    private let folder: String

    init() throws(ChartError) {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/chartpipe-report-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else {
            throw ChartError("cannot create a temporary file in '\(folder)': \(String(cString: strerror(errno)))",
                             code: .outputWriteFailed)
        }
        _ = template.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { unlink($0) } }
        self.fd = fd
        self.folder = folder
    }

    deinit { close(fd) }

    func write(_ text: String) throws(ChartError) {
        var text = text
        let failure = text.withUTF8 { buffer -> ChartError? in
            do throws(ChartError) { try write(UnsafeRawBufferPointer(buffer)) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    func write(_ bytes: [UInt8]) throws(ChartError) {
        let failure = bytes.withUnsafeBytes { buffer -> ChartError? in
            do throws(ChartError) { try write(buffer) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    private func write(_ buffer: UnsafeRawBufferPointer) throws(ChartError) {
        guard var base = buffer.baseAddress else { return }
        var left = buffer.count
        while left > 0 {
            let n = Glibc.write(fd, base, left)
            if n < 0 {
                if errno == EINTR { continue }
                let failure = errno
                throw ChartError("cannot write a temporary file in '\(folder)': \(String(cString: strerror(failure)))",
                                 code: ArtifactWriter.isDiskFull(failure) ? .outputDiskFull : .outputWriteFailed)
            }
            base += n
            left -= n
        }
    }

    /// `count` bytes from `offset` of what was written, copied into `sink`.
    func copy(offset: Int, count: Int, to sink: inout ArtifactSink) throws {
        try sink.copy(from: fd, offset: offset, count: count)
    }
}
