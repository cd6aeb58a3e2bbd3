import Testing
import WaylandProtocol

@Suite struct WaylandFixedTests {
    /// 24.8 fixed point: values beyond its range saturate (a tool axis of 1e30 once trapped the compositor).
    @Test(arguments: [
        (1e30, Int32.max), (-1e30, Int32.min), (8388608.0, Int32.max), (-8388608.0, Int32.min), (.nan, 0),
        (.infinity, 0), (1.5, 384), (-0.25, -64),
    ])
    func encodesSaturating(value: Double, fixed: Int32) {
        #expect(WaylandFixed.encode(value) == fixed)
    }
}
