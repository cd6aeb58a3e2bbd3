import Foundation
import MaLiangStore
import Testing

@Suite struct BoundedFileTests {
    @Test func readsAWholeFileAndAnEmptyOne() throws {
        let folder = try temporaryFolder()
        let full = folder.appendingPathComponent("full")
        let empty = folder.appendingPathComponent("empty")
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        try bytes.write(to: full)
        try Data().write(to: empty)
        #expect(try BoundedFile.read(full, limit: bytes.count, what: "it") == bytes)
        #expect(try BoundedFile.read(empty, limit: 10, what: "it").isEmpty)
    }

    @Test func aFileOverTheLimitIsRefusedWithItsSize() throws {
        let url = try temporaryFolder().appendingPathComponent("big")
        try Data(count: 1001).write(to: url)
        #expect {
            try BoundedFile.read(url, limit: 1000, what: "the texture")
        } throws: { error in
            let error = error as? StoreError
            return error?.kind == .invalidContent && error?.message.contains("1001 bytes") == true
        }
    }

    /// A device that never ends is read no further than the limit.
    @Test func anEndlessDeviceStopsAtTheLimit() throws {
        #expect(throws: StoreError.self) {
            try BoundedFile.read(URL(fileURLWithPath: "/dev/zero"), limit: 1 << 20, what: "it")
        }
    }

    @Test(arguments: ["/", "/nonexistent/file"]) func aFolderOrAMissingFileIsAnError(path: String) throws {
        #expect {
            try BoundedFile.read(URL(fileURLWithPath: path), limit: 10, what: "the image")
        } throws: { error in
            (error as? StoreError)?.message.contains(path) == true
        }
    }
}
