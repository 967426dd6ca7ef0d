import ChartpipeCore
import Foundation

/// How ingest splits one large CSV, TSV or JSON Lines file over processors. The observations,
/// counts, warnings and errors are those of one reader over the whole file (`ChunkedStream`).
public struct ParallelIngest: Sendable, Equatable {
    /// Readers to run at once; nil to use the processors of `--jobs` that no chart holds
    /// (`WorkerBudget.current`), and one reader outside a run.
    public var workers: Int?
    /// A file with fewer bytes after its header is read by one reader.
    public var minBytes: Int
    /// Bytes per chunk; a chunk ends at the first line end after its share.
    public var chunkBytes: Int

    public init(workers: Int? = nil, minBytes: Int = 16 << 20, chunkBytes: Int = 4 << 20) {
        self.workers = workers
        self.minBytes = max(minBytes, 1)
        self.chunkBytes = max(chunkBytes, 1)
    }

    public static let standard = ParallelIngest()
    /// Most readers borrowed from a run's budget.
    static let mostWorkers = 16
}

/// The work of a stream that reads its file in chunks (for tests and benchmarks, which count work).
public protocol ChunkedReading {
    /// Chunks whose worker's result was used.
    var chunksRead: Int { get }
    /// Chunks a record ran into, read on by the reader before them.
    var chunksReadOn: Int { get }
    /// Readers at once (1 when the file is read by one).
    var workers: Int { get }
    /// Whether the file was read again by one reader.
    var fellBack: Bool { get }
}

/// A reader of one chunk of a file: it starts at a line start outside any record, counts its lines
/// from 1 and its records from 0, and pauses at the chunk's end until told to read on.
protocol ChunkReader: ObservationStream, SendableMetatype {
    /// What the readers of later chunks start from (the header, the options); made once, before
    /// they start, and read by their threads.
    associatedtype Template: Sendable
    func template() -> Template
    static func chunk(of template: Template, from start: Int, to stop: Int) throws(ChartError) -> Self

    func nextBatch() throws(ChartError) -> ObservationBatch?
    /// Reads what comes before the records (skipped lines, the header, a byte order mark).
    func readPreamble() throws(ChartError)
    /// File offset of the next byte to read.
    var position: Int { get }
    var file: OpenFile { get }
    var paused: Bool { get }
    /// Whether a record can start where the reader paused; if not, the next chunk began inside a record.
    var atRecordStart: Bool { get }
    /// Physical lines read to the end.
    var linesDone: Int { get }
    var skipped: SkipLog { get }
    /// Whether this reader, started at a later chunk, met something that the records before the
    /// chunk decide: then the file is read again by one reader.
    var dependsOnEarlierChunks: Bool { get }
    func extend(to stop: Int)
}

/// One large file read by several readers at once, one per chunk, merged in order.
///
/// The leader reads the preamble and the first chunk; chunks end at line starts, found by a scan for
/// line feeds. A chunk's reader assumes that a record starts where it does; the reader before it
/// says whether one does (its parser is between rows when it reaches the chunk's start). If not (a
/// quoted field holds a line break there), that reader reads on through the chunk itself and the
/// chunk's own result is dropped: the reading is serial there, never wrong. Observations get the
/// records and lines of the chunks before them added; skipped-row warnings likewise.
///
/// Anything the merge cannot place as one reader would, leads to the file being read again by one
/// reader, whose results are handed on after the observations already given: an error (the first
/// error of a file depends on what one reader meets first, and the limits count over the file), more
/// than `maxPoints` values, a wall-clock time repeated by a fall-back in a later chunk.
final class ChunkedStream<Reader: ChunkReader>: ObservationStream, ChunkedReading {
    private enum Mode {
        case first, single, chunks, serial
    }

    let xType: XType
    let sourcePath: String
    private let leader: Reader
    private let parallel: ParallelIngest
    private let budget: WorkerBudget?
    private let maxPoints: Int
    private let makeSerial: () throws -> any ObservationStream
    private var mode = Mode.first
    /// The reader whose records come next, and its offsets.
    private var current: Reader
    private var recordBase = 0
    private var lineBase = 0
    /// Batches a worker read for `current`, not handed on yet.
    private var pending: [ObservationBatch] = []
    private var pendingIndex = 0
    /// The skips of the readers before `current`.
    private var log = SkipLog()
    private var boundaries: [Int] = []
    private var nextChunk = 1
    private var pool: ChunkPool<Reader>?
    private var delivered = 0
    private var serial: (any ObservationStream)?
    /// Readers beyond the first, and how many of them are processors borrowed from the run.
    private var extraWorkers = 0
    private var borrowed = 0
    private var discard = 0
    /// Chunks read by the workers, and chunks whose result was dropped because a record ran into them.
    private(set) var chunksRead = 0
    private(set) var chunksReadOn = 0
    /// Set when the file was read again by one reader.
    private(set) var fellBack = false

