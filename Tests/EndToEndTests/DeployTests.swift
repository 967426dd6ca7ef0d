import ChartpipeTestSupport
import Foundation
import XCTest

/// The Kubernetes example of deploy/kubernetes/, without a cluster: its YAML parses (PyYAML from
/// the test venv) into the objects Kubernetes needs, the Indexed Job's container command run once
/// per index with the environment Kubernetes gives that pod, then the merge Job's command, equal one
/// run byte for byte; and the Dockerfile's runtime stage installs, by their Debian names, every
/// library the binary loads. (The Slurm example runs on a real Slurm: Tests/Slurm/slurm-test.sh.)
final class DeployTests: XCTestCase {
    let kubernetes = Harness.root.appendingPathComponent("deploy/kubernetes")

    /// Every document of a YAML file, as JSON objects.
    func documents(_ name: String) throws -> [[String: Any]] {
        let script = "import json, sys, yaml; json.dump(list(yaml.safe_load_all(open(sys.argv[1]))), sys.stdout)"
        let result = try TestProcess.run(try TestPython.interpreter(), ["-c", script, kubernetes.appendingPathComponent(name).path],
                                         in: Harness.root)
        XCTAssertEqual(result.status, 0, "\(name) does not parse: \(result.stderr)")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], name)
    }

    /// The one container of a Job, and the claim its pod mounts where.
    struct Pod {
        var command: [String]
        var environment: [String: String]
        var mountPath: String
        var claim: String
    }

    func pod(of job: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws -> Pod {
        let spec = try XCTUnwrap((job["spec"] as? [String: Any])?["template"] as? [String: Any], file: file, line: line)
        let podSpec = try XCTUnwrap(spec["spec"] as? [String: Any], file: file, line: line)
        XCTAssertEqual(podSpec["restartPolicy"] as? String, "Never", "a Job's pods must not restart in place", file: file, line: line)
        let containers = try XCTUnwrap(podSpec["containers"] as? [[String: Any]], file: file, line: line)
        XCTAssertEqual(containers.count, 1, file: file, line: line)
        let container = containers[0]
        var environment: [String: String] = [:]
        for item in container["env"] as? [[String: Any]] ?? [] {
            // Kubernetes takes only strings here: a bare number in YAML would be refused.
            environment[try XCTUnwrap(item["name"] as? String)] = try XCTUnwrap(item["value"] as? String, "env values must be strings",
                                                                                file: file, line: line)
        }
        let mount = try XCTUnwrap((container["volumeMounts"] as? [[String: Any]])?.first, file: file, line: line)
        let volume = try XCTUnwrap((podSpec["volumes"] as? [[String: Any]])?.first { $0["name"] as? String == mount["name"] as? String },
                                   "the mounted volume is not declared", file: file, line: line)
        let claim = try XCTUnwrap((volume["persistentVolumeClaim"] as? [String: Any])?["claimName"] as? String, file: file, line: line)
        return Pod(command: try XCTUnwrap(container["command"] as? [String], file: file, line: line), environment: environment,
                   mountPath: try XCTUnwrap(mount["mountPath"] as? String, file: file, line: line), claim: claim)
    }

    /// The command as it would run in the pod: the image's chartpipe is the built binary, and the
    /// volume's mount path is the folder `volume`.
    func run(_ pod: Pod, volume: URL, environment: [String: String]) throws -> Harness.Result {
        XCTAssertEqual(pod.command.first, "chartpipe", "the image puts chartpipe on PATH")
        let arguments = pod.command.dropFirst().map { argument in
            argument.hasPrefix(pod.mountPath + "/") ? volume.path + argument.dropFirst(pod.mountPath.count) : argument
        }
        return try Harness.run(Array(arguments), in: volume, environment: pod.environment.merging(environment) { $1 })
    }

    func testTheIndexedJobAndTheMergeJobAreOneRunByteForByte() throws {
        let claims = try documents("volume.yaml")
        XCTAssertEqual(claims.count, 1)
        XCTAssertEqual(claims[0]["kind"] as? String, "PersistentVolumeClaim")
        let claimSpec = try XCTUnwrap(claims[0]["spec"] as? [String: Any])
        XCTAssertEqual(claimSpec["accessModes"] as? [String], ["ReadWriteMany"], "pods on several nodes write the volume at once")
        let claimName = try XCTUnwrap((claims[0]["metadata"] as? [String: Any])?["name"] as? String)

        let shardsJob = try XCTUnwrap(try documents("shards-job.yaml").first)
        let mergeJob = try XCTUnwrap(try documents("merge-job.yaml").first)
        for job in [shardsJob, mergeJob] {
            XCTAssertEqual(job["apiVersion"] as? String, "batch/v1")
            XCTAssertEqual(job["kind"] as? String, "Job")
        }
        let spec = try XCTUnwrap(shardsJob["spec"] as? [String: Any])
        XCTAssertEqual(spec["completionMode"] as? String, "Indexed")
        let completions = try XCTUnwrap(spec["completions"] as? Int)
        let shards = try pod(of: shardsJob)
        let merge = try pod(of: mergeJob)
        XCTAssertEqual(shards.environment["CHARTPIPE_SHARDS"], "\(completions)", "CHARTPIPE_SHARDS must equal completions")
        XCTAssertEqual(shards.claim, claimName)
        XCTAssertEqual(merge.claim, claimName)
        XCTAssertEqual(shards.mountPath, merge.mountPath)
        XCTAssertNotNil(shards.environment["SOURCE_DATE_EPOCH"])
        XCTAssertEqual(shards.environment["SOURCE_DATE_EPOCH"], merge.environment["SOURCE_DATE_EPOCH"],
                       "the shards and the merge need one time for the bytes of one run")
        XCTAssertNil(shards.environment["JOB_COMPLETION_INDEX"], "Kubernetes sets the index; the Job must not")
        let out = try XCTUnwrap(shards.command.firstIndex(of: "--out").map { shards.command[$0 + 1] })
        XCTAssertEqual(merge.command, ["chartpipe", "merge", out])

        // Two copies of the volume's content (the repository's pipelines folder): one for the Jobs,
        // one for a single run into the same place relative to the pipeline.
        let folder = try Harness.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cluster = folder.appendingPathComponent("cluster"), single = folder.appendingPathComponent("single")
        for volume in [cluster, single] {
            try FileManager.default.createDirectory(at: volume, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Harness.root.appendingPathComponent("pipelines"), to: volume.appendingPathComponent("pipelines"))
        }
        // What Kubernetes sets in the pod of each index (besides the Job's own env): the index, and
        // the pod's host name, which chartpipe must not depend on.
        for index in 0..<completions {
            let result = try run(shards, volume: cluster, environment: [
                "JOB_COMPLETION_INDEX": "\(index)", "HOSTNAME": "chartpipe-shards-\(index)-x7k2p",
                "KUBERNETES_SERVICE_HOST": "10.96.0.1", "KUBERNETES_SERVICE_PORT": "443",
            ])
            XCTAssertEqual(result.status, 0, "index \(index): \(result.stderr)")
        }
        let merged = try run(merge, volume: cluster, environment: ["HOSTNAME": "chartpipe-merge-q9d4w"])
        XCTAssertEqual(merged.status, 0, merged.stderr)

        var alone = shards
        alone.environment["CHARTPIPE_SHARDS"] = nil
        let one = try run(alone, volume: single, environment: [:])
        XCTAssertEqual(one.status, 0, one.stderr)
        let relative = String(out.dropFirst(shards.mountPath.count + 1))
        let expected = try Harness.files(in: single.appendingPathComponent(relative))
        XCTAssertGreaterThan(expected.count, 40)
        XCTAssertNotNil(expected["manifest.json"])
        XCTAssertEqual(try Harness.files(in: cluster.appendingPathComponent(relative)), expected)
    }

    /// Every shared library the binary needs (besides the Swift runtime, linked in by the
    /// Dockerfile's --static-swift-stdlib) comes from a Debian package the runtime stage installs,
    /// or from the base image; and each of those names is a package installed on this machine.
    func testTheDockerfileInstallsTheLibrariesTheBinaryLoads() throws {
        let dockerfile = try String(contentsOf: kubernetes.appendingPathComponent("Dockerfile"), encoding: .utf8)
        let runtime = try XCTUnwrap(dockerfile.components(separatedBy: "\nFROM ").last, "no second stage")
        XCTAssertTrue(runtime.hasPrefix("debian:bookworm"), "the runtime stage is Debian 12")
        let install = try XCTUnwrap(runtime.components(separatedBy: "apt-get install").dropFirst().first)
        let packages = install.components(separatedBy: "&&").first!.split(whereSeparator: { " \\\n".contains($0) })
            .map(String.init).filter { !$0.hasPrefix("-") }
        XCTAssertTrue(Set(["libcsv3", "libjansson4", "libsqlite3-0", "libpq5", "libicu72", "libsndfile1", "libxlsxwriter4", "libssl3"]).isSubset(of: packages), "\(packages)")
        for package in packages {
            let status = try Harness.command(["dpkg-query", "-W", "-f=${Status}", package])
            XCTAssertEqual(status.stdout, "install ok installed", "'\(package)' is not the name of an installed Debian package")
        }

        // The libraries the binary names itself (ELF NEEDED), found where the loader finds them.
        let ldd = try Harness.command(["ldd", Harness.binary.path])
        XCTAssertEqual(ldd.status, 0, ldd.stderr)
        let needed = try Harness.command(["objdump", "-p", Harness.binary.path])
        XCTAssertEqual(needed.status, 0, needed.stderr)
        let names = needed.stdout.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            return words.first == "NEEDED" ? words.last.map(String.init) : nil
        }
        XCTAssertGreaterThan(names.count, 5)
        // In debian:bookworm-slim already (dpkg and apt need them).
        let base: Set<String> = ["libc6", "libgcc-s1", "libstdc++6", "zlib1g"]
        // The Swift runtime, and the sanitizers' runtimes of `make sanitize`'s builds, come from the toolchain.
        let swiftRuntime = ["libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime", "libclang_rt"]
        for name in names where !swiftRuntime.contains(where: name.hasPrefix) {
            // "libcsv.so.3 => /lib/x86_64-linux-gnu/libcsv.so.3 (0x…)", or the loader's "/lib64/ld-linux-x86-64.so.2 (0x…)".
            let found = ldd.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first {
                $0.hasPrefix(name + " => ") || ($0.hasPrefix("/") && $0.split(separator: " ")[0].hasSuffix("/" + name))
            }
            let path = try XCTUnwrap(found.flatMap { $0.components(separatedBy: " => ").last?.split(separator: " ").first.map(String.init) },
                                     "ldd does not find \(name)")
            // dpkg knows the path the package installed: /lib is /usr/lib on Debian 12, and dpkg may know either.
            var owner = try Harness.command(["dpkg-query", "-S", path])
            for other in [path.replacingOccurrences(of: "/lib/", with: "/usr/lib/"), path.replacingOccurrences(of: "/usr/lib/", with: "/lib/")]
            where owner.status != 0 {
                owner = try Harness.command(["dpkg-query", "-S", other])
            }
            XCTAssertEqual(owner.status, 0, "no Debian package holds \(path)")
            let package = String(owner.stdout.split(separator: ":").first ?? "")
            XCTAssertTrue(packages.contains(package) || base.contains(package), "\(name) comes from \(package), which the Dockerfile does not install")
        }
    }
}
