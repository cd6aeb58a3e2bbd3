import Foundation

/// The `maliang` executable built beside the test bundle (tests run the real program as its own process).
public enum MaLiangExecutable {
    public static var url: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "maliang")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../.build/debug/maliang"
        ).standardized
    }
}
