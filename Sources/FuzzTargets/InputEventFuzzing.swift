import Foundation
import MaLiangCore
import MaLiangEditor
import MaLiangStore
import MaLiangWayland
import PNGCodec

/// Any sequence of tablet, touch, pointer and keyboard events — in orders no compositor should send, with values
/// beyond every range — through the window's tablet frame machines and key map into the editing core. Whatever
/// happens, the document holds only what the file takes.
enum InputEventFuzzing {
    /// True when the events left something in the document.
    static func run(_ bytes: Data) -> Bool {
        guard let document = try? Document(size: Size(width: 512, height: 384)) else { violated("no empty document") }
        let session = EditingSession(document: document, seeds: { 42 })
        var input = ByteSource(bytes)
        var tools = [TabletToolState(), TabletToolState(), TabletToolState()]
        var mouse: InputEvent.Buttons = []
        var time: UInt64 = 0
        var operations = 0
        while !input.isEmpty && operations < 2_000 {
            operations += 1
            time += UInt64(input.byte()) * 1000
            switch input.byte() % 10 {
            case 0, 1, 2:
                let index = Int(input.byte()) % tools.count
                for frame in tools[index].handle(tabletEvent(&input)) {
                    let events = frame.inputEvents(
                        device: index, tool: index == 1 ? .eraser : .pen, buttonsHeld: tools[index].buttonsHeld,
                        serial: 1, hardwareSerial: nil, received: time)
                    for event in events { _ = session.handle(event) }
                }
            case 3, 4:
                let phases: [InputEvent.Phase] = [.down, .move, .move, .up, .cancel]
                let phase = phases[Int(input.byte()) % phases.count]
                let (x, y) = (input.coordinate(), input.coordinate())
                let id = Int32(input.byte() % 11)
                _ = session.handle(
                    InputEvent(device: .touch(id), phase: phase, tool: .finger, x: x, y: y, time: time, received: time))
            case 5:
                let phases: [InputEvent.Phase] = [.hover, .down, .move, .up, .leave]
                let phase = phases[Int(input.byte()) % phases.count]
                if phase == .down { mouse = [[.primary], [.secondary], [.middle]][Int(input.byte()) % 3] }
                let (x, y) = (input.coordinate(), input.coordinate())
                _ = session.handle(
                    InputEvent(
                        device: .mouse, phase: phase, tool: .mouse, x: x, y: y, buttons: mouse, time: time,
                        received: time))
            case 6:
                // Mostly ASCII, sometimes the menu's keys (F10, arrows, Home, End, Return, Escape), else anything.
                let menuKeys: [UInt32] = [
                    0xffc7, 0xff67, 0xff51, 0xff52, 0xff53, 0xff54, 0xff50, 0xff57, 0xff0d, 0xff1b,
                ]
                let choice = input.byte()
                let keysym =
                    choice < 180
                    ? UInt32(input.byte())
                    : choice < 230 ? menuKeys[Int(input.byte()) % menuKeys.count] : input.uint32()
                let bits = input.byte()
                // Keys go through the core's routing (panels, names being typed, shortcuts), with any text.
                let text = bits & 8 == 0 ? "" : String(UnicodeScalar(UInt8(truncatingIfNeeded: keysym)))
                _ = session.handle(
                    KeyEvent(
                        keysym: keysym, text: text, pressed: bits & 4 == 0, control: bits & 1 != 0,
                        shift: bits & 2 != 0))
            case 7:
                let (a, b, c) = (input.coordinate(), input.coordinate(), input.coordinate())
                switch input.byte() % 4 {
                case 0: _ = session.scroll(dx: a, dy: b, zooming: c > 0, atX: b, y: a)
                case 1: _ = session.zoom(by: a / 100, aboutX: b, y: c)
                case 2: _ = session.rotate(by: a, aboutX: b, y: c)
                default: _ = session.pan(byX: a, y: b)
                }
            case 8:
                let metrics = WindowMetrics(
                    width: input.coordinate(), height: input.coordinate(), scale: input.coordinate() / 64,
                    showsClose: input.byte() & 1 == 0)
                _ = session.resize(metrics)
                if input.byte() & 1 == 0 { _ = session.setTextScale(input.coordinate() / 100) }
            default:
                switch input.byte() % 8 {
                case 4, 5: layerOperation(&input, session)
                case 6: symmetryOperation(&input, session)
                case 7:
                    if input.byte() & 1 == 0 {
                        _ = session.setMirrorView(input.byte() & 1 == 0)
                    } else {
                        selectionOperation(&input, session)
                    }
                case 0:
                    _ = session.insertImage(
                        png: Data(Self.image), at: Point(x: input.coordinate(), y: input.coordinate()))
                case 1: _ = session.insertImage(png: input.take(Int(input.byte())))
                case 2: _ = session.finishContacts()
                default:
                    let actions = ToolbarLayout(width: 800, showsClose: true).buttons.map(\.action)
                    _ = session.press(actions[Int(input.byte()) % actions.count])
                }
            }
        }
        _ = session.finishContacts()
        check(session.document)
        if let focus = session.panels.menuFocus,
            !session.panels.isMenuOpen || !session.toolbar.menu.indices.contains(focus)
        {
            violated(
                "the menu's focus \(focus) with \(session.toolbar.menu.count) items, open: \(session.panels.isMenuOpen)"
            )
        }
        let placements = [
            session.colorPanel.placement, session.brushEditor.placement, session.newDrawingPanel.placement,
            session.layerPanel.placement,
        ]
        for placement in placements
        where
            !(placement.zoom.isFinite && placement.zoom > 0 && placement.furthest.isFinite
            && placement.offset >= 0 && placement.offset <= placement.furthest)
        {
            violated("a panel placed at zoom \(placement.zoom), scrolled \(placement.offset) of \(placement.furthest)")
        }
        guard session.document.layer(session.currentLayer) != nil else {
            violated("the current layer \(session.currentLayer) is not in the document")
        }
        return !session.document.elements.isEmpty
    }

