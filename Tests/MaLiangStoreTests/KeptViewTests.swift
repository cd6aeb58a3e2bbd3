import Foundation
import MaLiangCore
import Testing

@testable import MaLiangStore

/// The view a drawing was last shown with, kept in its file beside the drawing: read back as it was, replaced by
/// the next one, refused when it cannot be shown, and never taken for a change of the drawing.
@Suite struct KeptViewTests {
    let placement = ViewPlacement(centerX: 1200.5, centerY: -40, zoom: 0.35, rotation: 0.7, mirrored: true)

    @Test func theViewIsReadBackAfterReopeningAndTheNextReplacesIt() throws {
        let url = try temporaryFolder().appendingPathComponent("view.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 2000, height: 1000))
        #expect(file.keptView == nil)
        try file.keepView(placement)
        file.close()
        let reopened = try DocumentFile.open(at: url)
        #expect(reopened.keptView == placement)
        var next = placement
        next.zoom = 4
        next.mirrored = false
        try reopened.keepView(next)
        #expect(reopened.keptView == next)
        reopened.close()
        #expect(try DocumentFile.open(at: url, readOnly: true).keptView == next)
    }

    @Test func keepingTheViewLeavesThePreview() throws {
        let url = try temporaryFolder().appendingPathComponent("preview-view.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 600, height: 300))
        defer { file.close() }
        try file.keepPreviews([256: Data("small".utf8)])
        try file.keepView(placement)
        #expect(file.hasPreview)
    }

    @Test(arguments: [
        ViewPlacement(centerX: .nan, centerY: 0, zoom: 1, rotation: 0, mirrored: false),
        ViewPlacement(centerX: 0, centerY: 0, zoom: 0, rotation: 0, mirrored: false),
        ViewPlacement(centerX: 0, centerY: 0, zoom: 1e9, rotation: 0, mirrored: false),
        ViewPlacement(centerX: 1e12, centerY: 0, zoom: 1, rotation: 0, mirrored: false),
        ViewPlacement(centerX: 0, centerY: 0, zoom: 1, rotation: .infinity, mirrored: false),
    ])
    func aViewThatCannotBeShownIsNeitherKeptNorRead(bad: ViewPlacement) throws {
        let url = try temporaryFolder().appendingPathComponent("bad-view.maliang")
        let file = try DocumentFile.create(at: url, size: Size(width: 600, height: 300))
        defer { file.close() }
        try file.keepView(bad)
        #expect(file.keptView == nil)
        // Written by another program into the table, it is still not shown.
        try file.keepView(placement)
        try file.database.execute("UPDATE last_view SET zoom = \(bad.zoom.isFinite ? bad.zoom : 0), center_x = 1e300")
        #expect(file.keptView == nil)
    }
}
