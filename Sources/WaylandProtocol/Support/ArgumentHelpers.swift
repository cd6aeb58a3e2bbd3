import CWaylandProtocols
import Glibc

/// Wayland's 24.8 fixed-point numbers.
package enum WaylandFixed {
    /// Rounds to the nearest 1/256; non-finite values become 0 and out-of-range values saturate.
    package static func encode(_ value: Double) -> Int32 {
        guard value.isFinite else { return 0 }
        // Clamped as a Double first: converting 1e30 × 256 to an integer would trap.
        let scaled = min(max((value * 256).rounded(), Double(Int32.min)), Double(Int32.max))
        return Int32(scaled)
    }

    package static func decode(_ fixed: Int32) -> Double { Double(fixed) / 256 }
}

/// A C copy of a Swift string that lives as long as this object: the pointer stays valid while a message that
/// refers to it is marshalled.
package final class WaylandCString {
    package let pointer: UnsafePointer<CChar>?

    package init(_ string: String?) {
        pointer = string.flatMap { strdup($0) }.map { UnsafePointer($0) }
    }

    deinit { free(UnsafeMutableRawPointer(mutating: pointer)) }
}

/// A `wl_array` holding a copy of some bytes, alive as long as this object.
package final class WaylandArray {
    package let pointer: UnsafeMutablePointer<wl_array>

    package init(_ bytes: [UInt8]) {
        pointer = .allocate(capacity: 1)
        let data = malloc(max(bytes.count, 1))
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress, let data { memcpy(data, base, bytes.count) }
        }
        pointer.initialize(to: wl_array(size: bytes.count, alloc: max(bytes.count, 1), data: data))
    }

    deinit {
        free(pointer.pointee.data)
        pointer.deallocate()
    }

    /// The bytes of an incoming array argument.
    package static func bytes(_ array: UnsafeMutablePointer<wl_array>?) -> [UInt8] {
        guard let array, let data = array.pointee.data, array.pointee.size > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: array.pointee.size))
    }
}

package enum WaylandFD {
    package static func close(_ descriptor: Int32) {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
    }
}
