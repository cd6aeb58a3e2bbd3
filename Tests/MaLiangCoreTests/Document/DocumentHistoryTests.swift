import Foundation
import Testing

@testable import MaLiangCore

func makeStroke(_ document: Document, x: Double = 0) -> Element {
    .stroke(
        Stroke(id: document.makeElementID(), brush: .brush(Brush()), seed: 1, samples: [pen(x, 0), pen(x + 10, 5)]))
}

func makeChartlet(_ document: Document) -> Element {
    .chartlet(
        Chartlet(
            id: document.makeElementID(), textureID: "tex", center: Point(x: 50, y: 50),
            size: Size(width: 20, height: 10)))
}

@Suite struct DocumentHistoryTests {
    @Test func thePapersColourIsAnUndoStep() throws {
        let document = try Document(size: Size(width: 100, height: 100))
        let cream = Color(red: 1, green: 0.97, blue: 0.9)
        document.append(makeStroke(document))
        #expect(document.setBackground(cream) == [.backgroundChanged(before: .white, after: cream)])
        #expect(document.setBackground(cream).isEmpty, "the same colour again is no step")
        #expect(document.setBackground(.clear).count == 1)
        #expect(document.undo() == [.backgroundChanged(before: .clear, after: cream)])
        #expect(document.background == cream)
        document.undo()
        #expect(document.background == .white && document.elements.count == 1)
        document.redo()
        #expect(document.background == cream)
    }

    @Test func undoAndRedoOneStepPerAction() throws {
        let document = try Document(size: Size(width: 100, height: 100))
        let a = makeStroke(document)
        let b = makeStroke(document, x: 20)
        document.append(a)
        document.append(b)
        document.undo()
        #expect(document.elements == [a])
        document.redo()
        #expect(document.elements == [a, b])
        #expect(!document.canRedo)
    }

    @Test func clearIsUndoable() throws {
        let document = try Document(size: Size(width: 100, height: 100))
        let a = makeStroke(document)
        document.append(a)
        document.clear()
        #expect(document.elements.isEmpty)
        document.undo()
        #expect(document.elements == [a])
        document.redo()
        #expect(document.elements.isEmpty)
    }

    @Test func redoSurvivesUndoRedoSequencesAndIsCutOnlyByANewEdit() throws {
        let document = try Document(size: Size(width: 100, height: 100))
        let strokes = (0..<3).map { makeStroke(document, x: Double($0)) }
        for stroke in strokes { document.append(stroke) }
        document.undo()
        document.undo()
        document.redo()
        document.undo()
        document.undo()
        #expect(document.elements.isEmpty)
        document.redo()
        document.redo()
        document.redo()
        #expect(document.elements == strokes)
        document.undo()
        #expect(document.canRedo)
        document.append(makeStroke(document, x: 9))
        #expect(!document.canRedo)
    }

    @Test func chartletEditsAreUndoable() throws {
        let document = try Document(size: Size(width: 100, height: 100))
        let chartlet = makeChartlet(document)
        document.append(chartlet)
        document.updateChartlet(chartlet.id) { $0.center = Point(x: 70, y: 30) }
        document.updateChartlet(chartlet.id) { $0.angle = 1 }
        document.updateChartlet(chartlet.id) { $0.size = Size(width: 40, height: 20) }
        guard case .chartlet(let moved) = document.elements[0] else { Issue.record("not a chartlet"); return }
        #expect(moved.center == Point(x: 70, y: 30) && moved.angle == 1 && moved.size.width == 40)
        document.undo()
        document.undo()
        document.undo()
        #expect(document.elements == [chartlet])
        document.remove(chartlet.id)
        #expect(document.elements.isEmpty)
        document.undo()
        #expect(document.elements == [chartlet])
    }

    @Test func everyMutationReturnsExactlyWhatChanged() throws {
        let document = try Document(size: Size(width: 100, height: 100))
        let a = makeStroke(document)
        let b = makeChartlet(document)
        #expect(document.append(a) == [.inserted(a, index: 0)])
        #expect(document.append(b) == [.inserted(b, index: 1)])
        #expect(document.remove(a.id) == [.removed(a, index: 0)])
        #expect(document.undo() == [.inserted(a, index: 0)])
        #expect(document.clear() == [.cleared([a, b])])
        #expect(document.undo() == [.restored([a, b])])
        #expect(document.undo() == [.removed(b, index: 1)])
        #expect(document.redo() == [.inserted(b, index: 1)])
        #expect(document.addTexture(id: "t", png: Data([1])) == [.textureAdded(id: "t", png: Data([1]))])
        #expect(document.addTexture(id: "t", png: Data([1])) == [])
    }

