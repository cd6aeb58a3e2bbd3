import Foundation
import MaLiang
import MaLiangStore

/// `maliang thumbnail IN OUT SIZE`: the thumbnailer file managers and file dialogs run (the freedesktop
/// thumbnailer spec's `%i %o %s`), and a command for anyone who wants a small picture of a drawing.
enum ThumbnailCommand {
    static let usage = "usage: maliang thumbnail DOC OUT.png SIZE"
    /// Largest thumbnail side asked for; the spec's largest size is 1024.
    static let largestSide = 4096

    static func run(_ arguments: [String]) throws {
        let options = try Options(arguments, flags: [])
        guard options.positional.count == 3 else { throw UsageError(usage) }
        let (input, output, sizeText) = (options.positional[0], options.positional[1], options.positional[2])
        guard let size = Int(sizeText), (1...largestSide).contains(size) else {
            throw UsageError("SIZE is the longest side in pixels, 1 to \(largestSide), not \"\(sizeText)\"")
        }
        let thumbnail = try PagePreview.thumbnail(of: URL(fileURLWithPath: input), size: size)
        // Written whole or not at all: a file manager never caches half a picture.
        try AtomicFile.write(thumbnail.png, to: URL(fileURLWithPath: output))
        print(
            "thumbnail \(thumbnail.width)×\(thumbnail.height) of \(input) from \(thumbnail.source.rawValue) to \(output)"
        )
    }
}
