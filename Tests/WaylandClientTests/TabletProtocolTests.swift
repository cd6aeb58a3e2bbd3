import Foundation
import TestCompositor
import Testing
import WaylandClient
import WaylandProtocol
import WaylandTestSupport

@Suite struct TabletProtocolTests {
    static let orders: [[ScriptedCompositor.Global]] = [
        [.compositor, .output, .xdgWmBase, .seat, .tabletManager, .presentation],
        [.compositor, .output, .xdgWmBase, .tabletManager, .seat, .presentation],
    ]

    @Test(arguments: orders)
    func bindsSeatAndTabletManagerInEitherOrder(order: [ScriptedCompositor.Global]) throws {
        var options = ScriptedCompositor.Options()
        options.globals = order
        let session = try ScriptedSession(options: options)
        let client = TabletTestClient(session: session)
        try session.sync()
        #expect(client.tabletSeat != nil)
        #expect(session.compositor.tabletSeatCount == 1)
    }

    @Test func aTabletManagerAnnouncedLateStillGetsATabletSeat() throws {
        var options = ScriptedCompositor.Options()
        options.globals = [.compositor, .xdgWmBase, .seat]
        let session = try ScriptedSession(options: options)
        let client = TabletTestClient(session: session)
        try session.sync()
        #expect(client.tabletSeat == nil)
        session.compositor.advertise(.tabletManager)
        #expect(try session.pump(until: { session.compositor.tabletSeatCount == 1 }))
    }

    @Test func decodesAScriptedPenStrokeInOrderWithExactValues() throws {
        let session = try ScriptedSession()
        let client = TabletTestClient(session: session)
        try client.mapWindow()
        let compositor = session.compositor
        try compositor.addTablet(TabletSpec(id: "t1"))
        var pen = ToolSpec(id: "pen")
        pen.hardwareSerial = 0xAB_CDEF_0123
        try compositor.addTool(pen)
        try session.sync()
        try compositor.sendToolFrame(
            tool: "pen", [.proximityIn(tablet: "t1"), .motion(x: 10.5, y: 20.25), .distance(1000)], time: 100)
        try compositor.sendToolFrame(
            tool: "pen", [.motion(x: 11, y: 21), .pressure(0), .tilt(x: 12.5, y: -30), .rotation(45.75)], time: 108)
        try compositor.sendToolFrame(tool: "pen", [.down, .pressure(32768)], time: 116)
        try compositor.sendToolFrame(tool: "pen", [.motion(x: 20, y: 30), .pressure(65535)], time: 124)
        try compositor.sendToolFrame(tool: "pen", [.pressure(40000)], time: 132)
        try compositor.sendToolFrame(tool: "pen", [.button(0x14b, pressed: true)], time: 140)
        try compositor.sendToolFrame(tool: "pen", [.button(0x14b, pressed: false), .up], time: 148)
        try compositor.sendToolFrame(tool: "pen", [.proximityOut], time: 156)
        try session.sync()
        let expected = [
            "type(toolType: WaylandProtocol.ZwpTabletToolV2Kind.pen)",
            "hardwareSerial(hardwareSerialHi: 171, hardwareSerialLo: 3454992675)",
            "hardwareIdWacom(hardwareIdHi: 0, hardwareIdLo: 2050)",
            "capability(capability: WaylandProtocol.ZwpTabletToolV2Capability.pressure)",
            "capability(capability: WaylandProtocol.ZwpTabletToolV2Capability.tilt)",
            "capability(capability: WaylandProtocol.ZwpTabletToolV2Capability.distance)",
            "capability(capability: WaylandProtocol.ZwpTabletToolV2Capability.rotation)",
            "done",
            "proximity_in tablet:true surface:true", "motion(x: 10.5, y: 20.25)", "distance(distance: 1000)", "frame",
            "motion(x: 11.0, y: 21.0)", "pressure(pressure: 0)", "tilt(tiltX: 12.5, tiltY: -30.0)",
            "rotation(degrees: 45.75)", "frame",
            "down", "pressure(pressure: 32768)", "frame",
            "motion(x: 20.0, y: 30.0)", "pressure(pressure: 65535)", "frame",
            "pressure(pressure: 40000)", "frame",
            "button 331 pressed", "frame",
            "button 331 released", "up", "frame",
            "proximityOut", "frame",
        ]
        let toolLog = client.log.filter { !$0.hasPrefix("tablet ") }
        #expect(toolLog == expected)
        #expect(client.log.contains("tablet name(name: \"Scripted Tablet\")"))
        #expect(client.log.contains("tablet id(vid: 1386, pid: 855)"))
    }

    @Test func aToolRemovedInProximityIsCleanedUp() throws {
        let session = try ScriptedSession()
        let client = TabletTestClient(session: session)
        try client.mapWindow()
        try session.compositor.addTablet(TabletSpec(id: "t1"))
        try session.compositor.addTool(ToolSpec(id: "eraser", type: .eraser))
        try session.sync()
        #expect(client.tools.count == 1)
        let objectsBefore = session.connection.liveObjectCount
        let resourcesBefore = session.compositor.display.liveResourceCount
        try session.compositor.sendToolFrame(tool: "eraser", [.proximityIn(tablet: "t1"), .motion(x: 5, y: 5), .down])
        try session.compositor.removeTool("eraser")
        try session.sync()
        #expect(client.tools.isEmpty)
        #expect(session.connection.liveObjectCount == objectsBefore - 1)
        #expect(session.compositor.display.liveResourceCount == resourcesBefore - 1)
        #expect(client.log.last == "removed")
    }
}