    /// Symmetry set directly (any mode, spokes and centre, beyond every range) or stepped through as Y and the spokes
    /// keys do.
    private static func symmetryOperation(_ input: inout ByteSource, _ session: EditingSession) {
        let center = Point(x: input.coordinate(), y: input.coordinate())
        let modes: [Symmetry.Mode?] = [
            nil, .vertical, .horizontal, .both, .radial(spokes: Int(Int8(bitPattern: input.byte()))),
        ]
        switch input.byte() % 3 {
        case 0: _ = session.setSymmetry(modes[Int(input.byte()) % modes.count].map { Symmetry($0, center: center) })
        case 1: _ = session.perform(.symmetry)
        default: _ = session.perform(input.byte() & 1 == 0 ? .moreSpokes : .fewerSpokes)
        }
    }

    /// The selection tool's operations, by its commands or directly, with transforms beyond every range.
    private static func selectionOperation(_ input: inout ByteSource, _ session: EditingSession) {
        let ids = session.document.elements.map(\.id)
        switch input.byte() % 9 {
        case 0: _ = session.perform(.selectTool)
        case 1: _ = session.selectAll()
        case 2:
            let outline = (0..<Int(input.byte() % 12)).map { _ in Point(x: input.coordinate(), y: input.coordinate()) }
            _ = session.select(outline: outline, rule: input.byte() & 1 == 0 ? .enclosed : .touched)
        case 3:
            guard !ids.isEmpty else { return }
            _ = session.select([ids[Int(input.byte()) % ids.count], ElementID(Int64(input.byte()))])
        case 4:
            _ = session.transformSelection(
                DocumentTransform(
                    a: input.coordinate() / 64, b: input.coordinate() / 64, c: input.coordinate() / 64,
                    d: input.coordinate() / 64, tx: input.coordinate(), ty: input.coordinate()))
        case 5: _ = session.perform(input.byte() & 1 == 0 ? .flipHorizontal : .flipVertical)
        case 6: _ = session.perform(input.byte() & 1 == 0 ? .selectionShape : .selectionRule)
        case 7: _ = session.perform(.deleteSelection)
        default: fillOperation(&input, session)
        }
    }

    /// A fill of a small page of arbitrary pixels, tapped anywhere (off the page too), with any settings.
    private static func fillOperation(_ input: inout ByteSource, _ session: EditingSession) {
        let width = Int(input.byte() % 24) + 1
        let height = Int(input.byte() % 24) + 1
        let pixels = input.take(width * height * 4) + [UInt8](repeating: 0, count: width * height * 4)
        let settings = FillSettings(
            tolerance: input.coordinate() / 100, gapClosing: Int(Int8(bitPattern: input.byte())),
            grow: Int(Int8(bitPattern: input.byte())), allLayers: input.byte() & 1 == 0)
        let found = FloodFill.region(
            in: Array(pixels), width: width, height: height, seedX: Int(Int8(bitPattern: input.byte())),
            seedY: Int(Int8(bitPattern: input.byte())), settings: settings)
        if case .success(let region) = found {
            // On the page, and cut tight to what it fills (an empty region is empty all through).
            let tight = region.mask.bounds.map { $0 == (0, 0, region.width, region.height) } ?? (region.count == 0)
            guard tight, region.mask.count == region.count, region.x >= 0, region.y >= 0,
                region.x + region.width <= width, region.y + region.height <= height
            else {
                violated("fill region \(region.x),\(region.y) \(region.width)×\(region.height) of \(width)×\(height)")
            }
            _ = session.addFill(region)
        }
    }

