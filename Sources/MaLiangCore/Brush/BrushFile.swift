import Foundation

/// A brush kept in a file of its own (`NAME.maliang-brush`, JSON), to keep between sessions and to share.
///
/// It holds the settings of one of the built-in brushes as a user changed them: `slot` names the built-in brush it
/// stands in for ("pencil", "glow", "eraser"…), which fixes its kind. Its colour is not part of it: a brush paints
/// with whatever colour is chosen.
public struct BrushFile: Equatable, Sendable {
    /// The file name's extension.
    public static let fileExtension = "maliang-brush"
    /// Largest file read, bytes: a brush is a few hundred.
    public static let largestFile = 64 << 10
    /// Longest name, in characters.
    public static let longestName = 48
    /// Stamp textures a brush file may use: the built-in masks.
    public static let textures = ["pencil-grain", "chalk", "marker"]
    /// The built-in brushes a file can stand in for.
    public static let slots = ["pen", "pencil", "marker", "airbrush", "chalk", "glow", "eraser"]

    /// What the user calls it; also the file's name.
    public var name: String
    /// The built-in brush it stands in for.
    public var slot: String
    /// The settings (colour aside).
    public var brush: AnyBrush

    /// A brush file named `name` for `slot`; throws when the name or the brush could not be kept (see
    /// ``validate()``).
    public init(name: String, slot: String, brush: AnyBrush) throws(BrushFileError) {
        self.name = name
        self.slot = slot
        self.brush = brush
        try validate()
    }

    /// Reads a brush file, checking every value.
    public init(data: Data) throws(BrushFileError) {
        guard data.count <= Self.largestFile else {
            throw BrushFileError("is \(data.count) bytes; a brush file is at most \(Self.largestFile)")
        }
        let stored: Stored
        do {
            stored = try JSONDecoder().decode(Stored.self, from: data)
        } catch let error as DecodingError {
            throw BrushFileError("is not a brush file (\(Self.describe(error)))")
        } catch {
            throw BrushFileError("is not a brush file (\(error))")
        }
        guard stored.format == Stored.formatName else {
            throw BrushFileError("is a “\(stored.format)” file, not a brush")
        }
        guard stored.version <= Stored.currentVersion else {
            throw BrushFileError("was written by a newer version (format \(stored.version))")
        }
        try self.init(name: stored.name, slot: stored.slot, brush: stored.brush)
    }

    /// The file's bytes: pretty-printed JSON with sorted keys, so a shared file reads and diffs well.
    public func data() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var stored = Stored(name: name, slot: slot, brush: brush)
        // Colour is chosen when painting, not kept with the brush.
        stored.brush.base.color = .black
        return (try? encoder.encode(stored)) ?? Data()
    }

    /// The file name for a brush called `name`.
    public static func fileName(for name: String) -> String { "\(name).\(fileExtension)" }

    /// Throws the first thing that makes this brush unfit to keep: a name that is empty, too long, hidden or not a
    /// file name; a slot that is not built in or a kind that does not fit it; a value that is not finite or out of
    /// its range; a texture this program does not have.
    public func validate() throws(BrushFileError) {
        guard !name.isEmpty, name.count <= Self.longestName else {
            throw BrushFileError("has a name of \(name.count) characters; 1 to \(Self.longestName) are allowed")
        }
        guard !name.hasPrefix("."), !name.contains("/"), !name.unicodeScalars.contains(where: { $0.value < 0x20 })
        else { throw BrushFileError("has the name “\(name)”, which cannot be a file’s name") }
        guard Self.slots.contains(slot) else {
            throw BrushFileError("stands in for “\(slot)”, which is not one of \(Self.slots.joined(separator: ", "))")
        }
        switch (slot, brush) {
        case ("glow", .glowing(let glowing)):
            try Self.check("core_proportion", glowing.coreProportion, 0...1)
        case ("eraser", .eraser),
            (_, .brush) where slot != "glow" && slot != "eraser":
            break
        default:
            throw BrushFileError("is a \(Self.kindName(brush)) brush, which cannot stand in for the \(slot)")
        }
        let base = brush.base
        try Self.check("point_size", base.pointSize, 0.5...1000)
        try Self.check("point_step", base.pointStep, 0.001...1000)
        try Self.check("opacity", base.opacity, 0...1)
        try Self.check("flow", base.flow, 0...1)
        try Self.check("hardness", base.hardness, 0...1)
        try Self.check("force_sensitive", base.forceSensitive, 0...4)
        try Self.check("force_on_tap", base.forceOnTap, 0...1)
        try Self.check("tilt_size", base.tiltToSize, 0...4)
        if let grain = base.grain { try Self.check("grain", grain, 0...1) }
        if case .fixed(let angle) = base.rotation { try Self.check("rotation angle", angle, -100...100) }
        if let texture = base.textureID, !Self.textures.contains(texture) {
            throw BrushFileError(
                "uses the texture “\(texture)”, which is not one of \(Self.textures.joined(separator: ", "))")
        }
    }

    private static func check(_ field: String, _ value: Double, _ range: ClosedRange<Double>) throws(BrushFileError) {
        guard value.isFinite, range.contains(value) else {
            throw BrushFileError("has \(field) \(value), outside \(range.lowerBound)…\(range.upperBound)")
        }
    }

    private static func kindName(_ brush: AnyBrush) -> String {
        switch brush {
        case .brush: "painting"
        case .glowing: "glowing"
        case .eraser: "erasing"
        case .chartlet: "image"
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "no “\(key.stringValue)”"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            ([context.codingPath.map(\.stringValue).joined(separator: ".")].filter { !$0.isEmpty }
                + [context.debugDescription]).joined(separator: ": ")
        @unknown default: "\(error)"
        }
    }

    /// The file as stored.
    private struct Stored: Codable {
        static let formatName = "maliang-brush"
        static let currentVersion = 1
        var format = formatName
        var version = currentVersion
        var name: String
        var slot: String
        var brush: AnyBrush
    }
}

/// Why a brush file could not be read or kept: the rest of a sentence that starts with the file's name.
public struct BrushFileError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, as the end of a sentence: "is not a brush file (…)".
    public let description: String

    /// An error saying `description` about the file.
    public init(_ description: String) { self.description = description }
}
