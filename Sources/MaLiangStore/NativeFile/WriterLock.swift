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

    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }
}
