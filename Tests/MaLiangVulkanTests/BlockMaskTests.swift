import Testing

@testable import MaLiangVulkan

/// The blocks the chunked kernel's workgroups may skip: every block that bounds touch is marked, edges included.
struct BlockMaskTests {
    /// Whether block (column, row) is marked.
    func marked(_ mask: BlockMask, _ column: Int, _ row: Int) -> Bool {
        let bit = row * 16 + column
        return mask.words[bit / 32] & (1 << UInt32(bit % 32)) != 0
    }

    @Test func boundsInsideOneBlockMarkItAloneAndTouchingAnEdgeMarksBothSides() {
        var mask = BlockMask()
        mask.mark((40, 40, 44, 44))
        let set = (0..<16).flatMap { row in (0..<16).filter { marked(mask, $0, row) }.map { ($0, row) } }
        #expect(set.map { "\($0)" } == ["(2, 2)"])
        var edge = BlockMask()
        // A block's high edge is 16b + 16, which the kernel's test includes.
        edge.mark((32, 32, 33, 33))
        #expect(marked(edge, 1, 1) && marked(edge, 2, 2) && marked(edge, 1, 2) && !marked(edge, 0, 0))
        #expect(!marked(edge, 3, 2))
    }

    @Test func boundsPastTheTileMarkTheBlocksUpToItsEdges() {
        var mask = BlockMask()
        mask.mark((-1e30, 240, 1e30, 1e30))
        for column in 0..<16 {
            #expect(marked(mask, column, 15) && marked(mask, column, 14) && !marked(mask, column, 13))
        }
        var none = BlockMask()
        none.mark((300, 300, 400, 400))
        none.mark((-90, -90, -20, -20))
        #expect(none.words.allSatisfy { $0 == 0 })
    }
}
