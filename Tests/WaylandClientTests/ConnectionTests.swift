import Foundation
import Glibc
import TestCompositor
import Testing
import WaylandClient
import WaylandProtocol
import WaylandTestSupport

@Suite struct ConnectionTests {
    @Test func noCompositorNamesTheEnvironment() throws {
        RuntimeDirectory.ensure()
        do {
            _ = try WaylandConnection(name: "maliang-nobody-listens-here")
            Issue.record("connected to a socket nobody listens on")
        } catch {
            #expect(error.kind == .noCompositor)
            #expect(error.description.contains("WAYLAND_DISPLAY"))
            #expect(error.description.contains("XDG_RUNTIME_DIR"))
            #expect(error.description.contains("maliang-nobody-listens-here"))
        }
    }

    @Test func aCompositorThatGoesAwayGivesATypedErrorNotACrash() throws {
        let session = try ScriptedSession()
        let window = ShmWindow(try ShmWindow.globals(session.registry))
        try session.sync()
        session.compositor.shutDown()
        var thrown: WaylandError?
        do {
            for _ in 0..<100 {
                window.surface.commit()
                try session.loop.turn(maximumWait: .milliseconds(5))
            }
        } catch {
            thrown = error
        }
        #expect(thrown?.kind == .connectionLost)
        #expect(session.connection.failure == thrown)
        // Requests after the failure are harmless.
        window.surface.commit()
        session.connection.close()
        window.surface.commit()
        #expect(!window.surface.isAlive)
    }

    @Test func aProtocolErrorIsTyped() throws {
        let session = try ScriptedSession()
        // Binding above the advertised version is a protocol error libwayland-server reports on the registry.
        let seat = try #require(session.registry.first(WlSeat.self))
        _ = session.registry.registry.bind(name: seat.name, WlSeat.self, version: seat.version + 1)
        var thrown: WaylandError?
        do { try session.sync() } catch let error as WaylandError { thrown = error }
        #expect(thrown?.kind == .protocolError)
        #expect(thrown?.interface == "wl_registry")
        #expect(thrown?.objectID == session.registry.registry.id)
        #expect(thrown?.code == 0)
    }

    @Test func aWindowIsConfiguredPresentsAndGetsItsFrameCallback() throws {
        let session = try ScriptedSession()
        let window = ShmWindow(try ShmWindow.globals(session.registry), title: "Hello", appID: "org.maliang.Hello")
        #expect(try session.pump(until: { window.configureCount == 1 }))
        try window.present(color: 0xFF20_4060)
        #expect(try session.pump(until: { window.frameCallbacksDone == 1 && window.lastBufferReleased }))
        let toplevel = try #require(session.compositor.focusedToplevel)
        #expect(toplevel.title == "Hello" && toplevel.appID == "org.maliang.Hello")
        let image = try #require(toplevel.image)
        #expect(image.width == 320 && image.height == 240)
        let pixel = image.rgba(x: 100, y: 100)
        #expect(pixel.red == 0x20 && pixel.green == 0x40 && pixel.blue == 0x60 && pixel.alpha == 0xFF)
        #expect(toplevel.surface.lastDamage == [Rectangle(x: 0, y: 0, width: 320, height: 240)])
    }

    @Test func globalsComeAndGo() throws {
        var options = ScriptedCompositor.Options()
        options.globals = [.compositor]
        let session = try ScriptedSession(options: options)
        var removed: [String] = []
        session.registry.onGlobalRemoved = { removed.append($0.interface) }
        #expect(session.registry.first(WpPresentation.self) == nil)
        session.compositor.advertise(.presentation)
        #expect(try session.pump(until: { session.registry.first(WpPresentation.self) != nil }))
        #expect(removed.isEmpty)
        session.compositor.withdraw(.presentation)
        #expect(try session.pump(until: { removed == ["wp_presentation"] }))
        #expect(session.registry.first(WpPresentation.self) == nil)
    }

