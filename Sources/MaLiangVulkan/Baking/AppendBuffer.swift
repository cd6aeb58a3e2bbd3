/// A list of plain values that grows at its end, in memory it holds by reference: an append checks only for room,
/// where an array's also checks that its memory is not shared — binning a small dab is mostly appends and counts,
/// and those checks were a tenth of it. Copies share the memory: the owner (one chunk's bins, filled on one thread,
/// read once binning is done) must not write through one copy while another is read.
struct AppendBuffer<Element: BitwiseCopyable> {
    private final class Storage {
        let base: UnsafeMutablePointer<Element>
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit { base.deallocate() }
    }

    private var storage: Storage
    private(set) var count = 0

    init(capacity: Int = 16) { storage = Storage(capacity: max(capacity, 1)) }

    var capacity: Int { storage.capacity }
    var isEmpty: Bool { count == 0 }

    /// The elements, valid until the buffer changes.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: storage.base, count: count) }

    subscript(index: Int) -> Element {
        @inline(__always) get {
            precondition(index >= 0 && index < count, "AppendBuffer index out of range")
            return storage.base[index]
        }
        @inline(__always) nonmutating set {
            precondition(index >= 0 && index < count, "AppendBuffer index out of range")
            storage.base[index] = newValue
        }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == storage.capacity { reserve(count * 2) }
        storage.base[count] = element
        count += 1
    }

    mutating func append(_ element: Element, times: Int) {
        if count + times > storage.capacity { reserve(max(count * 2, count + times)) }
        (storage.base + count).initialize(repeating: element, count: times)
        count += times
    }

    /// Makes room for `capacity` elements in all.
    mutating func reserve(_ capacity: Int) {
        guard capacity > storage.capacity else { return }
        let grown = Storage(capacity: capacity)
        grown.base.initialize(from: storage.base, count: count)
        storage = grown
    }

    /// Empties the buffer, keeping its memory.
    mutating func removeAll() { count = 0 }
}
