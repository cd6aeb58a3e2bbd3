import Foundation
import WaylandClient

/// What moves through the data device: offers from other programs (a drop, the clipboard), and what this window
/// put on the clipboard.
final class DataTransfer {
    var manager: WlDataDeviceManager?
    var dataDevice: WlDataDevice?
    var offers: [ObjectIdentifier: Offer] = [:]
    var dragOffer: Offer?
    var clipboardOffer: Offer?
    var dropPoint = (x: 0.0, y: 0.0)
    /// The clipboard's source while this window holds the clipboard.
    var source: WlDataSource?
    /// What the source offers: the elements as this program reads them, and a PNG image of them made when another
    /// program first asks.
    var copied: (elements: Data?, png: Data?)?
    /// The serial of the latest key or press, which setting the clipboard needs.
    var inputSerial: UInt32 = 0

    /// An offer and the MIME types it announced.
    final class Offer {
        let offer: WlDataOffer
        var mimeTypes: [String] = []
        init(_ offer: WlDataOffer) { self.offer = offer }
    }
}
