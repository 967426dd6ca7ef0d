import Foundation

/// What the pipeline check needs of a PostgreSQL connection URL (libpq's URI form,
/// `postgresql://[user@][host][:port][/dbname][?param=value&…]`): its host and database for
/// messages, and whether it holds a password, which a pipeline file must not.
struct PostgresURL: Equatable {
    var host: String
    var database: String
    var service: String?

    struct Problem: Error, Equatable {
        var message: String
        var code: DiagnosticCode
    }

    static let passwordHelp = "a pipeline file is no place for a password: put it in ~/.pgpass (or the file PGPASSFILE names), "
        + "the PGPASSWORD environment variable, or a service file (\"postgresql://?service=nightly\" with PGSERVICEFILE); see docs/deploy.md"

    /// `postgresql://host/database`, or `postgresql://?service=name` for a service: never a user, port, password or option.
    var displayName: String {
        if let service, host.isEmpty, database.isEmpty { return "postgresql://?service=\(service)" }
        return "postgresql://\(host)/\(database)"
    }

    static func parse(_ url: String) -> Result<PostgresURL, Problem> {
        guard let scheme = url.range(of: "://") else {
            return .failure(Problem(message: "'\(url)' is not a PostgreSQL URL such as 'postgresql://host/database'", code: .pipelineInvalidValue))
        }
        var rest = Substring(url[scheme.upperBound...])
        var parameters: [(String, String)] = []
        if let q = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: q)...].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                let key = String(kv[0]).removingPercentEncoding ?? String(kv[0])
                let value = kv.count > 1 ? (String(kv[1]).removingPercentEncoding ?? String(kv[1])) : ""
                parameters.append((key, value))
            }
            rest = rest[..<q]
        }
        let authority: Substring, path: Substring
        if let slash = rest.firstIndex(of: "/") {
            authority = rest[..<slash]
            path = rest[rest.index(after: slash)...]
        } else {
            authority = rest
            path = ""
        }
        var hostPort = authority
        if let at = authority.lastIndex(of: "@") {
            if authority[..<at].contains(":") || parameters.contains(where: { $0.0 == "password" }) {
                return .failure(Problem(message: "the database URL holds a password; " + passwordHelp, code: .pipelinePasswordInUrl))
            }
            hostPort = authority[authority.index(after: at)...]
        }
        if parameters.contains(where: { $0.0 == "password" }) {
            return .failure(Problem(message: "the database URL holds a password; " + passwordHelp, code: .pipelinePasswordInUrl))
        }
        var host = String(hostPort)
        if host.hasPrefix("[") { host = String(host.prefix { $0 != "]" }) + "]" } else if let colon = host.firstIndex(of: ":") {
            host = String(host[..<colon])
        }
        host = host.removingPercentEncoding ?? host
        let named = parameters.last { $0.0 == "host" }?.1
        let dbname = parameters.last { $0.0 == "dbname" }?.1
        return .success(PostgresURL(host: named ?? host, database: dbname ?? (String(path).removingPercentEncoding ?? String(path)),
                                    service: parameters.last { $0.0 == "service" }?.1))
    }
}
