// `import MaLiang` is all a program needs: the stroke engine's values (brushes, colours, points, samples, the
// document) and images come with the canvas.
@_exported import MaLiangCore
@_exported import PNGCodec
