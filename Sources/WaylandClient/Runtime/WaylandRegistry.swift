import WaylandProtocol

/// The compositor's globals, kept up to date as they come and go.
public final class WaylandRegistry {
    public struct Global: Hashable, Sendable {
        /// The registry's numeric name for the global.
        public var name: UInt32
        public var interface: String
        public var version: UInt32
    }

    public let registry: WlRegistry
    /// Globals by their numeric name.
    public private(set) var globals: [UInt32: Global] = [:]
    /// Called for each global as it is announced (also for those present at startup).
    public var onGlobal: ((Global) -> Void)?
    /// Called when a global goes away (an output unplugged, a seat removed).
    public var onGlobalRemoved: ((Global) -> Void)?

    public init(connection: WaylandConnection) {
        registry = connection.displayObject.getRegistry()
        registry.onEvent = { [unowned self] event in
            switch event {
            case .global(let name, let interface, let version):
                let global = Global(name: name, interface: interface, version: version)
                globals[name] = global
                onGlobal?(global)
            case .globalRemove(let name):
                if let global = globals.removeValue(forKey: name) { onGlobalRemoved?(global) }
            }
        }
    }

    /// The first announced global of the interface `Object` binds to.
    public func first<Object: WaylandInterface>(_ type: Object.Type) -> Global? {
        globals.values.filter { $0.interface == Object.interfaceName }.min { $0.name < $1.name }
    }

    /// Binds `global` at min(advertised, what the bindings support, `maximumVersion`).
    public func bind<Object: WaylandObject & WaylandInterface>(
        _ global: Global, _ type: Object.Type, maximumVersion: UInt32 = .max
    ) -> Object {
        precondition(global.interface == Object.interfaceName, "binding \(global.interface) as \(Object.interfaceName)")
        let version = min(global.version, Object.supportedVersion, maximumVersion)
        return registry.bind(name: global.name, Object.self, version: version)
    }
}
