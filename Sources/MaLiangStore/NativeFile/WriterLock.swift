import Foundation
import Glibc

/// The one writer of a document file: an exclusive lock (flock) on the file, held while it is open for writing,
/// so a second window or process can never write the same document (ids handed out twice, strokes replacing each
/// other). Readers do not lock. The lock goes with the process, however it ends.
final class WriterLock {
    private var descriptor: Int32

    /// Takes the lock on `path`, or throws ``StoreError/Kind/inUse`` when another writer holds it.
    init(path: String) throws(StoreError) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw AtomicFile.failure(errno, "cannot open \(path)") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK {
                throw StoreError(
                    .inUse, "\(path) is open in another MaLiang window or program; only one may change it at a time")
            }
            throw AtomicFile.failure(code, "cannot lock \(path)")
        }
    }

    deinit { release() }

    /// Whether the file now at `path` is the one this lock holds (not deleted, not replaced by another file).
    func holdsFile(at path: String) -> Bool? {
        var held = stat()
        var there = stat()
        guard descriptor >= 0, fstat(descriptor, &held) == 0 else { return nil }
        guard stat(path, &there) == 0 else { return errno == ENOENT ? false : nil }
        return held.st_dev == there.st_dev && held.st_ino == there.st_ino
    }

    func release() {
        guard descriptor >= 0 else { return }
        // Unlocked before it is closed: a process being started elsewhere in this one holds a copy of every
        // descriptor until it runs its program, and a lock goes only with the last copy closed — the file would
        // stay locked for that moment, and opening it again at once said another window had it.
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }
}
