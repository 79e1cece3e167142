#!/usr/bin/env python3
"""Bundles fuzz/seeds/<target>/* into tests/fixtures/fuzz-seeds.json (target -> [inputs]),
so tests/wasm_hostile.rs can feed the corpora through the wasm build with include_str!.
tests/prop_regressions.rs fails when the bundle is out of date. Run after changing seeds."""
import json, os, sys
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "seeds")
out = {}
for target in sorted(os.listdir(root)):
    items = []
    for name in sorted(os.listdir(os.path.join(root, target))):
        with open(os.path.join(root, target, name), "rb") as f:
            data = f.read()
        try:
            items.append(data.decode("utf-8"))
        except UnicodeDecodeError:
            pass  # the targets skip non-UTF-8 input too
    out[target] = items
dest = os.path.join(os.path.dirname(root), "..", "tests", "fixtures", "fuzz-seeds.json")
text = json.dumps(out, indent=1, sort_keys=True) + "\n"
if len(sys.argv) > 1 and sys.argv[1] == "--print":
    sys.stdout.write(text)
else:
    with open(dest, "w") as f:
        f.write(text)
