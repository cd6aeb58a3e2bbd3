import Foundation
import MaLiang
import Testing
import WaylandTestSupport

/// `Tests/LibraryConsumer`: a package of its own that depends on this one by path and uses only its products, built
/// and run here. A product missing, or a symbol it needs that is not public, fails the build and this test.
/// (Not under AddressSanitizer: the consumer is built on its own, without the sanitizer.)
@Suite(.serialized, .disabled(if: Sanitizer.addressIsOn, "the consumer is built without the sanitizer"))
struct LibraryPackageTests {
    @Test func aProgramUsingOnlyThePublicAPIPaintsSavesAndReadsBack() throws {
        let program = try PackageBuild.executable("library-consumer", in: "Tests/LibraryConsumer")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("library-consumer-\(UUID())")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try runProgram(program, [output.path])
        #expect(run.status == 0, "\(run.output)")

        let drawn = try PNG.decode(try Data(contentsOf: output.appendingPathComponent("drawing.png")))
        let read = try PNG.decode(try Data(contentsOf: output.appendingPathComponent("read.png")))
        #expect(drawn.width == 300 && drawn.height == 200)
        // The ink, the glow and the chartlet are where the program put them…
        #expect(drawn.rgba(x: 150, y: 50).blue > 0.95 && drawn.rgba(x: 150, y: 50).red < 0.05)
        #expect(drawn.rgba(x: 150, y: 104).red > 0.95 && drawn.rgba(x: 150, y: 104).green < 0.8)
        #expect(drawn.rgba(x: 150, y: 160).green > 0.7 && drawn.rgba(x: 150, y: 160).red < 0.05)
        // …and a MaLiang folder read back onto another canvas (with the stamp registered there) looks the same.
        var differing = 0
        for y in 0..<drawn.height {
            for x in 0..<drawn.width where abs(drawn.rgba(x: x, y: y).red - read.rgba(x: x, y: y).red) > 0.1 {
                differing += 1
            }
        }
        #expect(differing < 60, "\(differing) pixels differ after the folder round trip")

        let reopened = try Canvas(file: output.appendingPathComponent("drawing.maliang"))
        #expect(reopened.data.elements.count == 3 && !reopened.canUndo)
    }

    @Test func theEngineAloneIsAProductToo() throws {
        let program = try PackageBuild.executable("engine-consumer", in: "Tests/LibraryConsumer")
        let run = try runProgram(program, [])
        let stamps = run.output.split(separator: "\n").map { $0.split(separator: " ").compactMap { Double($0) } }
        #expect(run.status == 0 && stamps.count >= 15 && stamps.allSatisfy { $0.count == 5 }, "\(run.output)")
        // Pressure rises along the line, so do the stamps' sizes.
        #expect(stamps.map { $0[2] } == stamps.map { $0[2] }.sorted())
    }

    func runProgram(_ program: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        return (waitForExit(process), String(decoding: output, as: UTF8.self))
    }
}
