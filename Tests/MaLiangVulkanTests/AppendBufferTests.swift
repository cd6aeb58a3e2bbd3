import Testing

@testable import MaLiangVulkan

/// The bins' growing lists keep every value in order through growth, runs of one value and reuse.
struct AppendBufferTests {
    @Test func keepsValuesInOrderAsItGrows() {
        var buffer = AppendBuffer<Int32>(capacity: 2)
        for value in 0..<1_000 { buffer.append(Int32(value)) }
        #expect(buffer.count == 1_000 && buffer.capacity >= 1_000)
        #expect(Array(buffer.elements) == (0..<1_000).map { Int32($0) })
        buffer.append(7, times: 3_000)
        #expect(buffer.count == 4_000)
        #expect(buffer[999] == 999 && buffer[1_000] == 7 && buffer[3_999] == 7)
        buffer[3_999] &+= 1
        #expect(buffer[3_999] == 8)
    }

    @Test func emptiedKeepsItsMemory() {
        var buffer = AppendBuffer<CellBins.Pair>()
        for index in 0..<300 { buffer.append(CellBins.Pair(cell: Int32(index), stamp: UInt32(index * 2))) }
        let capacity = buffer.capacity
        buffer.removeAll()
        #expect(buffer.isEmpty && buffer.elements.isEmpty && buffer.capacity == capacity)
        buffer.append(CellBins.Pair(cell: 5, stamp: 9))
        #expect(buffer.count == 1 && buffer[0].cell == 5 && buffer[0].stamp == 9)
    }
}
