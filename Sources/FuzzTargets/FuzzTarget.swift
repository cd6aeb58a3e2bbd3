import Foundation

/// Every parser of outside bytes, as a function of bytes that must never crash, whatever the bytes: what the
/// fuzzer (`maliang-fuzz`, meson-helpers/fuzz) drives and the test suite replays (its committed corpus of seeds
/// and of every input that once found a fault).
///
/// Besides not crashing, each checks what must hold of whatever it accepts (an "oracle"): a document read is
/// within the limits and renders to stamps; a folder or OpenRaster file imported exports and imports again to the
/// same; a session fed any events leaves a document the file would take.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A `.maliang` file's bytes.
    case nativeFile = "native-file"
    /// A MaLiang folder packed into one input (``FolderPacking``).
    case maliangFolder = "maliang-folder"
    case png
    /// libmypaint's event lines and this project's JSON Lines samples.
    case traces
    /// The scripted compositor's JSON Lines scripts.
    case script
    /// Tablet, touch, pointer and keyboard events in any order, through the window's state machines into the
    /// editing core.
    case inputEvents = "input-events"
    /// A saved brush's file (`.maliang-brush`).
    case brushFile = "brush-file"
    /// An OpenRaster file (`.ora`): zip, XML and PNG.
    case openRaster = "openraster"

    /// Runs the target on `bytes`; true when the parser accepted them (and the oracle held), false when it refused
    /// them with an error.
    @discardableResult public func run(_ bytes: Data) -> Bool {
        switch self {
        case .nativeFile: NativeFileFuzzing.run(bytes)
        case .maliangFolder: FolderFuzzing.run(bytes)
        case .png: PNGFuzzing.run(bytes)
        case .traces: TraceFuzzing.run(bytes)
        case .script: ScriptFuzzing.run(bytes)
        case .inputEvents: InputEventFuzzing.run(bytes)
        case .brushFile: BrushFileFuzzing.run(bytes)
        case .openRaster: OpenRasterFuzzing.run(bytes)
        }
    }
}

/// The entry point the fuzzer's C main calls: the target named `name` on `size` bytes.
@_cdecl("maliang_fuzz_one_input")
public func maliangFuzzOneInput(_ name: UnsafePointer<CChar>, _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let target = FuzzTarget(rawValue: String(cString: name)) else {
        fatalError("unknown fuzz target \(String(cString: name)); one of \(FuzzTarget.allCases.map(\.rawValue))")
    }
    target.run(data.map { Data(bytes: $0, count: size) } ?? Data())
    return 0
}

/// Stops the run with the reason: the fuzzer records the input as a failure.
func violated(_ what: @autoclosure () -> String) -> Never {
    fatalError("fuzz oracle: \(what())")
}