    /// A layer operation, by the panel's keys or directly, with values beyond every range.
    private static func layerOperation(_ input: inout ByteSource, _ session: EditingSession) {
        let layers = session.document.layers
        let layer = layers[Int(input.byte()) % layers.count].id
        switch input.byte() % 12 {
        case 0: _ = session.addLayer()
        case 1: _ = session.deleteCurrentLayer()
        case 2: _ = session.duplicateCurrentLayer()
        case 3: _ = session.moveCurrentLayer(up: input.byte() & 1 == 0)
        case 4: _ = session.selectLayer(layer)
        case 5: _ = session.setLayerVisible(layer, input.byte() & 1 == 0)
        case 6: _ = session.setLayerLocked(layer, input.byte() & 1 == 0)
        case 7: _ = session.setLayerOpacity(layer, input.coordinate() / 100, merging: input.byte() & 1 == 0)
        case 8: _ = session.setLayerBlend(layer, LayerBlend.allCases[Int(input.byte()) % LayerBlend.allCases.count])
        case 9: _ = session.renameLayer(layer, String(decoding: input.take(Int(input.byte() % 80)), as: UTF8.self))
        case 10: _ = session.perform(.layers)
        default:
            let keys: [BrushEditorKey] = [.backspace, .enter, .escape, .text("ä\u{7}/\n")]
            _ = session.layerPanelKey(keys[Int(input.byte()) % keys.count])
        }
    }

    /// What the file takes: ids and chartlets within the limits, every stroke's samples finite and its symmetry one
    /// the file reads back, layers within bounds with every element on one of them.
    static func check(_ document: Document) {
        let layerIDs = Set(document.layers.map(\.id))
        guard !document.layers.isEmpty, document.layers.count <= Document.maximumLayers,
            layerIDs.count == document.layers.count, document.layers.allSatisfy(\.isValid)
        else { violated("layers \(document.layers)") }
        for element in document.elements where !layerIDs.contains(element.layer) {
            violated("element \(element.id) on \(element.layer), which the document lacks")
        }
        for element in document.elements {
            guard Limits.elementID.contains(element.id.rawValue) else { violated("element \(element.id)") }
            switch element {
            case .chartlet(let chartlet):
                guard chartlet.isValid else { violated("chartlet \(chartlet)") }
            case .stroke(let stroke):
                guard !stroke.samples.isEmpty, stroke.samples.allSatisfy({ $0.position.isFinite }) else {
                    violated("stroke \(stroke.id) with \(stroke.samples.count) samples")
                }
                // What the file writes it must read back: a transform it can keep, a symmetry it can draw.
                if let transform = stroke.transform, !transform.isValid {
                    violated("stroke \(stroke.id) with transform \(transform)")
                }
                if let symmetry = stroke.symmetry {
                    let reach = -Limits.coordinate...Limits.coordinate
                    let spokesValid: Bool
                    if case .radial(let spokes) = symmetry.mode {
                        spokesValid = Symmetry.spokes.contains(spokes)
                    } else {
                        spokesValid = true
                    }
                    guard spokesValid, reach.contains(symmetry.center.x), reach.contains(symmetry.center.y) else {
                        violated("stroke \(stroke.id) with symmetry \(symmetry)")
                    }
                }
            }
        }
    }

    private static func tabletEvent(_ input: inout ByteSource) -> TabletToolState.Event {
        switch input.byte() % 12 {
        case 0: .proximityIn(serial: 1)
        case 1: .proximityOut
        case 2: .down(serial: 2)
        case 3: .up
        case 4, 5: .motion(x: input.coordinate(), y: input.coordinate())
        case 6: .pressure(input.uint32())
        case 7: .distance(input.uint32())
        case 8: .tilt(x: input.coordinate(), y: input.coordinate())
        case 9: .rotation(input.coordinate())
        case 10: .button([0x14b, 0x14c, 0x110][Int(input.byte()) % 3], pressed: input.byte() & 1 == 0)
        default: input.byte() == 255 ? .removed : .frame(time: input.uint32())
        }
    }

    /// A small valid PNG to place. (Bytes, not `Data`: the leak checker cannot see through `Data`'s tagged
    /// storage in a global and would report it.)
    static let image: [UInt8] = [UInt8](
        (try? PNG.encode(PNGImage(width: 4, height: 3, pixels: .rgba8(.init(repeating: 200, count: 48))))) ?? Data())
}

/// Reads the fuzzer's bytes as numbers, zeros once they run out.
struct ByteSource {
    private var bytes: Data.SubSequence

    init(_ data: Data) { bytes = data[...] }

    var isEmpty: Bool { bytes.isEmpty }

    mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

    mutating func uint32() -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(byte()) << (8 * $1) } }

    mutating func take(_ count: Int) -> Data {
        let piece = bytes.prefix(count)
        bytes = bytes.dropFirst(piece.count)
        return Data(piece)
    }

    /// A coordinate: mostly within a window, sometimes far beyond, sometimes not a number at all.
    mutating func coordinate() -> Double {
        let kind = byte()
        let raw = Double(Int16(bitPattern: UInt16(byte()) | UInt16(byte()) << 8))
        switch kind {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return raw * 1e30
        case 4: return Double(bitPattern: UInt64(uint32()) << 32 | UInt64(uint32()))
        default: return raw / 16
        }
    }
}
