import Foundation
import MaLiangCore

/// A number of a brush the brush editor sets with a slider: where the slider's knob stands for it (0…1) and back.
public enum BrushSetting: CaseIterable, Sendable {
    case size, opacity, flow, spacing, hardness, grain, pressureToSize, tiltToSize

    public var label: String {
        switch self {
        case .size: "Size"
        case .opacity: "Opacity"
        case .flow: "Flow"
        case .spacing: "Spacing"
        case .hardness: "Hardness"
        case .grain: "Paper grain"
        case .pressureToSize: "Pressure → size"
        case .tiltToSize: "Tilt → size"
        }
    }

    /// The setting's value in `brush`.
    public func value(in brush: Brush) -> Double {
        switch self {
        case .size: brush.pointSize
        case .opacity: brush.opacity
        case .flow: brush.flow
        case .spacing: brush.spacingRelativeToSize ? brush.pointStep : brush.pointStep / max(brush.pointSize, 0.5)
        case .hardness: brush.hardness
        case .grain: brush.grain ?? 0
        case .pressureToSize: brush.forceSensitive
        case .tiltToSize: brush.tiltToSize
        }
    }

    /// `brush` with the setting at `value` (kept within its range).
    public func set(_ value: Double, in brush: inout Brush) {
        guard value.isFinite else { return }
        let value = min(max(value, range.lowerBound), range.upperBound)
        switch self {
        case .size: brush.pointSize = value
        case .opacity: brush.opacity = value
        case .flow: brush.flow = value
        case .spacing:
            brush.spacingRelativeToSize = true
            brush.pointStep = value
        case .hardness: brush.hardness = value
        case .grain: brush.grain = value > 0 ? value : nil
        case .pressureToSize: brush.forceSensitive = value
        case .tiltToSize: brush.tiltToSize = value
        }
    }

    public var range: ClosedRange<Double> {
        switch self {
        case .size: BrushStyle.sizes
        case .opacity: BrushStyle.opacities
        case .flow: 0.01...1
        case .spacing: 0.01...1
        case .hardness, .grain: 0...1
        case .pressureToSize: 0...2
        case .tiltToSize: 0...4
        }
    }

    /// Where `value` puts the knob, 0…1: sizes on a logarithmic scale (0.5 px to 1,000 px), the rest evenly.
    public func position(of value: Double) -> Double {
        let clamped = min(max(value.isNaN ? range.lowerBound : value, range.lowerBound), range.upperBound)
        if self == .size { return log(clamped / range.lowerBound) / log(range.upperBound / range.lowerBound) }
        return (clamped - range.lowerBound) / (range.upperBound - range.lowerBound)
    }

    /// The value a knob at `position` (0…1) stands for.
    public func value(atPosition position: Double) -> Double {
        let t = min(max(position.isFinite ? position : 0, 0), 1)
        if self == .size { return range.lowerBound * pow(range.upperBound / range.lowerBound, t) }
        return range.lowerBound + t * (range.upperBound - range.lowerBound)
    }

    /// The value in words: "12.0 px", "80 %", "×1.5".
    public func text(for value: Double) -> String {
        switch self {
        case .size: value < 10 ? String(format: "%.1f px", value) : "\(Int(value.rounded())) px"
        case .pressureToSize, .tiltToSize: String(format: "×%.2f", value)
        default: "\(Int((value * 100).rounded())) %"
        }
    }
}

/// A yes-or-no of a brush the brush editor switches.
public enum BrushToggle: CaseIterable, Sendable {
    case tiltToAngle, barrelToAngle, pressureToFlow

    public var label: String {
        switch self {
        case .tiltToAngle: "Tilt turns the stamp"
        case .barrelToAngle: "Barrel turns the stamp"
        case .pressureToFlow: "Pressure → flow"
        }
    }

    public func isOn(in brush: Brush) -> Bool {
        switch self {
        case .tiltToAngle: brush.tiltToAngle
        case .barrelToAngle: brush.barrelRotationToAngle
        case .pressureToFlow: brush.pressureControlsFlow
        }
    }

    public func toggle(in brush: inout Brush) {
        switch self {
        case .tiltToAngle: brush.tiltToAngle.toggle()
        case .barrelToAngle: brush.barrelRotationToAngle.toggle()
        case .pressureToFlow: brush.pressureControlsFlow.toggle()
        }
    }
}

/// The stamps the brush editor offers: the procedural round one, then the built-in masks.
public enum BrushStamp {
    public static let textures: [String?] = [nil] + BrushFile.textures.map { Optional($0) }
    public static let labels = ["Round", "Pencil", "Chalk", "Marker"]
}

/// How the stamps turn, as the brush editor offers it.
public enum BrushRotationChoice: CaseIterable, Sendable {
    case fixed, random, ahead

    public var label: String {
        switch self {
        case .fixed: "Fixed"
        case .random: "Random"
        case .ahead: "Along"
        }
    }

    /// The choice a brush's rotation is.
    public init(_ rotation: Brush.Rotation) {
        switch rotation {
        case .fixed: self = .fixed
        case .random: self = .random
        case .ahead: self = .ahead
        }
    }

    /// The rotation, keeping `current`'s angle when it is fixed already.
    func rotation(keeping current: Brush.Rotation) -> Brush.Rotation {
        switch self {
        case .fixed: if case .fixed = current { current } else { .fixed(0) }
        case .random: .random
        case .ahead: .ahead
        }
    }
}
