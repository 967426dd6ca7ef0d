#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// stdout or stderr written with write(2). A reader that went away (EPIPE, as under `| head -1`)
/// means nobody is listening: the text is dropped and the command goes on to its normal end, where
/// `FileHandle.write` raised an exception that killed the process (SIGILL) half way through a run.
enum StandardStream {
    case output
    case error

    private var descriptor: Int32 { self == .output ? STDOUT_FILENO : STDERR_FILENO }

    /// Makes a closed pipe an error of the write, not a signal that ends the process. Plugins get
    /// the default disposition back when they are started (`PluginProcess`).
    static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in write(UnsafeRawBufferPointer(buffer)) }
    }

    func write(_ bytes: [UInt8]) { bytes.withUnsafeBytes { write($0) } }

    /// All of `raw`, unless the stream fails (a closed pipe, a full disk): then the rest is dropped.
    func write(_ raw: UnsafeRawBufferPointer) {
        guard let base = raw.baseAddress else { return }
        var offset = 0
        while offset < raw.count {
            let n = Glibc.write(descriptor, base + offset, raw.count - offset)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return }
            offset += n
        }
    }
}