    @Test func anImageAndTheChartletUsingItArriveTogether() throws {
        let document = try Document(size: Size(width: 100, height: 100))
        guard case .chartlet(let chartlet) = makeChartlet(document) else { return }
        let changes = document.insert(chartlet, image: Data([7]))
        #expect(changes == [.textureAdded(id: "tex", png: Data([7])), .inserted(.chartlet(chartlet), index: 0)])
        // Undo takes the chartlet back; the image stays for anything that may use it again.
        #expect(document.undo() == [.removed(.chartlet(chartlet), index: 0)])
        #expect(document.textures["tex"] == Data([7]))
    }

    @Test func nothingOutsideTheLimitsGetsIn() throws {
        let document = try Document(size: Size(width: 100, height: 100))
        let huge = Chartlet(
            id: document.makeElementID(), textureID: "t", center: Point(x: .infinity, y: -5e9),
            size: Size(width: 296_296, height: 0), angle: .nan)
        document.append(.chartlet(huge))
        guard case .chartlet(let stored) = document.elements.first else {
            Issue.record("no chartlet")
            return
        }
        #expect(stored.isValid)
        // 296,296 × 0: the width brought to the limit, the height no smaller than the smallest side.
        #expect(stored.size == Size(width: Limits.chartletSide.upperBound, height: Limits.chartletSide.lowerBound))
        #expect(stored.center == Point(x: Limits.coordinate, y: -Limits.coordinate) && stored.angle == 0)
        document.updateChartlet(stored.id) { $0.size.width *= 1000 }
        // A proportioned image scaled far out keeps its proportions at the limit.
        let wide = Chartlet(
            id: document.makeElementID(), textureID: "t", center: .zero, size: Size(width: 5e6, height: 3e6))
        document.append(.chartlet(wide))
        guard case .chartlet(let scaled) = document.elements.last else { return }
        #expect(scaled.size.width == Limits.chartletSide.upperBound)
        #expect(abs(scaled.size.height / scaled.size.width - 0.6) < 1e-9)
        #expect(document.elements.allSatisfy { if case .chartlet(let c) = $0 { c.isValid } else { true } })
        // An id taken, or one outside the limits, is refused rather than replacing anything.
        #expect(document.append(makeChartlet(document)).count == 1)
        let taken = Chartlet(id: stored.id, textureID: "t", center: .zero, size: Size(width: 1, height: 1))
        #expect(document.append(.chartlet(taken)).isEmpty)
        let beyond = Chartlet(
            id: ElementID(Limits.elementID.upperBound + 1), textureID: "t", center: .zero,
            size: Size(width: 1, height: 1))
        #expect(document.append(.chartlet(beyond)).isEmpty)
        // A stroke with no samples is no element.
        #expect(
            document.append(.stroke(Stroke(id: document.makeElementID(), brush: .brush(Brush()), seed: 1, samples: [])))
                .isEmpty)
    }

    @Test func elementsStayInIdOrderWhenAnOldOneComesBack() throws {
        let document = try Document(size: Size(width: 100, height: 100))
        let strokes = (0..<5).map { makeStroke(document, x: Double($0)) }
        for stroke in strokes { document.append(stroke) }
        document.remove(strokes[2].id)
        document.undo()
        #expect(document.elements == strokes)
    }

    @Test(arguments: [
        Size(width: 0, height: 10), Size(width: -5, height: 10), Size(width: .nan, height: 1),
        Size(width: 1e9, height: 5),
    ])
    func absurdSizesAreRefused(size: Size) {
        #expect(throws: Document.InvalidSize.self) { try Document(size: size) }
    }

    @Test func historyIsBounded() throws {
        let document = try Document(size: Size(width: 10, height: 10))
        for _ in 0..<(Document.historyLimit + 5) { document.append(makeStroke(document)) }
        var undone = 0
        while document.canUndo {
            document.undo()
            undone += 1
        }
        #expect(undone == Document.historyLimit)
        #expect(document.elements.count == 5)
    }
}
