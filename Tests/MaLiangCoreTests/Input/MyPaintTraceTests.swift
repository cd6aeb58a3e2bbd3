import Foundation
import Testing

@testable import MaLiangCore

@Suite struct MyPaintTraceTests {
    @Test func splitsStrokesAtZeroPressure() throws {
        let trace = try MyPaintTrace(text: "0 1 2 0\n0.008 3 4 0.5\n0.016 5 6 0.25\n0.024 7 8 0\n0.032 9 10 1\n")
        #expect(trace.eventCount == 5)
        #expect(trace.strokes.count == 2)
        #expect(trace.strokes[0].map(\.position) == [Point(x: 3, y: 4), Point(x: 5, y: 6)])
        #expect(trace.strokes[0][1].time == 16_000 && trace.strokes[0][1].pressure == 0.25)
    }

    @Test func reportsTheBadLine() {
        #expect(throws: MyPaintTrace.ParseError.self) { try MyPaintTrace(text: "0 1 2 0\n0 nan 1 1\n") }
        do {
            _ = try MyPaintTrace(text: "0 1 2 0\n\n0 1 x 1\n")
        } catch let error as MyPaintTrace.ParseError {
            #expect(error.line == 3)
        } catch { Issue.record("unexpected \(error)") }
    }

    @Test func timesBeyondMicrosecondsAreABadLineNotATrap() throws {
        #expect(throws: MyPaintTrace.ParseError.self) { try MyPaintTrace(text: "0 1 2 0.5\n1e300 3 4 0.5\n") }
        #expect(throws: MyPaintTrace.ParseError.self) {
            try SampleTrace.parse(#"{"x": 1, "y": 2, "time_us": 1e300}"#)
        }
        #expect(try SampleTrace.parse(#"{"x": 1, "y": 2, "time_us": 5}"#).first?.first?.time == 5)
    }

    @Test func readsARealRecording() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/painting30sec.dat").standardized
        let trace = try MyPaintTrace(contentsOf: url)
        #expect(trace.eventCount == 2937)
        #expect(trace.strokes.count == 30)
    }
}