    @Test func versionsAreNegotiatedDownToWhatBothSupport() throws {
        let session = try ScriptedSession()
        let output = try #require(session.registry.first(WlOutput.self))
        let bound = session.registry.bind(output, WlOutput.self, maximumVersion: 2)
        #expect(bound.version == 2)
        let seat = session.registry.bind(try #require(session.registry.first(WlSeat.self)), WlSeat.self)
        #expect(seat.version == min(7, WlSeat.supportedVersion))
    }

    @Test func theKeyboardReceivesTheCompositorsKeymapAndKeys() throws {
        let session = try ScriptedSession()
        let window = ShmWindow(try ShmWindow.globals(session.registry))
        #expect(try session.pump(until: { window.configureCount == 1 }))
        try window.present(color: 0xFFFF_FFFF)
        let seat = session.registry.bind(try #require(session.registry.first(WlSeat.self)), WlSeat.self)
        seat.onEvent = { _ in }
        let keyboard = seat.getKeyboard()
        var keymapText = ""
        var keys: [UInt32] = []
        keyboard.onEvent = { event in
            switch event {
            case .keymap(let format, let fd, let size):
                #expect(format == .xkbV1)
                if let mapped = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED {
                    keymapText = String(cString: mapped.assumingMemoryBound(to: CChar.self))
                    munmap(mapped, Int(size))
                }
                close(fd)
            case .key(_, _, let key, .pressed): keys.append(key)
            default: break
            }
        }
        #expect(try session.pump(until: { session.compositor.focusedToplevel != nil && !keymapText.isEmpty }))
        try session.compositor.sendKeyboard([.enter, .key(44, pressed: true), .key(44, pressed: false)])
        #expect(try session.pump(until: { keys == [44] }))
        #expect(keymapText.contains("xkb_keymap"))
    }

    @Test func presentationFeedbackUsesTheTestClock() throws {
        let session = try ScriptedSession()
        let window = ShmWindow(try ShmWindow.globals(session.registry))
        let presentation = session.registry.bind(
            try #require(session.registry.first(WpPresentation.self)), WpPresentation.self)
        var clock: UInt32?
        presentation.onEvent = { if case .clockId(let id) = $0 { clock = id } }
        #expect(try session.pump(until: { window.configureCount == 1 && clock != nil }))
        #expect(clock == UInt32(CLOCK_MONOTONIC))
        session.compositor.presentationClock = 5_000_000_123
        let feedback = presentation.feedback(surface: window.surface)
        var presentedAt: UInt64?
        feedback.onEvent = { event in
            if case .presented(_, let secondsLow, let nanoseconds, _, _, _, _) = event {
                presentedAt = UInt64(secondsLow) * 1_000_000_000 + UInt64(nanoseconds)
            }
        }
        try window.present(color: 0xFF00_0000)
        #expect(try session.pump(until: { presentedAt != nil }))
        #expect(presentedAt == 5_000_000_123)
    }
}

@Suite struct EventLoopTests {
    @Test func timersFireInOrderAndRepeat() throws {
        let session = try ScriptedSession()
        var fired: [String] = []
        session.loop.schedule(after: .milliseconds(30)) { fired.append("late") }
        session.loop.schedule(after: .milliseconds(5)) { fired.append("early") }
        let repeating = session.loop.schedule(after: .milliseconds(1), every: .milliseconds(5)) { fired.append("tick") }
        let start = ContinuousClock.now
        #expect(try session.loop.run(until: { fired.contains("late") }, timeout: .seconds(2)))
        session.loop.cancel(repeating)
        #expect(ContinuousClock.now - start >= .milliseconds(30))
        #expect(fired.firstIndex(of: "early")! < fired.firstIndex(of: "late")!)
        #expect(fired.filter { $0 == "tick" }.count >= 3)
    }

    @Test func watchedDescriptorsWakeTheLoop() throws {
        let session = try ScriptedSession()
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer {
            close(pipeEnds[0])
            close(pipeEnds[1])
        }
        var received = ""
        session.loop.watch(pipeEnds[0]) { _ in
            var buffer = [UInt8](repeating: 0, count: 16)
            let count = read(pipeEnds[0], &buffer, 16)
            received += String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
        }
        session.loop.schedule(after: .milliseconds(10)) { _ = write(pipeEnds[1], "hi", 2) }
        #expect(try session.loop.run(until: { received == "hi" }, timeout: .seconds(2)))
    }
}
