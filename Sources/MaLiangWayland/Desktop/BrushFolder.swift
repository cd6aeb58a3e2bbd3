import Foundation
import MaLiangCore
import MaLiangStore

/// The brushes the user saved: `$XDG_CONFIG_HOME/maliang/brushes/NAME.maliang-brush`, one file each (a user can
/// copy one to share it), written atomically.
struct BrushFolder {
    let url: URL

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        url = RecentColorsFile.configFolder(environment).appendingPathComponent("brushes")
    }

    /// The brushes kept, and a sentence for each file that is not one (left as it is). None without the folder.
    func load() -> (brushes: [BrushFile], problems: [String]) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        var brushes: [BrushFile] = []
        var problems: [String] = []
        for name in names.sorted() where name.hasSuffix(".\(BrushFile.fileExtension)") {
            let file = url.appendingPathComponent(name)
            let data: Data
            do { data = try BoundedFile.read(file, limit: BrushFile.largestFile, what: "the brush file") } catch {
                problems.append(error.message)
                continue
            }
            do {
                let brush = try BrushFile(data: data)
                guard BrushFile.fileName(for: brush.name) == name else {
                    problems.append(
                        "\(file.path) calls its brush “\(brush.name)”; its file must then be "
                            + BrushFile.fileName(for: brush.name))
                    continue
                }
                brushes.append(brush)
            } catch {
                problems.append("\(file.path) \(error)")
            }
        }
        return (brushes, problems)
    }

    func save(_ brush: BrushFile) throws(StoreError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw StoreError(.io, "cannot make \(url.path): \(error.localizedDescription)")
        }
        try AtomicFile.write(brush.data(), to: url.appendingPathComponent(BrushFile.fileName(for: brush.name)))
    }

    func delete(name: String) throws(StoreError) {
        let file = url.appendingPathComponent(BrushFile.fileName(for: name))
        guard unlink(file.path) == 0 || errno == ENOENT else {
            throw StoreError(.io, "cannot delete \(file.path): \(String(cString: strerror(errno)))")
        }
    }
}
