#!/usr/bin/python3
"""MyPaint 2.0 (Debian's mypaint package) as an OpenRaster peer, through its own document library, without its
window: `flatten IN.ora OUT.png W H` composes the layers over transparency (no background) into a W×H PNG;
`resave IN.ora OUT.ora` reads the file and writes it as MyPaint writes its own; `describe IN.ora OUT.txt` lists the
layers as MyPaint read them, top first, one a line: name, composite op, opacity, visible, locked (tab-separated)."""
import sys

sys.path.insert(0, "/usr/lib/mypaint")
import lib.document  # noqa: E402
import lib.mypaintlib  # noqa: E402


def main(command, source, output, *size):
    document = lib.document.Document()
    document.load(source)
    if command == "flatten":
        width, height = int(size[0]), int(size[1])
        document.layer_stack.save_as_png(output, 0, 0, width, height, alpha=True, render_background=False)
    elif command == "resave":
        document.save(output)
    elif command == "describe":
        with open(output, "w") as out:
            for _, layer in document.layer_stack.walk():
                op = lib.mypaintlib.combine_mode_get_info(layer.mode)["name"]
                fields = [layer.name, op, "%.3f" % layer.opacity, str(layer.visible), str(layer.locked)]
                out.write("\t".join(fields) + "\n")
    else:
        raise SystemExit(f"unknown command {command}")
    document.cleanup()


if __name__ == "__main__":
    main(*sys.argv[1:])
