import Foundation
import TestCompositor
import Testing

/// The next window opens at the size the last one was closed with (within the screen, as the default is), and
/// maximised when it was.
@Suite(.serialized) struct KeptWindowSizeTests {
    @Test func theNextWindowHasTheLastOnesSize() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("maliang-window-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        let environment = ["XDG_CONFIG_HOME": config.path]
        let first = try AppSession.withTablet(environment: environment)
        #expect(try first.resizeWindow(width: 900, height: 600, pixelsWide: 900))
        #expect(first.terminate() == 0)
        let kept = config.appendingPathComponent("maliang/window.json")
        let text = try String(contentsOf: kept, encoding: .utf8)
        #expect(text.contains("900") && text.contains("600") && text.contains("false"), "\(text)")

        let second = try AppSession.withTablet(environment: environment)
        #expect(second.image?.width == 900 && second.image?.height == 600)
        #expect(second.compositor.focusedToplevel?.wantsMaximized == false)
        #expect(second.terminate() == 0)

        // Larger than this screen (1920×1080): nine tenths of it, as the default would be.
        try Data(#"{"width": 5000, "height": 4000, "maximized": false}"#.utf8).write(to: kept)
        var options = ScriptedCompositor.Options()
        options.outputWidth = 1920
        options.outputHeight = 1080
        let third = try AppSession.withTablet(options: options, environment: environment)
        #expect(third.pump(until: { third.image?.width == 1728 }), "\(third.image?.width ?? 0)")
        #expect(third.image?.height == 972)
        #expect(third.terminate() == 0)

        // Closed maximised: asked for at once, and the size before is kept for when it is not.
        try Data(#"{"width": 900, "height": 600, "maximized": true}"#.utf8).write(to: kept)
        let fourth = try AppSession.withTablet(environment: environment)
        #expect(fourth.compositor.focusedToplevel?.wantsMaximized == true)
        #expect(fourth.terminate() == 0)

        // Not a size: the default.
        try Data("{\"width\": -3".utf8).write(to: kept)
        let fifth = try AppSession.withTablet(environment: environment)
        #expect(fifth.image?.width == 1280 && fifth.image?.height == 800)
        #expect(fifth.terminate() == 0)
    }
}
