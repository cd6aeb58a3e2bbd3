import Foundation
import Testing

@testable import MaLiangStore

@Suite struct JSONStreamReaderTests {
    func reader(_ text: String) throws -> JSONStreamReader {
        let url = try temporaryFolder().appendingPathComponent("value.json")
        try Data(text.utf8).write(to: url)
        return try JSONStreamReader(path: url.path)
    }

    @Test func readsTheValuesItIsAskedForAndSkipsTheRest() throws {
        var json = try reader(
            #" { "a" : [1, -2.5e3, 0.125] , "skip": {"x": [true, false, null, {"y": "z"}]}, "s": "q\"\\\/\u00e9\ud83d\ude00\n" } "#
        )
        defer { json.close() }
        var numbers: [Double] = []
        var text = ""
        try json.readObject { (reader, key) throws(StoreError) in
            switch key {
            case "a": numbers = try reader.readNumbers()
            case "s": text = try reader.readString()
            default: try reader.skipValue()
            }
        }
        try json.finish()
        #expect(numbers == [1, -2500, 0.125])
        #expect(text == "q\"\\/é😀\n")
    }

    @Test(arguments: [
        "{\"a\": [1, 2}", "{\"a\": 1,}", "{\"a\" 1}", "[1] 2", "{\"a\": 1e}", "\"unterminated", "{\"a\": \"\\x\"}",
        String(repeating: "[", count: 300) + String(repeating: "]", count: 300), "{\"a\": \"\\ud800\"}", "",
    ])
    func badJSONIsAnErrorWithItsPlace(text: String) throws {
        var json = try reader(text)
        defer { json.close() }
        do {
            try json.skipValue()
            try json.finish()
            Issue.record("accepted \(text.prefix(40))")
        } catch {
            #expect(error.kind == .damaged && error.message.contains("at byte"), "\(error)")
        }
    }
}
