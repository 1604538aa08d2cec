#!/usr/bin/env python3
"""Builds the fallback fonts embedded here from GNU Unifont's OTF files:
each keeps only the characters DejaVu Sans lacks, and is stored
zlib-compressed (`render/src/raster.rs` inflates them).

Why the subset: when a fallback font has every character of a line, usvg
draws the whole line in it; a Unifont with ASCII would turn
"アリス (black) to move" into a pixel font from end to end. Without what
DejaVu Sans has, the fallback only ever fills in the characters DejaVu lacks.

Usage (python3-fonttools; the Debian package fonts-unifont has the OTFs):

    python3 subset-unifont.py DejaVuSans.ttf unifont.otf unifont_upper.otf
"""

import io
import sys
import zlib

from fontTools import subset
from fontTools.ttLib import TTFont


def main(dejavu_path, *unifont_paths):
    dejavu = TTFont(dejavu_path).getBestCmap()
    for path in unifont_paths:
        font = TTFont(path)
        version = font["name"].getDebugName(5).split()[-1]
        keep = [u for u in font.getBestCmap() if u not in dejavu]
        options = subset.Options()
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.name_languages = ["*"]
        options.notdef_outline = True
        options.hinting = False
        options.prune_unicode_ranges = False
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=keep)
        subsetter.subset(font)
        stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        out = f"{stem}-{version}-subset.otf.zz"
        buffer = io.BytesIO()
        font.save(buffer)
        data = buffer.getvalue()
        with open(out, "wb") as f:
            f.write(zlib.compress(data, 9))
        print(f"{out}: {len(keep)} characters, {len(data)} bytes, stored in {len(zlib.compress(data, 9))}")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(*sys.argv[1:])
