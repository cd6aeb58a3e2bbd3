import MaLiangCore

/// The document areas a change touched, as a few rectangles rather than one that covers them all: a symmetric
/// stroke's copies lie far apart, and a frame need draw only around each.
enum Damage {
    /// Areas nearer each other than this (document pixels) become one.
    static let gap = 32.0
    /// More areas than this become their union.
    static let most = 24

    /// The areas `stamps` can change, grouped where they lie near each other.
    static func areas(of stamps: [Stamp]) -> [DocumentRect] {
        var areas: [DocumentRect] = []
        for stamp in stamps {
            let area = DocumentRect(reachOf: stamp)
            // Consecutive stamps are usually neighbours: the last area first.
            if let index = areas.lastIndex(where: { near($0, area) }) {
                areas[index] = areas[index].union(area)
            } else {
                areas.append(area)
            }
        }
        return merged(areas)
    }

    /// `areas` with those near each other joined, and beyond ``most`` one area covering them all.
    static func merged(_ areas: [DocumentRect]) -> [DocumentRect] {
        var result: [DocumentRect] = []
        for area in areas where area.width.isFinite && area.height.isFinite {
            var joined = area
            // Joining may bring areas gathered earlier within reach: take them in too.
            while let index = result.firstIndex(where: { near($0, joined) }) {
                joined = joined.union(result.remove(at: index))
            }
            result.append(joined)
        }
        guard result.count > most, let first = result.first else { return result }
        return [result.dropFirst().reduce(first) { $0.union($1) }]
    }

    private static func near(_ a: DocumentRect, _ b: DocumentRect) -> Bool {
        a.x <= b.x + b.width + gap && b.x <= a.x + a.width + gap && a.y <= b.y + b.height + gap
            && b.y <= a.y + a.height + gap
    }
}
