// The protocols' enums and flags (xdg_toplevel states, tablet tool types) come with the client bindings.
@_exported import WaylandProtocol
