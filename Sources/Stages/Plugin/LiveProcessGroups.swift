import CProcess
import ChartpipeCore
import ChartpipeLock
import Foundation

/// The process groups of every plugin still running, so that a second Ctrl-C, which ends chartpipe
/// at once, takes them along.
public final class LiveProcessGroups: Sendable {
    public static let shared = LiveProcessGroups()
    private let groups = Locked<Set<pid_t>>([])

    func insert(_ pid: pid_t) { _ = groups.withLock { $0.insert(pid) } }
    func remove(_ pid: pid_t) { _ = groups.withLock { $0.remove(pid) } }

    /// Sends SIGKILL to every plugin's process group.
    public func killAll() {
        for pid in groups.withLock({ $0 }) { kill(-pid, SIGKILL) }
    }
}
