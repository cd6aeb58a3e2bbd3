/// How a panel under the toolbar shrinks to fit a window too small for it: drawn `zoom` times its size about its
/// top-left corner, its parts laid out in panel units as at full size.
public enum PanelZoom {
    /// The smallest a panel is drawn: below, its words could not be read; it is cut off instead.
    public static let smallest = 0.5

    /// The zoom that fits a `width`×`height` panel under the toolbar of a `windowWidth`×`windowHeight` window.
    public static func fitting(_ width: Double, _ height: Double, windowWidth: Double, windowHeight: Double)
        -> Double
    {
        let across = windowWidth.isFinite && windowWidth > 0 ? windowWidth / width : 1
        let down = windowHeight.isFinite && windowHeight > 0 ? (windowHeight - ToolbarLayout.height) / height : 1
        return min(max(min(1, across, down), smallest), 1)
    }

    /// A window point in panel units.
    public static func unit(x: Double, y: Double, origin: (x: Double, y: Double), zoom: Double) -> (
        x: Double, y: Double
    ) {
        (origin.x + (x - origin.x) / zoom, origin.y + (y - origin.y) / zoom)
    }

    /// Where a box in panel units lies in the window.
    public static func shown(
        _ box: (x: Double, y: Double, width: Double, height: Double), origin: (x: Double, y: Double), zoom: Double
    ) -> (x: Double, y: Double, width: Double, height: Double) {
        (
            origin.x + (box.x - origin.x) * zoom, origin.y + (box.y - origin.y) * zoom, box.width * zoom,
            box.height * zoom
        )
    }
}
