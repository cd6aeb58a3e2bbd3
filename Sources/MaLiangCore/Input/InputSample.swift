/// One input sample in document coordinates, as the stroke engine consumes it.
///
/// Samples come from a tablet tool frame, a touch point or a pointer; the Wayland layer only translates
/// surface coordinates through the view transform. Use ``validated()`` before feeding samples from outside.
public struct InputSample: Hashable, Codable, Sendable {
    /// Position in document pixels.
    public var position: Point
    /// Normalised tip pressure, 0…1; `nil` when the device has none (touch, mouse).
    public var pressure: Double?
    /// Tilt toward +x, in degrees, −90…90; `nil` when the tool reports no tilt.
    public var tiltX: Double?
    /// Tilt toward +y, in degrees, −90…90; `nil` when the tool reports no tilt.
    public var tiltY: Double?
    /// Barrel rotation, degrees clockwise from the tool's neutral position, 0..<360; `nil` when not reported.
    public var rotation: Double?
    /// Normalised hover distance, 0…1; `nil` when not reported.
    public var distance: Double?
    /// Time of the sample in microseconds; any monotonic base.
    public var time: UInt64
    /// What made the sample (pen, eraser, finger, mouse).
    public var tool: ToolKind
    /// The tool's hardware serial, when the device reports one.
    public var deviceSerial: UInt64?

    /// A sample at `position` (document pixels); values outside their ranges are clamped, non-finite ones dropped.
    public init(
        position: Point, pressure: Double? = nil, tiltX: Double? = nil, tiltY: Double? = nil,
        rotation: Double? = nil, distance: Double? = nil, time: UInt64 = 0, tool: ToolKind = .pen,
        deviceSerial: UInt64? = nil
    ) {
        self.position = position
        self.pressure = pressure
        self.tiltX = tiltX
        self.tiltY = tiltY
        self.rotation = rotation
        self.distance = distance
        self.time = time
        self.tool = tool
        self.deviceSerial = deviceSerial
    }

    /// Largest coordinate magnitude accepted, in document pixels (``Limits/coordinate``).
    public static var coordinateLimit: Double { Limits.coordinate }

    /// Whether a sample at `x`, `y` can be used: finite and not absurdly far.
    @inline(__always)
    package static func acceptsPosition(x: Double, y: Double) -> Bool {
        x.isFinite && y.isFinite && abs(x) <= coordinateLimit && abs(y) <= coordinateLimit
    }

    /// The sample made safe for the engine, or `nil` when it cannot be used.
    ///
    /// A non-finite or absurdly far position rejects the sample. Axis values are clamped to their ranges;
    /// a non-finite axis value is dropped (treated as not reported).
    public func validated() -> InputSample? {
        if isValid { return self }
        guard Self.acceptsPosition(x: position.x, y: position.y) else { return nil }
        var sample = self
        sample.pressure = pressure.flatMap { Self.clamped($0, 0, 1) }
        sample.tiltX = tiltX.flatMap { Self.clamped($0, -90, 90) }
        sample.tiltY = tiltY.flatMap { Self.clamped($0, -90, 90) }
        sample.distance = distance.flatMap { Self.clamped($0, 0, 1) }
        sample.rotation = rotation.flatMap { value in
            guard value.isFinite else { return nil }
            let wrapped = value.truncatingRemainder(dividingBy: 360)
            return wrapped < 0 ? wrapped + 360 : wrapped
        }
        return sample
    }

    /// Whether ``validated()`` would return the sample as it is: the engine takes most samples so, without making a
    /// copy (a share of its time a sample).
    package var isValid: Bool {
        Self.acceptsPosition(x: position.x, y: position.y) && Self.within(pressure, 0, 1) && Self.within(tiltX, -90, 90)
            && Self.within(tiltY, -90, 90)
            && Self.within(distance, 0, 1) && Self.within(rotation, 0, 360) && rotation != 360
    }

    /// Whether `value` is absent or within `low`…`high` (not NaN).
    @inline(__always) private static func within(_ value: Double?, _ low: Double, _ high: Double) -> Bool {
        guard let value else { return true }
        return value >= low && value <= high
    }

    private static func clamped(_ value: Double, _ low: Double, _ high: Double) -> Double? {
        value.isFinite ? min(max(value, low), high) : nil
    }
}
