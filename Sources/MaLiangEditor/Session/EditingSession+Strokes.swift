import MaLiangCore

/// The stroke in progress: samples in, stamps and, at pen-up, the finished stroke out.
extension EditingSession {
    /// Starts a stroke for the event's device with the current brush (the eraser for an eraser tool).
    func beginStroke(_ event: InputEvent) -> Effects {
        var effects = Effects()
        if let other = live?.device { effects.append(endStroke(device: other)) }
        if let refusal = layerRefusal() {
            effects.messages.append(StatusMessage(.info, refusal))
            return effects
        }
        let images = document.textures.keys.sorted()
        guard let brush = style.brush(eraser: event.tool == .eraser, images: images) else {
            effects.messages.append(StatusMessage(.info, "Stickers place the drawing's images: insert one first"))
            return effects
        }
        let stroke = Stroke(
            id: document.makeElementID(), brush: brush, seed: makeSeed(), canvasScale: strokeCanvasScale, samples: [],
            layer: currentLayer, symmetry: symmetry)
        live = LiveStroke(builder: stroke.makeBuilder(), stroke: stroke, device: event.device, predictionAreas: [])
        effects.live.append(.began(stroke))
        effects.append(continueStroke(event))
        return effects
    }

    /// Adds the event's sample to the stroke in progress.
    func continueStroke(_ event: InputEvent) -> Effects {
        guard var stroke = live, stroke.device == event.device else { return Effects() }
        var effects = Effects()
        if stroke.stroke.samples.count >= Limits.samplesPerStroke {
            // A stroke at the limit is finished and a new one continues it, so nothing drawn is refused.
            effects.append(endStroke(device: event.device))
            effects.append(beginStroke(event))
            return effects
        }
        // The engine gets the sample as the document will keep it, so the live stroke and the saved one match.
        guard let stored = stroke.stroke.samples.append(sample(event)) else { return effects }
        var stamps: [Stamp] = []
        stroke.builder.add(stored, into: &stamps)
        effects.append(show(stamps))
        effects.append(predictTail(of: &stroke))
        live = stroke
        return effects
    }

    /// Shows the stroke to its last sample — the smoother otherwise stops halfway to it until the next one comes —
    /// then, with a predictor, along its guess: from a copy of the builder, so the stroke itself is untouched.
    /// Replaces the tail shown before.
    private func predictTail(of stroke: inout LiveStroke) -> Effects {
        var effects = Effects()
        var tail: [Stamp] = []
        var builder = stroke.builder
        if let predictor {
            for guess in predictor.predict(after: stroke.stroke.samples.suffix(16)) { builder.add(guess, into: &tail) }
        }
        builder.finish(into: &tail)
        let areas = Damage.areas(of: tail)
        guard !areas.isEmpty || !stroke.predictionAreas.isEmpty else { return effects }
        effects.live.append(.predicted(tail))
        effects.damage = Damage.merged(stroke.predictionAreas + areas)
        stroke.predictionAreas = areas
        return effects
    }

    /// Ends the stroke at pen-up: its last stamps, then the finished stroke for the document — one undo step. (A
    /// device that moved as it lifted sends that move first.)
    func endStroke(device: InputEvent.Device) -> Effects {
        var effects = Effects()
        guard var stroke = live, stroke.device == device else { return effects }
        live = nil
        var stamps: [Stamp] = []
        stroke.builder.finish(into: &stamps)
        if !stroke.predictionAreas.isEmpty {
            // The guess goes; the real end takes its place.
            effects.live.append(.predicted([]))
            effects.damage = stroke.predictionAreas
        }
        effects.append(show(stamps))
        let changes = document.append(.stroke(stroke.stroke))
        if changes.isEmpty {
            effects.live.append(.cancelled)
            if !stroke.stroke.samples.isEmpty {
                effects.messages.append(
                    StatusMessage(.error, "The stroke could not be added: the drawing has no element ids left"))
            }
        }
        effects.changes += changes
        if !changes.isEmpty { effects.append(rememberColor(of: stroke.stroke.brush)) }
        effects.redraw = true
        return effects
    }

    private func show(_ stamps: [Stamp]) -> Effects {
        var effects = Effects()
        guard !stamps.isEmpty else { return effects }
        effects.live.append(.stamps(stamps))
        effects.damage = Damage.areas(of: stamps)
        return effects
    }
}

extension EditingSession {
    /// The zoom a stroke begun now records: document pixels per logical window pixel, so a brush that keeps its
    /// on-screen size is as many logical pixels wide as its size says on any screen (as the editor's preview and
    /// the readout show it), not half of that on a screen of scale 2.
    var strokeCanvasScale: Double { view.scale / max(window.scale, 1) }
}
