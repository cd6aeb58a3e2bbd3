import WaylandProtocol
import WaylandServer

/// A wl_region as the client built it: rectangles added and taken away, in order.
public struct Region: Equatable, Sendable {
    public enum Step: Equatable, Sendable {
        case add(Rectangle)
        case subtract(Rectangle)
    }

    public internal(set) var steps: [Step] = []

    /// Whether the point (surface coordinates) is in the region: the last step that covers it decides.
    public func contains(x: Double, y: Double) -> Bool {
        var inside = false
        for step in steps {
            switch step {
            case .add(let rectangle): if rectangle.contains(x: x, y: y) { inside = true }
            case .subtract(let rectangle): if rectangle.contains(x: x, y: y) { inside = false }
            }
        }
        return inside
    }
}

extension Rectangle {
    public func contains(x: Double, y: Double) -> Bool {
        x >= Double(self.x) && y >= Double(self.y) && x < Double(self.x) + Double(width)
            && y < Double(self.y) + Double(height)
    }
}

/// A surface placed on another (wl_subsurface): a window's shadow, a video over a page.
public final class Subsurface {
    public let surface: Surface
    public private(set) weak var parent: Surface?
    /// Its top-left corner in the parent's surface coordinates, as of the parent's last commit.
    public internal(set) var x: Int32 = 0
    public internal(set) var y: Int32 = 0
    var pendingPosition: (x: Int32, y: Int32)?
    /// Stacked under its parent (place_below the parent) rather than over it, as a new sub-surface is.
    public internal(set) var isBelowParent = false

    init(surface: Surface, parent: Surface) {
        self.surface = surface
        self.parent = parent
    }
}

/// The regions clients are building and the sub-surfaces they placed.
struct CompositionState {
    var regions: [ObjectIdentifier: Region] = [:]
    var subsurfaces: [Subsurface] = []
}

extension ScriptedCompositor {
    /// The sub-surfaces placed on `surface`, in creation order.
    public func subsurfaces(of surface: Surface) -> [Subsurface] {
        composition.subsurfaces.filter { $0.parent === surface && $0.surface.resource.isAlive }
    }

    func trackRegion(_ region: WlRegionResource) {
        let key = ObjectIdentifier(region)
        composition.regions[key] = Region()
        region.onDestroy = { [unowned self] in composition.regions[key] = nil }
        region.onRequest = { [unowned self] request in
            switch request {
            case .add(let x, let y, let width, let height):
                composition.regions[key]?.steps.append(.add(Rectangle(x: x, y: y, width: width, height: height)))
            case .subtract(let x, let y, let width, let height):
                composition.regions[key]?.steps.append(
                    .subtract(Rectangle(x: x, y: y, width: width, height: height)))
            case .destroy: break
            }
        }
    }

    /// The region's rectangles as they are now (a region set on a surface is copied: changing it later does not
    /// change the surface's), nil for a null region (everything).
    func copy(_ region: WlRegionResource?) -> Region? {
        region.flatMap { composition.regions[ObjectIdentifier($0)] }
    }

    func advertiseSubcompositor() -> any WithdrawableGlobal {
        WaylandGlobal<WlSubcompositorResource>(display, version: 1) { [unowned self] subcompositor in
            subcompositor.onRequest = { [unowned self] request in
                guard case .getSubsurface(let resource, let surfaceResource, let parentResource) = request,
                    let child = surface(for: surfaceResource), let parent = surface(for: parentResource)
                else { return }
                let subsurface = Subsurface(surface: child, parent: parent)
                child.role = "wl_subsurface"
                composition.subsurfaces.append(subsurface)
                resource.onDestroy = { [unowned self, unowned subsurface] in
                    composition.subsurfaces.removeAll { $0 === subsurface }
                }
                resource.onRequest = { [unowned subsurface, unowned parent] request in
                    switch request {
                    case .setPosition(let x, let y): subsurface.pendingPosition = (x, y)
                    case .placeBelow(let sibling): subsurface.isBelowParent = sibling === parent.resource
                    case .placeAbove(let sibling): if sibling === parent.resource { subsurface.isBelowParent = false }
                    case .destroy, .setSync, .setDesync: break
                    }
                }
            }
        }
    }

    /// The parent committed: its sub-surfaces' new positions take effect. (Their own content is applied as they
    /// commit it, as for a desynchronized sub-surface; what a test reads is the same once both have committed.)
    func applySubsurfacePositions(of parent: Surface) {
        for subsurface in composition.subsurfaces where subsurface.parent === parent {
            if let position = subsurface.pendingPosition {
                (subsurface.x, subsurface.y) = position
                subsurface.pendingPosition = nil
            }
        }
    }
}
