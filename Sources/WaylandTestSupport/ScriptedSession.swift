import TestCompositor
import WaylandClient

/// A client connected to a ``ScriptedCompositor`` in the same thread; ``pump(until:timeout:)`` lets both work.
public final class ScriptedSession {
    public let compositor: ScriptedCompositor
    public let connection: WaylandConnection
    public let loop: EventLoop
    public let registry: WaylandRegistry

    public init(options: ScriptedCompositor.Options = .init()) throws {
        RuntimeDirectory.ensure()
        compositor = try ScriptedCompositor(options: options)
        connection = try WaylandConnection(name: compositor.socketName)
        loop = EventLoop(connection: connection)
        registry = WaylandRegistry(connection: connection)
        try sync()
    }

    /// Alternates between compositor and client until `condition` holds; `false` after `timeout`.
    @discardableResult
    public func pump(until condition: () throws -> Bool, timeout: Duration = .seconds(5)) throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while try !condition() {
            if ContinuousClock.now >= deadline { return false }
            compositor.dispatch(timeoutMilliseconds: 0)
            try loop.turn(maximumWait: .milliseconds(2))
        }
        compositor.dispatch(timeoutMilliseconds: 0)
        return true
    }

    /// Waits until the compositor has handled every request sent so far and the client every reply.
    public func sync() throws {
        var done = false
        let callback = connection.displayObject.sync()
        callback.onEvent = { _ in done = true }
        guard try pump(until: { done }) else { throw SessionTimeout() }
        callback.destroyLocally()
    }

    public struct SessionTimeout: Error {
        public init() {}
    }
}
