import CProcess
import ChartpipeCore
import Foundation
import Synchronization

/// A running plugin: a process in a process group of its own, the parent's ends of its three pipes,
/// and its working folder. Stdin is written while stdout and stderr are drained, in one poll loop,
/// so that neither side ever blocks on a full pipe.
// One chart at a time uses a process: the stage owns a per-chart one, the pool hands persistent ones out exclusively.
final class PluginProcess: @unchecked Sendable {
    let pid: pid_t
    /// Removed (after the class's `deinit` has stopped the process) when this goes.
    private let workFolder: PluginFolder
    var folder: String { workFolder.path }
    private var input: Int32
    private var output: Int32
    private var errors: Int32
    /// Readable once the process ends (-1 without pidfd support: then it is asked every tick).
    private var exitWatch: Int32
    private var hasEnded = false
    private var status: (code: Int32, signal: Int32)?
    /// Stdout bytes after the last line a persistent plugin answered with.
    private var leftover: [UInt8] = []
    /// The end of what the process wrote on stderr during the current exchange.
    private(set) var stderrTail = StderrTail()
    /// Requests sent so far: the next one's `sequence` is one more.
    private(set) var requestsSent = 0
    /// Whether stdout holds bytes past the last reply (a persistent plugin that printed more than
    /// one line for a request).
    var hasUnaskedOutput: Bool { leftover.contains { !Self.isBlank($0) } }

    /// Starts `launch` in a new temporary folder.
    static func start(_ launch: PluginLaunch) throws(PluginFailure) -> PluginProcess {
        ignoreBrokenPipes
        sweptOnce
        let workFolder = try PluginFolder(in: NSTemporaryDirectory())
        let folder = workFolder.path
        let argv = [launch.executable] + launch.arguments
        var environment = launch.environment
        environment["TMPDIR"] = folder
        let envp = environment.keys.sorted().map { "\($0)=\(environment[$0] ?? "")" }
        var fds: [Int32] = [-1, -1, -1]
        var pid: pid_t = 0
        let rc = CStrings.withArray(argv) { argvPointer in
            CStrings.withArray(envp) { envPointer in
                cprocess_spawn(launch.executable, argvPointer, envPointer, folder, &fds, &pid)
            }
        }
        // Failed: the folder is removed as `workFolder` goes.
        guard rc == 0 else { throw .cannotStart(String(cString: strerror(rc))) }
        LiveProcessGroups.shared.insert(pid)
        return PluginProcess(pid: pid, workFolder: workFolder, fds: fds)
    }

    /// The working folders that runs killed with SIGKILL left, removed before the first plugin of
    /// this process starts (see `PluginFolder`).
    private static let sweptOnce: Void = { PluginFolder.sweep(in: NSTemporaryDirectory()) }()

    private init(pid: pid_t, workFolder: consuming PluginFolder, fds: [Int32]) {
        self.pid = pid
        self.workFolder = workFolder
        input = fds[0]
        output = fds[1]
        errors = fds[2]
        exitWatch = cprocess_pidfd(pid)
    }

    deinit {
        if status == nil { stop(grace: 0) }
        closeAll()
    }

    /// Whether the process has ended (a persistent plugin that quit between charts).
    var isRunning: Bool {
        guard status == nil, !hasEnded else { return false }
        hasEnded = cprocess_has_ended(pid) == 1
        return !hasEnded
    }

    /// How a reply ends.
    enum Framing {
        /// Everything the process prints until it ends; its stdin is closed after the request.
        case wholeOutput
        /// One line (persistent mode); the process keeps running for the next request.
        case line
    }

