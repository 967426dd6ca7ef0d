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

    init() throws(ChartError) {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/chartpipe-report-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else {
            throw ChartError("cannot create a temporary file in '\(folder)': \(String(cString: strerror(errno)))",
                             code: "output.write-failed")
        }
        _ = template.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { unlink($0) } }
        self.fd = fd
    }

    deinit { close(fd) }

    func write(_ text: String) throws(ChartError) {
        var text = text
        let failure: Int32 = text.withUTF8 { buffer in
            guard var base = buffer.baseAddress else { return 0 }
            var left = buffer.count
            while left > 0 {
                let n = Glibc.write(fd, base, left)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                base += n
                left -= n
            }
            return 0
        }
        if failure != 0 {
            throw ChartError("cannot write a temporary file: \(String(cString: strerror(failure)))",
                             code: failure == ENOSPC ? "output.disk-full" : "output.write-failed")
        }
    }

    /// Everything written so far, copied into `sink` in blocks.
    func copy(to sink: inout ArtifactSink) throws {
        guard lseek(fd, 0, SEEK_SET) == 0 else {
            throw ChartError("cannot read a temporary file back: \(String(cString: strerror(errno)))", code: "output.write-failed")
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ChartError("cannot read a temporary file back: \(String(cString: strerror(errno)))", code: "output.write-failed")
            }
            if n == 0 { return }
            try buffer.withUnsafeBytes { raw in try sink.write(UnsafeRawBufferPointer(rebasing: raw[0..<n])) }
        }
    }
}
