import Foundation
import Testing

@testable import MaLiang

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

    @Test func observersHearExactlyWhatChanged() throws {
        let document = try Document(size: Size(width: 100, height: 100))
        var heard: [([DocumentChange], ChangeReason)] = []
        document.addObserver { heard.append(($0, $1)) }
        let a = makeStroke(document)
        let b = makeChartlet(document)
        document.append(a)
        document.append(b)
        document.remove(a.id)
        document.undo()
        document.clear()
        document.undo()
        #expect(heard.count == 6)
        #expect(heard[0].0 == [.inserted(a, index: 0)] && heard[0].1 == .edit)
        #expect(heard[2].0 == [.removed(a, index: 0)])
        #expect(heard[3].0 == [.inserted(a, index: 0)] && heard[3].1 == .undo)
        #expect(heard[4].0 == [.cleared([a, b])])
        #expect(heard[5].0 == [.restored([a, b])] && heard[5].1 == .undo)
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
