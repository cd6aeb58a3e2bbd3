extension BitGrid {
    /// The pixels joined to (`x`, `y`) through pixels not set here (four neighbours): whole runs of a row at once,
    /// found a word at a time; empty when that pixel is set.
    public func flood(fromX x: Int, y: Int) -> BitGrid {
        var filled = BitGrid(width: width, height: height)
        guard (0..<width).contains(x), (0..<height).contains(y), !self[x, y] else { return filled }
        let (stride, width, height, padding) = (stride, width, height, ~lastWordMask)
        words.withUnsafeBufferPointer { wall in
            filled.words.withUnsafeMutableBufferPointer { out in
                /// What stops a run in word `index` of row `row`: a wall, a pixel already filled, or past the row.
                func stops(_ row: Int, _ index: Int) -> UInt64 {
                    let at = row * stride + index
                    return wall[at] | out[at] | (index == stride - 1 ? padding : 0)
                }
                var stack = [y * width + x]
                while let start = stack.popLast() {
                    let (row, column) = (start / width, start % width)
                    guard out[row * stride + column >> 6] >> UInt64(column & 63) & 1 == 0 else { continue }
                    // The run's left end: the nearest stop before the column, word by word.
                    var index = column >> 6
                    var before = stops(row, index) & ((1 << UInt64(column & 63)) &- 1)
                    while before == 0 && index > 0 {
                        index -= 1
                        before = stops(row, index)
                    }
                    let left = before == 0 ? 0 : index * 64 + 64 - before.leadingZeroBitCount
                    // Its right end: the nearest stop after it.
                    index = column >> 6
                    var after = stops(row, index) & ~((2 << UInt64(column & 63)) &- 1)
                    while after == 0 && index < stride - 1 {
                        index += 1
                        after = stops(row, index)
                    }
                    let right = after == 0 ? width - 1 : index * 64 + after.trailingZeroBitCount - 1
                    Self.set(left...right, in: out, at: row * stride)
                    // Every run of open pixels beside it above and below starts a run of its own.
                    for neighbour in [row - 1, row + 1] where (0..<height).contains(neighbour) {
                        var carry: UInt64 = 0
                        for index in (left >> 6)...(right >> 6) {
                            var span: UInt64 = ~0
                            if index == left >> 6 { span &= ~0 << UInt64(left & 63) }
                            if index == right >> 6 { span &= ~0 >> UInt64(63 - right & 63) }
                            let open = ~stops(neighbour, index) & span
                            var starts = open & ~(open << 1 | carry)
                            carry = open >> 63
                            while starts != 0 {
                                stack.append(neighbour * width + index * 64 + starts.trailingZeroBitCount)
                                starts &= starts &- 1
                            }
                        }
                    }
                }
            }
        }
        return filled
    }

    /// Whether set pixels reach all four edges of the grid.
    func touchesEveryEdge() -> Bool {
        guard width > 0, height > 0 else { return false }
        let top = words[0..<stride].contains { $0 != 0 }
        let bottom = words[((height - 1) * stride)..<(height * stride)].contains { $0 != 0 }
        let left = (0..<height).contains { words[$0 * stride] & 1 != 0 }
        let right = (0..<height).contains { self[width - 1, $0] }
        return top && bottom && left && right
    }
}
