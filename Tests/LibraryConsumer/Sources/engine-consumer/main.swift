// The stroke engine alone (`import MaLiangCore`, Foundation only): a stroke's stamps from its samples, printed
// one line per stamp: x y size angle alpha.
import MaLiangCore

var brush = Brush(name: "round", pointSize: 10, pointStep: 5)
brush.forceSensitive = 1
let samples = (0...10).map { InputSample(position: Point(x: Double($0) * 10, y: 0), pressure: Double($0) / 10) }
let stroke = Stroke(id: ElementID(1), brush: .brush(brush), seed: 1, samples: samples)
var builder = stroke.makeBuilder()
let stamps = builder.add(stroke.samples) + builder.finish()
for stamp in stamps { print(stamp.x, stamp.y, stamp.size, stamp.angle, stamp.alpha) }
