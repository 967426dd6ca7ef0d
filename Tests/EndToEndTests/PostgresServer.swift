import Foundation
import XCTest

/// A PostgreSQL server of Debian's binaries for one test process: its own cluster under the build
/// folder (or /tmp, see `init`), owned by the `postgres` user when the tests run as root (initdb refuses root), listening
/// on a Unix socket in that folder only, loaded once from Fixtures/database/load_postgres.sql, and
/// stopped (and removed) when the process ends, whatever the tests did.
final class PostgresServer: @unchecked Sendable {
    static let bin = "/usr/lib/postgresql/15/bin"
    /// Started on first use; nil with the reason when the binaries are missing or the start failed.
    nonisolated(unsafe) static var shared: Result<PostgresServer, Failure>?
    static let lock = NSLock()

    struct Failure: Error { var message: String }

    let folder: URL
    var socketFolder: String { folder.path }
    var data: String { folder.appendingPathComponent("data").path }
    private let asRoot = getuid() == 0

    /// The shared server, started once; skips the test when it cannot be.
    static func start() throws -> PostgresServer {
        lock.lock()
        defer { lock.unlock() }
        if shared == nil {
            guard FileManager.default.isExecutableFile(atPath: bin + "/initdb") else {
                shared = .failure(Failure(message: "PostgreSQL's binaries are not in \(bin): install Debian's postgresql (make deps) to run the PostgreSQL source tests"))
                throw XCTSkip("PostgreSQL's binaries are not in \(bin): install Debian's postgresql (make deps) to run the PostgreSQL source tests")
            }
            let server = PostgresServer()
            do {
                try server.setUp()
                shared = .success(server)
                atexit { if case let .success(s)? = PostgresServer.shared { s.stop() } }
            } catch {
                server.stop()
                shared = .failure(Failure(message: "\(error)"))
            }
        }
        switch shared {
        case let .success(server)?: return server
        case let .failure(failure)?: throw XCTSkip("the test PostgreSQL server did not start: \(failure.message)")
        case nil: throw XCTSkip("no PostgreSQL server")
        }
    }

    /// Under the build folder; in /tmp instead where the `postgres` user cannot reach the build
    /// folder (a clone below a folder only root may enter) or its socket's path would pass the
    /// 107 bytes a Unix socket's name may have (a clone in a deep folder).
    private init() {
        let build = Harness.root.appendingPathComponent(".build")
        let preferred = build.appendingPathComponent("pg-test-\(getpid())")
        let socketTooLong = (preferred.path + "/.s.PGSQL.5432").utf8.count > 100
        let unreachable = getuid() == 0
            && (try? Harness.command(["runuser", "-u", "postgres", "--", "test", "-x", build.path]))?.status != 0
        folder = socketTooLong || unreachable ? URL(fileURLWithPath: "/tmp/chartpipe-pg-test-\(getpid())") : preferred
    }

    /// The environment that points libpq at this server as the superuser.
    var environment: [String: String] { ["PGHOST": socketFolder, "PGUSER": "postgres", "PGPORT": "5432"] }

    /// Runs a server binary (as `postgres` under root) and throws with its output when it fails.
    @discardableResult
    func server(_ tool: String, _ arguments: [String]) throws -> String {
        let command = asRoot ? ["runuser", "-u", "postgres", "--", "\(Self.bin)/\(tool)"] + arguments : ["\(Self.bin)/\(tool)"] + arguments
        let result = try Harness.command(command, in: folder)
        guard result.status == 0 else { throw Failure(message: "\(tool) failed: \(result.stderr)\(result.stdout)") }
        return result.stdout
    }

    /// Runs SQL through psql as the superuser, in the fixture folder (for \copy).
    @discardableResult
    func psql(_ sql: String, database: String = "chartpipe") throws -> String {
        let result = try Harness.command(["\(Self.bin)/psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", socketFolder, "-U", "postgres",
                                              "-d", database, "-At", "-c", sql], in: SQLiteSourceTests.folder)
        guard result.status == 0 else { throw Failure(message: "psql failed: \(result.stderr)") }
        return result.stdout
    }

    private func setUp() throws {
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if asRoot {
            let chown = try Harness.command(["chown", "postgres:postgres", folder.path])
            guard chown.status == 0 else { throw Failure(message: "chown failed: \(chown.stderr)") }
        }
        try server("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale", "C"])
        // The role with a password is checked by it (a wrong one in PGPASSFILE fails); every other one is trusted.
        let hba = "local all pwuser scram-sha-256\nlocal all all trust\n"
        try Data(hba.utf8).write(to: URL(fileURLWithPath: data + "/pg_hba.conf"))
        if asRoot { _ = try Harness.command(["chown", "postgres:postgres", data + "/pg_hba.conf"]) }
        try startServer()
        try psql("CREATE DATABASE chartpipe", database: "postgres")
        let load = try Harness.command(["\(Self.bin)/psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", socketFolder, "-U", "postgres",
                                            "-d", "chartpipe", "-f", "load_postgres.sql"], in: SQLiteSourceTests.folder)
        guard load.status == 0 else { throw Failure(message: "loading failed: \(load.stderr)") }
        try psql("CREATE ROLE pwuser LOGIN PASSWORD 'right'; GRANT SELECT ON ALL TABLES IN SCHEMA public TO pwuser")
    }

    func startServer() throws {
        try detached("pg_ctl", ["-D", data, "-w", "-s", "-l", folder.appendingPathComponent("log").path,
                              "-o", "-c listen_addresses='' -c unix_socket_directories='\(socketFolder)' -c fsync=off -c max_connections=20",
                              "start"])
    }

    func stopServer() {
        _ = try? detached("pg_ctl", ["-D", data, "-w", "-s", "-m", "fast", "stop"])
    }

    /// Runs a server binary whose children outlive it (pg_ctl's postmaster) with its output in the
    /// server's log, not in pipes that the postmaster would keep open.
    func detached(_ tool: String, _ arguments: [String]) throws {
        let argv = (asRoot ? ["/usr/sbin/runuser", "-u", "postgres", "--", "\(Self.bin)/\(tool)"] : ["\(Self.bin)/\(tool)"]) + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let copies = argv.map { strdup($0) } + [nil]
        defer { copies.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], &actions, nil, copies, environ) == 0 else { throw Failure(message: "cannot start \(tool)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            let log = (try? String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)) ?? ""
            throw Failure(message: "\(tool) \(arguments.last ?? "") failed: \(log.suffix(2000))")
        }
    }

    func stop() {
        if FileManager.default.fileExists(atPath: data + "/postmaster.pid") { stopServer() }
        try? FileManager.default.removeItem(at: folder)
    }
}