    init(leader: Reader, parallel: ParallelIngest, budget: WorkerBudget?, maxPoints: Int,
         serial: @escaping () throws -> any ObservationStream) {
        xType = leader.xType
        sourcePath = leader.sourcePath
        self.leader = leader
        current = leader
        self.parallel = parallel
        self.budget = budget
        self.maxPoints = maxPoints
        makeSerial = serial
    }

    deinit {
        pool?.cancel()
        budget?.giveBack(borrowed)
    }

    var seriesNames: [String] { serial?.seriesNames ?? current.seriesNames }
    var categories: [String] { serial?.categories ?? current.categories }
    var recordsRead: Int { serial?.recordsRead ?? recordBase + current.recordsRead }
    var recordsSkipped: Int { serial?.recordsSkipped ?? log.skipped + current.skipped.skipped }
    var warnings: [Diagnostic] {
        if let serial { return serial.warnings }
        var all = log
        all.absorb(current.skipped, lineOffset: lineBase)
        return all.summary(path: sourcePath)
    }
    /// Readers in use (1 when the file is read by one).
    var workers: Int { pool?.workers ?? 1 }

    func next() throws -> ObservationBatch? {
        switch mode {
        case .single:
            return try leader.nextBatch()
        case .serial:
            return try serialNext()
        case .first:
            return try begin()
        case .chunks:
            return try chunksNext()
        }
    }

    /// Reads the preamble, then splits the rest when it is large enough and processors are free;
    /// the first batch is the leader's, so that a probe reading one batch starts no workers.
    private func begin() throws -> ObservationBatch? {
        mode = .single
        do { try leader.readPreamble() } catch { return try fallBack() }
        let start = leader.position
        let size = leader.file.size
        if size - start >= parallel.minBytes {
            if let workers = parallel.workers {
                extraWorkers = workers - 1
            } else if let budget {
                borrowed = budget.borrow(upTo: ParallelIngest.mostWorkers - 1)
                extraWorkers = borrowed
            }
            if extraWorkers > 0 { boundaries = Self.lineStarts(in: leader.file, from: start, every: parallel.chunkBytes) }
        }
        guard boundaries.count > 1 else {
            budget?.giveBack(borrowed)
            borrowed = 0
            leader.extend(to: .max)
            return try leader.nextBatch()
        }
        mode = .chunks
        leader.extend(to: boundaries[1])
        return try chunksNext()
    }

    private func chunksNext() throws -> ObservationBatch? {
        while true {
            if pendingIndex < pending.count {
                let batch = pending[pendingIndex]
                pending[pendingIndex] = ObservationBatch()
                pendingIndex += 1
                return try hand(batch)
            }
            if !current.paused {
                let batch: ObservationBatch?
                do { batch = try current.nextBatch() } catch { return try fallBack() }
                if current !== leader, current.dependsOnEarlierChunks { return try fallBack() }
                guard let batch else {
                    if current.paused { continue }
                    return nil
                }
                return try hand(batch)
            }
            if nextChunk >= boundaries.count { return nil }
            if pool == nil { startPool() }
            let k = nextChunk
            nextChunk += 1
            guard let pool else { return try fallBack() }
            let result = pool.take(k)
            if !current.atRecordStart {
                // A record runs into chunk k: this reader reads on through it; the chunk's result is dropped.
                chunksReadOn += 1
                current.extend(to: k + 1 < boundaries.count ? boundaries[k + 1] : .max)
                continue
            }
            log.absorb(current.skipped, lineOffset: lineBase)
            recordBase += current.recordsRead
            lineBase += current.linesDone
            // With no record before it, the chunk's first record is the file's (JSON checks it for the fields).
            guard recordBase > 0, let reader = result.reader, !result.failed, !reader.dependsOnEarlierChunks else {
                return try fallBack()
            }
            chunksRead += 1
            current = reader
            pending = result.batches
            pendingIndex = 0
        }
    }

    /// A batch of `current` with the records and lines before it added, within `maxPoints`.
    private func hand(_ batch: ObservationBatch) throws -> ObservationBatch? {
        guard delivered + batch.count <= maxPoints else { return try fallBack() }
        delivered += batch.count
        guard recordBase != 0 || lineBase != 0 else { return batch }
        var moved = batch
        let records = recordBase, lines = lineBase
        moved.record.withUnsafeMutableBufferPointer { r in
            for i in r.indices { r[i] += records }
        }
        moved.line.withUnsafeMutableBufferPointer { l in
            for i in l.indices { l[i] = Int32(clamping: Int(l[i]) + lines) }
        }
        return moved
    }

