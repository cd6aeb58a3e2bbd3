import Foundation
import MaLiangCore

/// Strokes and placed images on the clipboard, between windows of this program (and programs embedding the
/// library): JSON of the elements as they are — samples, brushes, symmetry, transforms — with the PNG of each image
/// they use. What is pasted is checked as a file is: anything a document could not hold is refused with a reason.
public enum ElementClipboard {
    /// The clipboard type this program offers and looks for first.
    public static let mimeType = "application/x-maliang-elements"
    /// The most the clipboard's data may be (a selection of a few thousand long strokes is far less).
    public static let maximumBytes = 512 << 20

    /// What is on the clipboard: elements in drawing order, and the images they use by texture id.
    public struct Content: Equatable, Sendable {
        public var elements: [Element]
        public var textures: [String: Data]

        public init(elements: [Element], textures: [String: Data]) {
            self.elements = elements
            self.textures = textures
        }
    }

    private struct Stored: Codable {
        var format: Int
        var elements: [Element]
        var textures: [String: Data]
    }

    /// The clipboard data for `elements`, with the images among `textures` they use.
    public static func encode(_ elements: [Element], textures: [String: Data]) throws(StoreError) -> Data {
        var used: [String: Data] = [:]
        for element in elements {
            switch element {
            case .chartlet(let chartlet): used[chartlet.textureID] = textures[chartlet.textureID]
            case .stroke(let stroke):
                for id in documentImages(of: stroke) { used[id] = textures[id] }
            }
        }
        do {
            return try JSONEncoder().encode(Stored(format: 1, elements: elements, textures: used))
        } catch {
            throw StoreError(.invalidContent, "the selection cannot be copied (\(error))")
        }
    }

    /// The elements and images in clipboard `data`; throws, saying why, for data that is not ours, too large, or
    /// holds anything a document could not: a stroke without samples or with a position that is not a finite
    /// coordinate within the limits, a transform a stroke cannot keep, an image that is not a usable PNG or that
    /// an element uses but the data lacks. Placed images are brought within the limits as a document brings them.
    public static func decode(_ data: Data) throws(StoreError) -> Content {
        guard data.count <= maximumBytes else {
            throw StoreError(.invalidContent, "the clipboard holds more than \(maximumBytes >> 20) MiB")
        }
        let stored: Stored
        do { stored = try JSONDecoder().decode(Stored.self, from: data) } catch {
            throw StoreError(.invalidContent, "the clipboard's strokes and images cannot be read")
        }
        guard stored.format == 1 else {
            throw StoreError(
                .invalidContent, "the clipboard's strokes come from a newer version (format \(stored.format))")
        }
        for (id, png) in stored.textures { _ = try ImageCheck.dimensions(of: png, named: id) }
        var elements: [Element] = []
        for element in stored.elements {
            switch element {
            case .stroke(let stroke):
                guard !stroke.samples.isEmpty, stroke.samples.count <= Limits.samplesPerStroke,
                    stroke.samples.allSatisfy({ $0.validated() != nil })
                else { throw StoreError(.invalidContent, "a stroke on the clipboard has samples no drawing holds") }
                if let transform = stroke.transform, !transform.isValid {
                    throw StoreError(.invalidContent, "a stroke on the clipboard has a transform no drawing keeps")
                }
                for id in documentImages(of: stroke) where stored.textures[id] == nil {
                    throw StoreError(
                        .invalidContent, "a stroke on the clipboard uses the image \"\(id)\", which it lacks")
                }
                elements.append(.stroke(stroke))
            case .chartlet(let chartlet):
                guard stored.textures[chartlet.textureID] != nil else {
                    throw StoreError(
                        .invalidContent, "an image on the clipboard uses \"\(chartlet.textureID)\", which it lacks")
                }
                elements.append(.chartlet(chartlet.clamped()))
            }
        }
        return Content(elements: elements, textures: stored.textures)
    }
}

extension ElementClipboard {
    /// The drawing's images a stroke places (a sticker brush's); stamp textures are the program's own.
    static func documentImages(of stroke: Stroke) -> [String] {
        if case .chartlet(let brush) = stroke.brush { return brush.textureIDs }
        return []
    }
}

extension ImageCheck {
    /// ``dimensions(of:)``, saying which image a failure is about.
    static func dimensions(of png: Data, named name: String) throws(StoreError) -> (width: Int, height: Int) {
        do { return try dimensions(of: png) } catch {
            throw StoreError(.invalidContent, "the image \"\(name)\" is \(error.message)")
        }
    }
}
