import CVideoEncoding
import Foundation
import PNGCodec

/// A video file being written by GStreamer (`CVideoEncoding`): frames in, MP4 (H.264) or WebM (VP8) out. The
/// pipeline writes into a hidden file beside the destination, which becomes the destination only once the stream
/// is complete: a failure or a cancel leaves nothing.
final class VideoEncoder {
    enum Format {
        case mp4
        case webm

        /// The format a file name asks for.
        init?(_ url: URL) {
            switch url.pathExtension.lowercased() {
            case "mp4": self = .mp4
            case "webm": self = .webm
            default: return nil
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let width: Int
    let height: Int
    private var video: OpaquePointer?
    private let destination: URL
    private let partial: URL

    /// Starts a `width`×`height` video (both even) at `fps` frames a second, to become `url`.
    init(to url: URL, format: Format, width: Int, height: Int, fps: Int) throws {
        self.width = width
        self.height = height
        destination = url
        partial = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).partial-\(getpid())")
        var error = [CChar](repeating: 0, count: 512)
        video = mlvideo_open(
            partial.path, Int32(width), Int32(height), Int32(fps),
            format == .webm ? MLVIDEO_WEBM_VP8 : MLVIDEO_MP4_H264,
            &error, error.count)
        guard video != nil else {
            try? FileManager.default.removeItem(at: partial)
            throw Failure(description: "cannot start the video: \(Self.text(error))")
        }
    }

    deinit { discard() }

    /// Encodes `frame` (straight-alpha RGBA8, `width`×`height`), over white where it is not opaque: a video has no
    /// transparency.
    func push(_ frame: PNGImage) throws {
        guard let video else { throw Failure(description: "the video is already finished") }
        guard frame.width == width, frame.height == height, case .rgba8(var bytes) = frame.pixels else {
            throw Failure(description: "a frame of \(frame.width)×\(frame.height) in a \(width)×\(height) video")
        }
        // A frame on opaque paper (most) goes as it is: flattening it would copy it first.
        let opaque = bytes.withUnsafeBufferPointer { pixels in
            stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
        }
        if !opaque { Self.flattenOverWhite(&bytes) }
        var error = [CChar](repeating: 0, count: 512)
        let status = bytes.withUnsafeBufferPointer { pixels in
            mlvideo_push(video, pixels.baseAddress, width * 4, &error, error.count)
        }
        guard status == 0 else { throw Failure(description: "the video failed: \(Self.text(error))") }
    }

    private static func flattenOverWhite(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBufferPointer { pixels in
            var index = 3
            while index < pixels.count {
                let alpha = Int(pixels[index])
                if alpha < 255 {
                    for channel in index - 3..<index {
                        pixels[channel] = UInt8((Int(pixels[channel]) * alpha + 255 * (255 - alpha) + 127) / 255)
                    }
                    pixels[index] = 255
                }
                index += 4
            }
        }
    }

    /// Completes the file and puts it in place (replacing what was there only now, whole).
    func finish() throws {
        guard let video else { throw Failure(description: "the video is already finished") }
        self.video = nil
        var error = [CChar](repeating: 0, count: 512)
        guard mlvideo_finish(video, &error, error.count) == 0 else {
            try? FileManager.default.removeItem(at: partial)
            throw Failure(description: "the video failed: \(Self.text(error))")
        }
        // On disk before it takes the name: a crash then leaves the old file or the new, never an empty one.
        let written = open(partial.path, O_RDONLY)
        if written >= 0 {
            fsync(written)
            close(written)
        }
        guard rename(partial.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: partial)
            throw Failure(description: "cannot put the video at \(destination.path): \(reason)")
        }
    }

    /// Stops and removes what was written.
    func discard() {
        guard let video else { return }
        self.video = nil
        mlvideo_discard(video)
        try? FileManager.default.removeItem(at: partial)
    }

    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