    /// Reads the file again with one reader and hands on what comes after the observations given.
    private func fallBack() throws -> ObservationBatch? {
        pool?.cancel()
        pool = nil
        budget?.giveBack(borrowed)
        borrowed = 0
        pending = []
        fellBack = true
        mode = .serial
        serial = try makeSerial()
        discard = delivered
        return try serialNext()
    }

    private func serialNext() throws -> ObservationBatch? {
        guard var batch = try serial?.next() else { return nil }
        guard discard > 0 else { return batch }
        if batch.count <= discard {
            discard -= batch.count
            return ObservationBatch()
        }
        let n = discard
        discard = 0
        batch.series.removeFirst(n)
        batch.x.removeFirst(n)
        batch.y.removeFirst(n)
        batch.record.removeFirst(n)
        batch.line.removeFirst(n)
        return batch
    }

    private func startPool() {
        let extra = extraWorkers, borrowed = borrowed
        // The pool's threads give the borrowed processors back as they end.
        self.borrowed = 0
        let template = leader.template()
        let boundaries = self.boundaries
        pool = ChunkPool(count: boundaries.count, workers: 1 + extra, budget: borrowed > 0 ? budget : nil, borrowed: borrowed) { k in
            do {
                let reader = try Reader.chunk(of: template, from: boundaries[k], to: k + 1 < boundaries.count ? boundaries[k + 1] : .max)
                var batches: [ObservationBatch] = []
                while let batch = try reader.nextBatch() {
                    if !batch.isEmpty { batches.append(batch) }
                }
                return ChunkResult(reader: reader, batches: batches, failed: false)
            } catch {
                return ChunkResult(reader: nil, batches: [], failed: true)
            }
        }
    }

    /// Offsets where the chunks start: `start`, then the first line start at or after every
    /// `every` bytes (line feeds found with memchr, reading the file in blocks).
    static func lineStarts(in file: OpenFile, from start: Int, every: Int) -> [Int] {
        var starts = [start]
        let block = 1 << 16
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: block)
        defer { buffer.deallocate() }
        var target = start + every
        scan: while target < file.size {
            var at = target - 1
            while true {
                let n = pread(file.fd, buffer, block, off_t(at))
                guard n > 0 else { break scan }
                if let newline = memchr(buffer, 0x0A, n) {
                    let next = at + (UnsafeRawPointer(newline) - UnsafeRawPointer(buffer)) + 1
                    guard next < file.size else { break scan }
                    starts.append(next)
                    target = next + every
                    break
                }
                at += n
            }
        }
        return starts
    }
}

struct ChunkResult<Reader>: @unchecked Sendable {
    /// The chunk's reader, paused at the chunk's end (or at the end of the file); nil when it failed.
    var reader: Reader?
    var batches: [ObservationBatch]
    var failed: Bool
}

/// Threads that read chunks ahead of the consumer, at most `window` chunks beyond the one it waits
/// for, so that memory stays bounded by a few chunks. Threads of their own, not Dispatch's pool,
/// which the run's chart workers may fill while they wait here.
final class ChunkPool<Reader>: @unchecked Sendable {
    let workers: Int
    private let count: Int
    private let window: Int
    private let work: @Sendable (Int) -> ChunkResult<Reader>
    private let condition = NSCondition()
    private var results: [Int: ChunkResult<Reader>] = [:]
    private var nextToRead = 1
    private var wanted = 1
    private var cancelled = false
    private let budget: WorkerBudget?
    private var toGiveBack: Int

    init(count: Int, workers: Int, budget: WorkerBudget?, borrowed: Int, work: @escaping @Sendable (Int) -> ChunkResult<Reader>) {
        self.count = count
        self.workers = max(1, workers)
        window = self.workers + 1
        self.work = work
        self.budget = budget
        toGiveBack = borrowed
        for _ in 0..<self.workers {
            let thread = Thread { [self] in run() }
            thread.name = "ingest-chunks"
            thread.start()
        }
    }

    private func run() {
        while true {
            condition.lock()
            while !cancelled, nextToRead < count, nextToRead >= wanted + window { condition.wait() }
            guard !cancelled, nextToRead < count else {
                let giving = toGiveBack > 0
                if giving { toGiveBack -= 1 }
                condition.unlock()
                if giving { budget?.giveBack(1) }
                return
            }
            let k = nextToRead
            nextToRead += 1
            condition.unlock()
            let result = work(k)
            condition.lock()
            if !cancelled { results[k] = result }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The result of chunk `k`, waiting for it; chunks are taken in order.
    func take(_ k: Int) -> ChunkResult<Reader> {
        condition.lock()
        defer { condition.unlock() }
        wanted = k
        condition.broadcast()
        while results[k] == nil { condition.wait() }
        return results.removeValue(forKey: k)!
    }

    /// Stops reading ahead; threads finish the chunk they are reading and end.
    func cancel() {
        condition.lock()
        cancelled = true
        results = [:]
        condition.broadcast()
        condition.unlock()
    }
}