    /// Writes `request` to stdin and reads the reply, draining stderr meanwhile. On a timeout, a
    /// reply beyond the limit or a cancellation, the whole process group is stopped (SIGTERM, then
    /// SIGKILL after the grace period). With `.wholeOutput` the process must end with status 0;
    /// whatever its group left running is killed.
    func exchange(_ request: [UInt8], framing: Framing, limits: ExchangeLimits,
                  cancellation: Cancellation) throws -> [UInt8] {
        stderrTail = StderrTail()
        requestsSent += 1
        var reply = leftover
        leftover = []
        var written = 0
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int((limits.timeout * 1000).rounded(.up)))
        var endedAt: ContinuousClock.Instant?
        if framing == .wholeOutput, request.isEmpty { closeFD(&input) }
        // The folder's time says it is in use, to a sweep of another chartpipe (see `PluginFolder`).
        workFolder.markInUse()
        var marked = clock.now
        while true {
            if framing == .line, let newline = reply.firstIndex(of: 0x0A) {
                leftover = Array(reply[(newline + 1)...])
                return Array(reply[..<newline])
            }
            if cancellation.isCancelled {
                stop(grace: limits.grace)
                throw Cancelled()
            }
            let now = clock.now
            if now - marked > .seconds(60) {
                workFolder.markInUse()
                marked = now
            }
            if now >= deadline {
                stop(grace: limits.grace)
                throw PluginFailure.timedOut
            }
            if let endedAt {
                let drained = output < 0 && errors < 0
                if drained || Self.milliseconds(now - endedAt) > Int(limits.grace * 1000) { break }
            }
            var watched: [pollfd] = []
            var roles: [PipeRole] = []
            func watch(_ fd: Int32, _ events: Int32, _ role: PipeRole) {
                watched.append(pollfd(fd: fd, events: Int16(events), revents: 0))
                roles.append(role)
            }
            if input >= 0, written < request.count { watch(input, POLLOUT, .input) }
            if output >= 0 { watch(output, POLLIN, .output) }
            if errors >= 0 { watch(errors, POLLIN, .errors) }
            if exitWatch >= 0, !hasEnded { watch(exitWatch, POLLIN, .exit) }
            // A short tick, so that cancellation and the deadline are noticed while nothing happens.
            let ready = poll(&watched, nfds_t(watched.count), Int32(min(50, Self.milliseconds(deadline - now) + 1)))
            if ready < 0, errno != EINTR { break }
            for (entry, role) in zip(watched, roles) where entry.revents != 0 {
                switch role {
                case .input:
                    written += writeSome(request, from: written)
                    if written >= request.count, framing == .wholeOutput { closeFD(&input) }
                case .output:
                    readSome(&output) { reply.append(contentsOf: $0) }
                    if reply.count > limits.maxReply {
                        stop(grace: limits.grace)
                        throw PluginFailure.replyTooLarge
                    }
                case .errors:
                    readSome(&errors) { stderrTail.append($0) }
                case .exit:
                    hasEnded = true
                }
            }
            if exitWatch < 0, !hasEnded { hasEnded = cprocess_has_ended(pid) == 1 }
            if hasEnded, endedAt == nil {
                endedAt = clock.now
                // What the plugin left running in its group goes with it; the pipes then reach their end.
                kill(-pid, SIGKILL)
            }
        }
        // Anything still readable was written before the group ended.
        if output >= 0 { readAvailable(&output) { reply.append(contentsOf: $0) } }
        if errors >= 0 { readAvailable(&errors) { stderrTail.append($0) } }
        let ended = reap()
        closeAll()
        if framing == .line, let newline = reply.firstIndex(of: 0x0A) { return Array(reply[..<newline]) }
        if framing == .line || ended.code != 0 || ended.signal != 0 {
            throw PluginFailure.ended(code: ended.code, signal: ended.signal)
        }
        return reply
    }

    /// Ends a persistent plugin between runs: EOF on stdin asks it to quit; after the grace
    /// period its group is stopped.
    func finish(grace: Double) {
        guard status == nil else { return }
        closeFD(&input)
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(grace * 1000))
        while isRunning, clock.now < deadline {
            drainQuietly()
            usleep(5_000)
        }
        stop(grace: grace)
    }

    /// SIGTERM to the whole group, SIGKILL after `grace` seconds (or as soon as the plugin itself
    /// has ended: what it leaves behind is killed), then reaps it.
    func stop(grace: Double) {
        guard status == nil else { return }
        kill(-pid, SIGTERM)
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(grace * 1000))
        while isRunning, clock.now < deadline {
            drainQuietly()
            usleep(5_000)
        }
        kill(-pid, SIGKILL)
        _ = reap()
        closeAll()
    }

    // MARK: pipes

    private enum PipeRole { case input, output, errors, exit }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    private func writeSome(_ request: [UInt8], from offset: Int) -> Int {
        let n = request.withUnsafeBytes { raw in
            Glibc.write(input, raw.baseAddress.map { $0 + offset }, raw.count - offset)
        }
        if n >= 0 { return n }
        // A plugin that stops reading (or never reads) is judged by its reply and status, not by this.
        if errno != EAGAIN, errno != EINTR { closeFD(&input); return request.count - offset }
        return 0
    }

    /// Reads what is there; closes the descriptor at its end.
    private func readSome(_ fd: inout Int32, _ take: ([UInt8]) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n > 0 { take(Array(buffer[0..<n])) }
        if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) { closeFD(&fd) }
    }

    private func readAvailable(_ fd: inout Int32, _ take: ([UInt8]) -> Void) {
        var rounds = 0
        while fd >= 0, rounds < 1024 {
            var probe = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            guard poll(&probe, 1, 0) > 0 else { return }
            readSome(&fd, take)
            rounds += 1
        }
    }

    /// Keeps a process that is being stopped from blocking on a full pipe.
    private func drainQuietly() {
        if output >= 0 { readAvailable(&output) { _ in } }
        if errors >= 0 { readAvailable(&errors) { stderrTail.append($0) } }
    }

    private func reap() -> (code: Int32, signal: Int32) {
        if let status { return status }
        var code: Int32 = -1, signal: Int32 = 0
        if cprocess_reap(pid, &code, &signal) != 0 { code = -1 }
        status = (code, signal)
        LiveProcessGroups.shared.remove(pid)
        return (code, signal)
    }

    private func closeFD(_ fd: inout Int32) {
        if fd >= 0 { close(fd) }
        fd = -1
    }

    private func closeAll() {
        closeFD(&input)
        closeFD(&output)
        closeFD(&errors)
        closeFD(&exitWatch)
    }
}

/// A plugin that exits without reading its request makes writes fail with EPIPE, not end chartpipe.
private let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()
