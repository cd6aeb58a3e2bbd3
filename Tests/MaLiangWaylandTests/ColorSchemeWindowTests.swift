import Foundation
import Testing
import WaylandTestSupport

/// The window follows the desktop's light or dark preference from the portal's Settings: the real
/// xdg-desktop-portal on a session bus of the test's own, with `maliang-test-portal` as its backend.
@Suite(.serialized) struct ColorSchemeWindowTests {
    /// The colour around the page once the whole drawing is shown (its margins are the surroundings).
    func surroundings(_ session: AppSession) -> Int? {
        guard let pixel = session.image?.rgba(x: 40, y: 400) else { return nil }
        return Int(pixel.red)
    }

    @Test func theWindowIsLightWhenTheDesktopIsAndFollowsItToDark() throws {
        let bus = try DesktopPortalBus(scheme: 2)
        let session = try AppSession.withTablet(environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        try session.key(11)  // 0: the whole drawing, with surroundings beside it
        #expect(
            session.pump(until: { (surroundings(session) ?? 0) > 180 }, timeout: .seconds(5)),
            "not light: \(surroundings(session) ?? -1)\n\(session.log)")
        // The toolbar between two groups of buttons is light too.
        #expect((session.image?.rgba(x: 4 + 8 * 44 + 4, y: 24).red ?? 0) > 150)

        bus.flip()
        #expect(
            session.pump(until: { (surroundings(session) ?? 255) < 80 }, timeout: .seconds(5)),
            "not dark after the desktop turned dark: \(surroundings(session) ?? -1)")
        #expect(session.terminate() == 0)
    }

    @Test func withoutAPortalTheWindowStaysDark() throws {
        let session = try AppSession.withTablet(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"])
        try session.key(11)
        #expect(session.pump(until: { (surroundings(session) ?? 255) < 80 }, timeout: .seconds(5)))
        #expect(session.terminate() == 0)
    }
}
