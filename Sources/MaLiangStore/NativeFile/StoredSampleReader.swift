import Foundation
import MaLiangCore

/// Reads strokes' samples from a document file when they are needed, so a loaded document keeps only what its
/// strokes are (brush, seed, how many samples), not every sample of every stroke: memory stays the same for
/// fifty strokes or fifty thousand.
///
/// It has its own read-only connection to the file, opened with the document and kept while any stroke reads
/// through it: strokes are never changed once written, so every read returns what was loaded. The most recently
/// read strokes are kept, up to ``cacheBytes``. Locked: a stroke's samples may be read on any thread.
final class StoredSampleReader: SampleSource, @unchecked Sendable {
    static let cacheBytes = 16 << 20
    private let lock = NSLock()
    private var database: SQLiteDatabase
    private var select: SQLiteStatement?
    private var cache: [ElementID: SampleColumns] = [:]
    private var recent: [ElementID] = []
    private var cachedBytes = 0
    private var failedReads: [ElementID] = []
    /// Reads left before every read fails (``failReads(afterReading:)``); nil: reads are not made to fail.
    private var readsBeforeFailing: Int?

    init(path: String) throws(StoreError) {
        database = try SQLiteDatabase(path: path, create: false, readOnly: true)
        select = try database.prepare("SELECT samples FROM elements WHERE id = ?")
    }

    /// Reads from the file now at `path` from here on (the same elements, the document having moved there).
    func reopen(path: String) throws(StoreError) {
        let moved = try SQLiteDatabase(path: path, create: false, readOnly: true)
        let statement = try moved.prepare("SELECT samples FROM elements WHERE id = ?")
        lock.withLock {
            select = statement
            database = moved
        }
    }

    /// Lets go of the file (before the document moves; ``reopen(path:)`` follows).
    func close() {
        lock.withLock {
            select = nil
            database.close()
        }
    }

    /// Strokes whose samples could not be read after the document was opened.
    var failures: [ElementID] { lock.withLock { failedReads } }

    func samples(of id: ElementID) -> SampleColumns? { lock.withLock { lockedSamples(of: id) } }

    /// Makes every read after the next `count` fail, as a failing disk would (a fault test).
    func failReads(afterReading count: Int) { lock.withLock { readsBeforeFailing = max(count, 0) } }

    private func lockedSamples(of id: ElementID) -> SampleColumns? {
        if let cached = cache[id] { return cached }
        if let left = readsBeforeFailing { readsBeforeFailing = left - 1 }
        guard readsBeforeFailing.map({ $0 >= 0 }) ?? true, let columns = read(id) else {
            failedReads.append(id)
            return nil
        }
        remember(columns, for: id)
        return columns
    }

    private func read(_ id: ElementID) -> SampleColumns? {
        do {
            guard let select else { return nil }
            try select.bind([.integer(id.rawValue)])
            guard try select.step() else { return nil }
            let blob = select.blob(0)
            while try select.step() {}
            return try? SampleCodec.decode(blob)
        } catch {
            return nil
        }
    }

    private func remember(_ columns: SampleColumns, for id: ElementID) {
        let bytes = columns.count * 18
        guard bytes <= Self.cacheBytes / 4 else { return }
        cache[id] = columns
        recent.append(id)
        cachedBytes += bytes
        while cachedBytes > Self.cacheBytes, !recent.isEmpty {
            let oldest = recent.removeFirst()
            cachedBytes -= (cache.removeValue(forKey: oldest)?.count ?? 0) * 18
        }
    }
}
