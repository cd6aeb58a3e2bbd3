import Foundation
import MaLiangCore
import MaLiangStore
import PNGCodec

/// One folder per test process holds every test's files; it is removed when the process exits.
private let testsFolder: URL = {
    atexit { try? FileManager.default.removeItem(atPath: testsFolderPath()) }
    return URL(fileURLWithPath: testsFolderPath())
}()

private func testsFolderPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("maliang-store-tests-\(getpid())").path
}

/// A fresh temporary folder for one test.
func temporaryFolder() throws -> URL {
    let url = testsFolder.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func sample(_ x: Double, _ y: Double, pressure: Double? = 0.5, time: UInt64 = 0) -> InputSample {
    InputSample(
        position: Point(x: x, y: y), pressure: pressure, tiltX: 10, tiltY: -20, rotation: 33.5, time: time, tool: .pen,
        deviceSerial: 77)
}

func makeStroke(
    _ document: Document, offset: Double = 0, brush: AnyBrush = .brush(Brush(pointSize: 6, forceSensitive: 1))
) -> Element {
    let samples = (0..<20).map {
        sample(offset + Double($0) * 3, 40 + sin(Double($0)) * 5, pressure: Double($0) / 20, time: UInt64($0) * 8000)
    }
    return .stroke(Stroke(id: document.makeElementID(), brush: brush, seed: 42, canvasScale: 1, samples: samples))
}

/// A small opaque red PNG.
func redPNG(width: Int = 4, height: Int = 3) throws -> Data {
    let bytes: [UInt8] = (0..<(width * height)).flatMap { _ -> [UInt8] in [255, 0, 0, 255] }
    return try PNG.encode(PNGImage(width: width, height: height, pixels: .rgba8(bytes)))
}

extension DocumentFile {
    /// Changes the document and writes the change, as the editor does.
    func edit(_ change: (Document) -> [DocumentChange]) throws { try write(change(document)) }
}
