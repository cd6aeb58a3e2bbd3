/// What part of a document an export shows.
public enum ExportArea: Hashable, Sendable {
    /// The whole page.
    case page
    /// The strokes and images (not what an eraser took away), within the page: the drawing without its margins.
    case drawn
    /// A rectangle of document pixels, within the page.
    case rectangle(DocumentRect)
}
