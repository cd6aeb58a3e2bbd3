import Foundation
import Glibc

/// Reads a JSON file value by value through a small buffer, so a MaLiang folder's `content` of hundreds of
/// megabytes is never held in memory whole. The caller walks the structure it expects (``readObject(_:)``,
/// ``readArray(_:)``, ``readNumber()``, ``readString()``) and skips what it does not know (``skipValue()``);
/// anything else is a ``StoreError`` naming the file and the byte offset.
struct JSONStreamReader {
    private let path: String
    private let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)
    private var start = 0
    private var end = 0
    /// Bytes consumed before `buffer[start]`.
    private var consumedBefore = 0
    /// Nesting depth, bounded so a hostile file cannot exhaust the stack.
    private var depth = 0
    static let maximumDepth = 256
    static let maximumStringBytes = 1 << 20

    init(path: String) throws(StoreError) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw AtomicFile.failure(errno, "cannot read \(path)") }
    }

    /// Closes the file (call once, when done).
    func close() { Glibc.close(descriptor) }

    // MARK: - Structure

    /// Reads an object, calling `body` with each key; `body` must read (or skip) the key's value.
    mutating func readObject(_ body: (inout JSONStreamReader, String) throws(StoreError) -> Void) throws(StoreError) {
        try expect(UInt8(ascii: "{"))
        try enter()
        if try peekSignificant() == UInt8(ascii: "}") {
            start += 1
            depth -= 1
            return
        }
        while true {
            let key = try readString()
            try expect(UInt8(ascii: ":"))
            try body(&self, key)
            let separator = try nextSignificant()
            if separator == UInt8(ascii: "}") { break }
            guard separator == UInt8(ascii: ",") else { throw failure("expected , or } in an object") }
        }
        depth -= 1
    }

    /// Reads an array, calling `body` once for each element; `body` must read (or skip) it.
    mutating func readArray(_ body: (inout JSONStreamReader) throws(StoreError) -> Void) throws(StoreError) {
        try expect(UInt8(ascii: "["))
        try enter()
        if try peekSignificant() == UInt8(ascii: "]") {
            start += 1
            depth -= 1
            return
        }
        while true {
            try body(&self)
            let separator = try nextSignificant()
            if separator == UInt8(ascii: "]") { break }
            guard separator == UInt8(ascii: ",") else { throw failure("expected , or ] in an array") }
        }
        depth -= 1
    }

    /// Reads an array of numbers.
    mutating func readNumbers() throws(StoreError) -> [Double] {
        var numbers: [Double] = []
        try readArray { (reader: inout JSONStreamReader) throws(StoreError) in
            guard numbers.count < 64 else { throw reader.failure("a coordinate list is far too long") }
            numbers.append(try reader.readNumber())
        }
        return numbers
    }

    /// Whether the next value is `null` (consumed if so).
    mutating func readNull() throws(StoreError) -> Bool {
        guard try peekSignificant() == UInt8(ascii: "n") else { return false }
        try skipValue()
        return true
    }

    /// Skips one value of any kind.
    mutating func skipValue() throws(StoreError) {
        switch try peekSignificant() {
        case UInt8(ascii: "{"): try readObject { (reader, _) throws(StoreError) in try reader.skipValue() }
        case UInt8(ascii: "["):
            try readArray { (reader: inout JSONStreamReader) throws(StoreError) in try reader.skipValue() }
        case UInt8(ascii: "\""): _ = try readString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try readNumber()
        }
    }

    /// Checks that nothing but white space follows the top-level value.
    mutating func finish() throws(StoreError) {
        guard try peekSignificant(allowEnd: true) == nil else { throw failure("text after the JSON value") }
    }

    // MARK: - Scalars

    mutating func readNumber() throws(StoreError) -> Double {
        _ = try peekSignificant()
        var text: [CChar] = []
        while let byte = try peek(),
            byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || (byte >= 48 && byte <= 57)
        {
            guard text.count < 64 else { throw failure("a number is too long") }
            text.append(CChar(bitPattern: byte))
            start += 1
        }
        guard !text.isEmpty else { throw failure("expected a value") }
        text.append(0)
        var parsedEnd: UnsafeMutablePointer<CChar>?
        let value = text.withUnsafeBufferPointer { pointer -> Double in
            guard let base = pointer.baseAddress else { return .nan }
            return strtod(base, &parsedEnd)
        }
        // strtod must have taken every character (a JSON number is also a C number; the reverse is not checked).
        let taken = text.withUnsafeBufferPointer { pointer in
            parsedEnd.map { UnsafePointer($0) - (pointer.baseAddress ?? UnsafePointer($0)) } ?? 0
        }
        guard taken == text.count - 1 else { throw failure("\"\(String(cString: text))\" is not a number") }
        return value
    }

    mutating func readString() throws(StoreError) -> String {
        try expect(UInt8(ascii: "\""))
        var bytes: [UInt8] = []
        while true {
            guard let byte = try peek() else { throw failure("the file ends inside a string") }
            start += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: bytes, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &bytes)
            case 0..<0x20:
                throw failure("a control character inside a string")
            default:
                bytes.append(byte)
            }
            guard bytes.count <= Self.maximumStringBytes else { throw failure("a string is too long") }
        }
    }

    private mutating func appendEscape(to bytes: inout [UInt8]) throws(StoreError) {
        guard let escaped = try peek() else { throw failure("the file ends inside a string") }
        start += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escaped)
        case UInt8(ascii: "b"): bytes.append(8)
        case UInt8(ascii: "f"): bytes.append(12)
        case UInt8(ascii: "n"): bytes.append(10)
        case UInt8(ascii: "r"): bytes.append(13)
        case UInt8(ascii: "t"): bytes.append(9)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                // A surrogate pair: the low half must follow.
                guard try peek() == UInt8(ascii: "\\") else { throw failure("a lone surrogate in a string") }
                start += 1
                guard try peek() == UInt8(ascii: "u") else { throw failure("a lone surrogate in a string") }
                start += 1
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate in a string") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("an impossible character in a string") }
            bytes += Array(String(Character(unicode)).utf8)
        default:
            throw failure("an unknown escape in a string")
        }
    }

    private mutating func hexQuad() throws(StoreError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try peek(), let digit = Int(String(UnicodeScalar(byte)), radix: 16) else {
                throw failure("a bad \\u escape in a string")
            }
            start += 1
            value = value * 16 + UInt32(digit)
        }
        return value
    }

    private mutating func literal(_ word: String) throws(StoreError) {
        for expected in word.utf8 {
            guard try peek() == expected else { throw failure("expected \(word)") }
            start += 1
        }
    }

    // MARK: - Bytes

    private mutating func enter() throws(StoreError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("nested too deeply") }
    }

    private mutating func expect(_ byte: UInt8) throws(StoreError) {
        guard try nextSignificant() == byte else { throw failure("expected \"\(Character(UnicodeScalar(byte)))\"") }
    }

    private mutating func nextSignificant() throws(StoreError) -> UInt8 {
        guard let byte = try peekSignificant() else { throw failure("the file ends early") }
        start += 1
        return byte
    }

    /// The next byte that is not white space, left unread; nil at the end of the file (only with `allowEnd`).
    @discardableResult
    private mutating func peekSignificant(allowEnd: Bool = false) throws(StoreError) -> UInt8? {
        while let byte = try peek() {
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return byte }
            start += 1
        }
        if allowEnd { return nil }
        throw failure("the file ends early")
    }

    private mutating func peek() throws(StoreError) -> UInt8? {
        if start == end {
            consumedBefore += end
            start = 0
            end = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if end < 0 {
                let code = errno
                end = 0
                throw AtomicFile.failure(code, "cannot read \(path)")
            }
            if end == 0 { return nil }
        }
        return buffer[start]
    }

    func failure(_ reason: String) -> StoreError {
        StoreError(.damaged, "\(path) is not valid MaLiang JSON: \(reason) (at byte \(consumedBefore + start))")
    }
}
