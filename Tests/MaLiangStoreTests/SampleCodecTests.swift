import Foundation
import MaLiangCore
import Testing

@testable import MaLiangStore

/// Stored sample columns written by someone else: a value no recording can have is refused when decoded, so no
/// later read of the samples can trap.
@Suite struct SampleCodecTests {
    @Test func aBaseTimeSoLateThatSampleTimesOverflowIsRefused() throws {
        var samples = StrokeSamples()
        for index in 0..<5 { samples.append(sample(Double(index), 2, time: UInt64(index) * 1000)) }
        var bytes = SampleCodec.encode(samples)
        #expect(try SampleCodec.decode(bytes).count == 5)
        // Version (1 byte), count (4), then the base time (8, little-endian).
        bytes.replaceSubrange(5..<13, with: [UInt8](repeating: 0xFF, count: 8))
        #expect(throws: SampleCodec.DecodeError.self) { try SampleCodec.decode(bytes) }
    }
}
