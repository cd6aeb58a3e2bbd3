import Foundation
import Testing

@testable import FuzzTargets

/// Every committed fuzz input — the seeds, and every input that once found a fault (`crash-…`, `oracle-…`) — run
/// through its target: a fault found once stays fixed.
@Suite struct CorpusTests {
    static var corpus: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")
    }

    static func inputs(_ target: FuzzTarget) -> [URL] {
        let folder = corpus.appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzTarget.allCases) func everyCommittedInputRuns(target: FuzzTarget) throws {
        let inputs = Self.inputs(target)
        #expect(!inputs.isEmpty, "no seeds for \(target.rawValue)")
        for input in inputs { target.run(try Data(contentsOf: input)) }
    }

    /// A seed the parser refuses would start the fuzzer at the front door: every seed gets through to the oracle.
    @Test(arguments: FuzzTarget.allCases) func everySeedIsAccepted(target: FuzzTarget) throws {
        for input in Self.inputs(target) where input.lastPathComponent.hasPrefix("seed-") {
            #expect(target.run(try Data(contentsOf: input)), "\(target.rawValue)/\(input.lastPathComponent) refused")
        }
    }
}
