import Foundation
import Testing

@testable import MaLiangCore

/// Brush files: every built-in brush survives writing and reading; a file that is not a brush, or one with a value
/// the engine cannot use, is refused with a sentence saying what is wrong.
@Suite struct BrushFileTests {
    @Test func everyBuiltInBrushRoundTrips() throws {
        for slot in BrushFile.slots {
            var brush = try #require(BrushPresets.brush(named: slot, color: Color(red: 0.2, green: 0.4, blue: 0.6)))
            brush.base.pressureCurve = PressureCurve(points: [.init(pressure: 0.3, value: 0.7)])
            let file = try BrushFile(name: "My \(slot) ✏️", slot: slot, brush: brush)
            let read = try BrushFile(data: file.data())
            var colourless = brush
            colourless.base.color = .black
            #expect(read == (try BrushFile(name: file.name, slot: slot, brush: colourless)), "\(slot)")
        }
    }

    /// A file as a user might have edited it by hand: the written JSON with one field replaced (the last of that
    /// name: the file's own fields come after its brush's).
    func edited(_ field: String, _ value: String) throws -> Data {
        let file = try BrushFile(name: "soft", slot: "pencil", brush: #require(BrushPresets.brush(named: "pencil")))
        var text = try #require(String(data: file.data(), encoding: .utf8))
        let pattern = try Regex("\"\(field)\" : [^,\\n]+")
        let match = try #require(text.matches(of: pattern).last)
        text.replaceSubrange(match.range, with: "\"\(field)\" : \(value)")
        return Data(text.utf8)
    }

    @Test func badFilesAreRefusedWithAReason() throws {
        func reason(_ data: Data) -> String {
            do {
                _ = try BrushFile(data: data)
                return ""
            } catch { return error.description }
        }
        #expect(reason(Data("not json".utf8)).contains("is not a brush file"))
        #expect(reason(Data(count: BrushFile.largestFile + 1)).contains("at most"))
        #expect(reason(Data("{}".utf8)).contains("is not a brush file"))
        #expect(reason(try edited("point_size", "1e9")).contains("point_size"))
        #expect(reason(try edited("opacity", "-1")).contains("opacity"))
        #expect(reason(try edited("grain", "7")).contains("grain"))
        #expect(reason(try edited("texture_id", "\"../../etc/passwd\"")).contains("texture"))
        #expect(reason(try edited("slot", "\"stickers\"")).contains("stickers"))
        #expect(reason(try edited("slot", "\"glow\"")).contains("cannot stand in for the glow"))
        #expect(reason(try edited("name", "\"../x\"")).contains("cannot be a file’s name"))
        #expect(reason(try edited("name", "\"\"")).contains("name of 0 characters"))
        #expect(reason(try edited("version", "99")).contains("newer version"))
        #expect(reason(try edited("format", "\"maliang\"")).contains("not a brush"))
        // A value JSON cannot hold a NaN for: the decoder refuses it before the checks.
        #expect(!reason(try edited("flow", "NaN")).isEmpty)
        #expect(reason(try edited("flow", "0.5")).isEmpty, "an edit within range is accepted")
    }
}
