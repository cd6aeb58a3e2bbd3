import Foundation
import MaLiangCore
import Testing

@testable import MaLiangEditor

/// The tool, its settings and the panels' size go into what is kept between sessions, and come back from it.
struct KeptToolsTests {
    @Test func theToolItsSettingsAndThePanelsSizeComeBack() throws {
        let first = try makeSession()
        _ = first.toggleSelectTool()
        _ = first.changeSelectionSetting(shape: true)
        _ = first.changeSelectionSetting(shape: false)
        _ = first.setFillSettings(FillSettings(tolerance: 0.4, gapClosing: 16, grow: 5, allLayers: true))
        var finger = Gesture(.touch(1), .finger)
        _ = first.drag(&finger, [(640, 500)])
        #expect(first.panels.controls == .touch)

        let data = try JSONEncoder().encode(first.keptBetweenSessions)
        let next = try makeSession()
        next.restoreStyle(try JSONDecoder().decode(BrushStyle.Kept.self, from: data))
        #expect(next.tool == .select)
        #expect(next.selecting.setting == SelectionSetting(shape: .rectangle, rule: .touched))
        #expect(next.fillSetting == FillSettings(tolerance: 0.4, gapClosing: 16, grow: 5, allLayers: true))
        #expect(next.panels.controls == .touch)
    }

    @Test func aFileFromBeforeToolsWereKeptLeavesThemAsBuiltIn() throws {
        let first = try makeSession()
        var old = first.style.kept
        old.tools = nil
        var json = try #require(String(data: JSONEncoder().encode(old), encoding: .utf8))
        #expect(!json.contains("tools"))
        json = json.replacingOccurrences(of: "\"chosen\":\"pen\"", with: "\"chosen\":\"pencil\"")
        let next = try makeSession()
        next.restoreStyle(try JSONDecoder().decode(BrushStyle.Kept.self, from: Data(json.utf8)))
        #expect(BrushStyle.presets[next.style.preset] == "pencil")
        #expect(next.tool == .paint && next.fillSetting == FillSettings() && next.panels.controls == .pointer)
    }

    /// A value that cannot be read (a later version's tool, numbers past the limits) costs only itself.
    @Test(arguments: [
        (#"{"tool": "sculpt", "controls": "touch"}"#, KeptTools(controls: .touch)),
        (#"{"tool": "fill", "controls": 3}"#, KeptTools(tool: .fill)),
        (#"{"tool": "fill", "selection": {"shape": "circle"}}"#, KeptTools(tool: .fill)),
        (
            #"{"fill": {"tolerance": 9, "gapClosing": 1000, "grow": -4, "allLayers": true}}"#,
            KeptTools(fill: FillSettings(tolerance: 1, gapClosing: 32, grow: 0, allLayers: true))
        ),
        (#""select""#, KeptTools()),
    ])
    func aBadValueCostsOnlyItself(tools: String, expected: KeptTools) throws {
        let json =
            #"{"chosen": "pencil", "color": {"red": 0, "green": 0, "blue": 1, "alpha": 1}, "brushes": {}, "#
            + #""savedNames": {}, "tools": \#(tools)}"#
        let kept = try JSONDecoder().decode(BrushStyle.Kept.self, from: Data(json.utf8))
        let session = try makeSession()
        session.restoreStyle(kept)
        #expect(BrushStyle.presets[session.style.preset] == "pencil")
        #expect(session.tool == expected.tool)
        #expect(session.fillSetting == expected.fill)
        #expect(session.selecting.setting == expected.selection)
        #expect(session.panels.controls == expected.controls)
    }
}
