#!/usr/bin/env python3
"""Rebuild the real-world Java evaluation sets from their committed references and local git mirrors.

The Java methods of tests/eval/realworld/ come from public repositories and are not committed: git
holds references only. A method line is {"id", "repo", "commit", "path", "line", "end_line",
"license", "sha256"}; a label line is {"method_id", "line", "span", "call_sha256", ..., "expected"},
where `span` = [start, end] are character offsets into the method text and the call's text is
`" ".join(java[start:end].split())` (the extractor's own whitespace folding), checked against
`call_sha256` (the first 16 hex digits of its SHA-256). A call the extractor cut at CALL_CAP
characters (its text ends in "...") carries `"cut": CALL_CAP`: its `span` covers the kept part and
its text is `" ".join(java[start:].split())[:cut - 3] + "..."`, as the extractor makes it.

    .venv/bin/python benchmarks/realworld_materialise.py --mirrors /work/.mirror

reads every file with `git --git-dir=<mirror> show <commit>:<path>` (a mirror is
MIRRORS/<owner>+<name>/repo, MIRRORS/<owner>+<name> or a clone's .git there), cuts lines
line..end_line the way benchmarks/realworld_cut.py does, verifies the hashes and writes the sets in
their full form ({"id", ..., "java"}; {"method_id", "call", "line", ...}) to .cjkb/realworld/
(git-ignored). Nothing is written unless every method of every set could be rebuilt, unless
--partial is given (then the methods that could not be rebuilt and their labels are left out, and
listed). The files are replaced atomically.

    .venv/bin/python benchmarks/realworld_materialise.py --to-refs DIR

does the reverse for new or edited sets: reads full files (same names) from DIR and writes their
references to tests/eval/realworld/ (or --refs-dir).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from realworld_cut import cut_method, text_sha256  # noqa: E402

REFS_DIR = ROOT / "tests" / "eval" / "realworld"
OUT_DIR = ROOT / ".cjkb" / "realworld"
# (methods file, labels file); the labels refer to the methods of the same pair
SETS = [
    ("methods.jsonl", "checked_calls.jsonl"),
    ("fresh_methods.jsonl", "fresh_calls.jsonl"),
    ("heldout_methods.jsonl", "heldout_calls.jsonl"),
    ("heldout4_methods.jsonl", "heldout4_calls.jsonl"),
    ("heldout5_methods.jsonl", "heldout5_calls.jsonl"),
    ("heldout6_methods.jsonl", "heldout6_calls.jsonl"),
    ("heldout7_methods.jsonl", "heldout7_calls.jsonl"),
    ("heldout8_methods.jsonl", "heldout8_calls.jsonl"),
    ("heldout9_methods.jsonl", "heldout9_calls.jsonl"),
    ("heldout10_methods.jsonl", "heldout10_calls.jsonl"),
    ("heldout11_methods.jsonl", "heldout11_calls.jsonl"),
    ("heldout12_methods.jsonl", "heldout12_calls.jsonl"),
    ("heldout13_methods.jsonl", "heldout13_calls.jsonl"),
    ("heldout14_methods.jsonl", "heldout14_calls.jsonl"),
    ("heldout15_methods.jsonl", "heldout15_calls.jsonl"),
    ("heldout16_methods.jsonl", "heldout16_calls.jsonl"),
    ("heldout17_methods.jsonl", "heldout17_calls.jsonl"),
    ("heldout18_methods.jsonl", "heldout18_calls.jsonl"),
    ("heldout19_methods.jsonl", "heldout19_calls.jsonl"),
    ("heldout20_methods.jsonl", "heldout20_calls.jsonl"),
    ("heldout22_methods.jsonl", "heldout22_calls.jsonl"),
    ("heldout23_methods.jsonl", "heldout23_calls.jsonl"),
    ("heldout25_methods.jsonl", "heldout25_calls.jsonl"),
    ("heldout24_methods.jsonl", "heldout24_calls.jsonl"),
    ("heldout21_methods.jsonl", "heldout21_calls.jsonl"),
    ("heldout26_methods.jsonl", "heldout26_calls.jsonl"),
    ("heldout27_methods.jsonl", "heldout27_calls.jsonl"),
    ("heldout28_methods.jsonl", "heldout28_calls.jsonl"),
    ("heldout29_methods.jsonl", "heldout29_calls.jsonl"),
    ("heldout33_methods.jsonl", "heldout33_calls.jsonl"),
    ("heldout31_methods.jsonl", "heldout31_calls.jsonl"),
    ("heldout30_methods.jsonl", "heldout30_calls.jsonl"),
    ("heldout32_methods.jsonl", "heldout32_calls.jsonl"),
    ("heldout34_methods.jsonl", "heldout34_calls.jsonl"),
    ("heldout35_methods.jsonl", "heldout35_calls.jsonl"),
    ("heldout36_methods.jsonl", "heldout36_calls.jsonl"),
    ("heldout37_methods.jsonl", "heldout37_calls.jsonl"),
    ("heldout38_methods.jsonl", "heldout38_calls.jsonl"),
    ("heldout39_methods.jsonl", "heldout39_calls.jsonl"),
    ("heldout41_methods.jsonl", "heldout41_calls.jsonl"),
    ("heldout42_methods.jsonl", "heldout42_calls.jsonl"),
    ("heldout43_methods.jsonl", "heldout43_calls.jsonl"),
    ("heldout44_methods.jsonl", "heldout44_calls.jsonl"),
    ("heldout45_methods.jsonl", "heldout45_calls.jsonl"),
    ("heldout40_methods.jsonl", "heldout40_calls.jsonl"),
    ("heldout46_methods.jsonl", "heldout46_calls.jsonl"),
    ("heldout47_methods.jsonl", "heldout47_calls.jsonl"),
    ("heldout48_methods.jsonl", "heldout48_calls.jsonl"),
    ("heldout49_methods.jsonl", "heldout49_calls.jsonl"),
    ("heldout50_methods.jsonl", "heldout50_calls.jsonl"),
    ("heldout51_methods.jsonl", "heldout51_calls.jsonl"),
    ("heldout52_methods.jsonl", "heldout52_calls.jsonl"),
    ("heldout53_methods.jsonl", "heldout53_calls.jsonl"),
    ("heldout54_methods.jsonl", "heldout54_calls.jsonl"),
    ("heldout56_methods.jsonl", "heldout56_calls.jsonl"),
    ("heldout57_methods.jsonl", "heldout57_calls.jsonl"),
    ("heldout55_methods.jsonl", "heldout55_calls.jsonl"),
    ("heldout58_methods.jsonl", "heldout58_calls.jsonl"),
    ("heldout59_methods.jsonl", "heldout59_calls.jsonl"),
    ("heldout60_methods.jsonl", "heldout60_calls.jsonl"),
    ("heldout61_methods.jsonl", "heldout61_calls.jsonl"),
    ("heldout62_methods.jsonl", "heldout62_calls.jsonl"),
    ("heldout63_methods.jsonl", "heldout63_calls.jsonl"),
    ("heldout64_methods.jsonl", "heldout64_calls.jsonl"),
    ("heldout65_methods.jsonl", "heldout65_calls.jsonl"),
    ("heldout66_methods.jsonl", "heldout66_calls.jsonl"),
    ("heldout67_methods.jsonl", "heldout67_calls.jsonl"),
    ("heldout68_methods.jsonl", "heldout68_calls.jsonl"),
    ("heldout69_methods.jsonl", "heldout69_calls.jsonl"),
    ("heldout70_methods.jsonl", "heldout70_calls.jsonl"),
    ("heldout71_methods.jsonl", "heldout71_calls.jsonl"),
    ("heldout72_methods.jsonl", "heldout72_calls.jsonl"),
    ("heldout73_methods.jsonl", "heldout73_calls.jsonl"),
    ("heldout74_methods.jsonl", "heldout74_calls.jsonl"),
    ("heldout75_methods.jsonl", "heldout75_calls.jsonl"),
    ("heldout76_methods.jsonl", "heldout76_calls.jsonl"),
    ("heldout77_methods.jsonl", "heldout77_calls.jsonl"),
    ("heldout78_methods.jsonl", "heldout78_calls.jsonl"),
    ("heldout79_methods.jsonl", "heldout79_calls.jsonl"),
    ("heldout80_methods.jsonl", "heldout80_calls.jsonl"),
    ("heldout81_methods.jsonl", "heldout81_calls.jsonl"),
    ("heldout82_methods.jsonl", "heldout82_calls.jsonl"),
    ("heldout83_methods.jsonl", "heldout83_calls.jsonl"),
    ("heldout84_methods.jsonl", "heldout84_calls.jsonl"),
    ("heldout85_methods.jsonl", "heldout85_calls.jsonl"),
    ("heldout86_methods.jsonl", "heldout86_calls.jsonl"),
    ("heldout87_methods.jsonl", "heldout87_calls.jsonl"),
    ("heldout88_methods.jsonl", "heldout88_calls.jsonl"),
    ("heldout89_methods.jsonl", "heldout89_calls.jsonl"),
    ("heldout90_methods.jsonl", "heldout90_calls.jsonl"),
    ("heldout91_methods.jsonl", "heldout91_calls.jsonl"),
    ("heldout92_methods.jsonl", "heldout92_calls.jsonl"),
    ("heldout93_methods.jsonl", "heldout93_calls.jsonl"),
    ("heldout94_methods.jsonl", "heldout94_calls.jsonl"),
    ("heldout95_methods.jsonl", "heldout95_calls.jsonl"),
    ("heldout96_methods.jsonl", "heldout96_calls.jsonl"),
    ("heldout97_methods.jsonl", "heldout97_calls.jsonl"),
    ("heldout98_methods.jsonl", "heldout98_calls.jsonl"),
    ("heldout99_methods.jsonl", "heldout99_calls.jsonl"),
    ("heldout100_methods.jsonl", "heldout100_calls.jsonl"),
    ("heldout101_methods.jsonl", "heldout101_calls.jsonl"),
    ("heldout102_methods.jsonl", "heldout102_calls.jsonl"),
    ("heldout103_methods.jsonl", "heldout103_calls.jsonl"),
    ("heldout104_methods.jsonl", "heldout104_calls.jsonl"),
    ("heldout105_methods.jsonl", "heldout105_calls.jsonl"),
    ("heldout106_methods.jsonl", "heldout106_calls.jsonl"),
    ("heldout107_methods.jsonl", "heldout107_calls.jsonl"),
    ("heldout108_methods.jsonl", "heldout108_calls.jsonl"),
    ("heldout109_methods.jsonl", "heldout109_calls.jsonl"),
    ("heldout110_methods.jsonl", "heldout110_calls.jsonl"),
    ("heldout111_methods.jsonl", "heldout111_calls.jsonl"),
    ("heldout112_methods.jsonl", "heldout112_calls.jsonl"),
    ("heldout113_methods.jsonl", "heldout113_calls.jsonl"),
    ("heldout114_methods.jsonl", "heldout114_calls.jsonl"),
    ("heldout115_methods.jsonl", "heldout115_calls.jsonl"),
    ("heldout116_methods.jsonl", "heldout116_calls.jsonl"),
    ("heldout117_methods.jsonl", "heldout117_calls.jsonl"),
    ("heldout118_methods.jsonl", "heldout118_calls.jsonl"),
    ("heldout119_methods.jsonl", "heldout119_calls.jsonl"),
    ("heldout120_methods.jsonl", "heldout120_calls.jsonl"),
    ("heldout121_methods.jsonl", "heldout121_calls.jsonl"),
    ("heldout122_methods.jsonl", "heldout122_calls.jsonl"),
    ("heldout123_methods.jsonl", "heldout123_calls.jsonl"),
    ("heldout124_methods.jsonl", "heldout124_calls.jsonl"),
    ("heldout125_methods.jsonl", "heldout125_calls.jsonl"),
    ("heldout126_methods.jsonl", "heldout126_calls.jsonl"),
    ("heldout127_methods.jsonl", "heldout127_calls.jsonl"),
    ("heldout128_methods.jsonl", "heldout128_calls.jsonl"),
    ("heldout129_methods.jsonl", "heldout129_calls.jsonl"),
    ("heldout130_methods.jsonl", "heldout130_calls.jsonl"),
    ("heldout131_methods.jsonl", "heldout131_calls.jsonl"),
    ("heldout132_methods.jsonl", "heldout132_calls.jsonl"),
    ("heldout133_methods.jsonl", "heldout133_calls.jsonl"),
    ("heldout134_methods.jsonl", "heldout134_calls.jsonl"),
    ("heldout135_methods.jsonl", "heldout135_calls.jsonl"),
    ("heldout136_methods.jsonl", "heldout136_calls.jsonl"),
    ("heldout137_methods.jsonl", "heldout137_calls.jsonl"),
    ("heldout138_methods.jsonl", "heldout138_calls.jsonl"),
    ("heldout139_methods.jsonl", "heldout139_calls.jsonl"),
    ("heldout140_methods.jsonl", "heldout140_calls.jsonl"),
    ("heldout141_methods.jsonl", "heldout141_calls.jsonl"),
    ("heldout142_methods.jsonl", "heldout142_calls.jsonl"),
    ("heldout143_methods.jsonl", "heldout143_calls.jsonl"),
    ("heldout144_methods.jsonl", "heldout144_calls.jsonl"),
    ("heldout145_methods.jsonl", "heldout145_calls.jsonl"),
    ("heldout146_methods.jsonl", "heldout146_calls.jsonl"),
    ("heldout147_methods.jsonl", "heldout147_calls.jsonl"),
    ("heldout148_methods.jsonl", "heldout148_calls.jsonl"),
    ("heldout149_methods.jsonl", "heldout149_calls.jsonl"),
    ("heldout150_methods.jsonl", "heldout150_calls.jsonl"),
    ("heldout151_methods.jsonl", "heldout151_calls.jsonl"),
    ("heldout152_methods.jsonl", "heldout152_calls.jsonl"),
    ("heldout153_methods.jsonl", "heldout153_calls.jsonl"),
    ("heldout154_methods.jsonl", "heldout154_calls.jsonl"),
    ("heldout155_methods.jsonl", "heldout155_calls.jsonl"),
    ("heldout156_methods.jsonl", "heldout156_calls.jsonl"),
    ("heldout157_methods.jsonl", "heldout157_calls.jsonl"),
    ("heldout158_methods.jsonl", "heldout158_calls.jsonl"),
    ("heldout159_methods.jsonl", "heldout159_calls.jsonl"),
    ("heldout160_methods.jsonl", "heldout160_calls.jsonl"),
    ("heldout161_methods.jsonl", "heldout161_calls.jsonl"),
    ("heldout162_methods.jsonl", "heldout162_calls.jsonl"),
    ("heldout163_methods.jsonl", "heldout163_calls.jsonl"),
    ("heldout165_methods.jsonl", "heldout165_calls.jsonl"),
    ("heldout168_methods.jsonl", "heldout168_calls.jsonl"),
    ("heldout171_methods.jsonl", "heldout171_calls.jsonl"),
    ("heldout172_methods.jsonl", "heldout172_calls.jsonl"),
    ("heldout173_methods.jsonl", "heldout173_calls.jsonl"),
    ("heldout174_methods.jsonl", "heldout174_calls.jsonl"),
    ("heldout175_methods.jsonl", "heldout175_calls.jsonl"),
    ("heldout176_methods.jsonl", "heldout176_calls.jsonl"),
    ("heldout177_methods.jsonl", "heldout177_calls.jsonl"),
    ("heldout178_methods.jsonl", "heldout178_calls.jsonl"),
    ("heldout179_methods.jsonl", "heldout179_calls.jsonl"),
    ("heldout180_methods.jsonl", "heldout180_calls.jsonl"),
    ("heldout181_methods.jsonl", "heldout181_calls.jsonl"),
    ("heldout182_methods.jsonl", "heldout182_calls.jsonl"),
    ("heldout183_methods.jsonl", "heldout183_calls.jsonl"),
    ("heldout184_methods.jsonl", "heldout184_calls.jsonl"),
    ("heldout185_methods.jsonl", "heldout185_calls.jsonl"),
    ("heldout186_methods.jsonl", "heldout186_calls.jsonl"),
    ("heldout187_methods.jsonl", "heldout187_calls.jsonl"),
    ("heldout188_methods.jsonl", "heldout188_calls.jsonl"),
    ("heldout189_methods.jsonl", "heldout189_calls.jsonl"),
    ("heldout190_methods.jsonl", "heldout190_calls.jsonl"),
    ("heldout191_methods.jsonl", "heldout191_calls.jsonl"),
    ("heldout192_methods.jsonl", "heldout192_calls.jsonl"),
    ("heldout193_methods.jsonl", "heldout193_calls.jsonl"),
    ("heldout194_methods.jsonl", "heldout194_calls.jsonl"),
    ("heldout195_methods.jsonl", "heldout195_calls.jsonl"),
    ("heldout196_methods.jsonl", "heldout196_calls.jsonl"),
    ("heldout197_methods.jsonl", "heldout197_calls.jsonl"),
    ("heldout198_methods.jsonl", "heldout198_calls.jsonl"),
    ("heldout199_methods.jsonl", "heldout199_calls.jsonl"),
    ("heldout200_methods.jsonl", "heldout200_calls.jsonl"),
    ("heldout201_methods.jsonl", "heldout201_calls.jsonl"),
    ("heldout202_methods.jsonl", "heldout202_calls.jsonl"),
    ("heldout203_methods.jsonl", "heldout203_calls.jsonl"),
    ("heldout204_methods.jsonl", "heldout204_calls.jsonl"),
    ("heldout205_methods.jsonl", "heldout205_calls.jsonl"),
    ("heldout206_methods.jsonl", "heldout206_calls.jsonl"),
    ("heldout207_methods.jsonl", "heldout207_calls.jsonl"),
    ("heldout208_methods.jsonl", "heldout208_calls.jsonl"),
    ("heldout209_methods.jsonl", "heldout209_calls.jsonl"),
    ("heldout210_methods.jsonl", "heldout210_calls.jsonl"),
    ("heldout211_methods.jsonl", "heldout211_calls.jsonl"),
    ("heldout212_methods.jsonl", "heldout212_calls.jsonl"),
    ("heldout213_methods.jsonl", "heldout213_calls.jsonl"),
    ("heldout214_methods.jsonl", "heldout214_calls.jsonl"),
    ("heldout215_methods.jsonl", "heldout215_calls.jsonl"),
    ("heldout216_methods.jsonl", "heldout216_calls.jsonl"),
    ("heldout217_methods.jsonl", "heldout217_calls.jsonl"),
    ("heldout218_methods.jsonl", "heldout218_calls.jsonl"),
    ("heldout219_methods.jsonl", "heldout219_calls.jsonl"),
    ("heldout220_methods.jsonl", "heldout220_calls.jsonl"),
    ("heldout221_methods.jsonl", "heldout221_calls.jsonl"),
    ("heldout222_methods.jsonl", "heldout222_calls.jsonl"),
    ("heldout223_methods.jsonl", "heldout223_calls.jsonl"),
    ("heldout224_methods.jsonl", "heldout224_calls.jsonl"),
    ("heldout225_methods.jsonl", "heldout225_calls.jsonl"),
    ("heldout226_methods.jsonl", "heldout226_calls.jsonl"),
    ("heldout227_methods.jsonl", "heldout227_calls.jsonl"),
    ("heldout228_methods.jsonl", "heldout228_calls.jsonl"),
    ("heldout229_methods.jsonl", "heldout229_calls.jsonl"),
    ("heldout230_methods.jsonl", "heldout230_calls.jsonl"),
    ("heldout231_methods.jsonl", "heldout231_calls.jsonl"),
    ("heldout232_methods.jsonl", "heldout232_calls.jsonl"),
    ("heldout233_methods.jsonl", "heldout233_calls.jsonl"),
    ("heldout234_methods.jsonl", "heldout234_calls.jsonl"),
    ("heldout235_methods.jsonl", "heldout235_calls.jsonl"),
    ("heldout236_methods.jsonl", "heldout236_calls.jsonl"),
    ("heldout237_methods.jsonl", "heldout237_calls.jsonl"),
    ("heldout238_methods.jsonl", "heldout238_calls.jsonl"),
    ("heldout239_methods.jsonl", "heldout239_calls.jsonl"),
    ("heldout240_methods.jsonl", "heldout240_calls.jsonl"),
    ("heldout241_methods.jsonl", "heldout241_calls.jsonl"),
    ("heldout242_methods.jsonl", "heldout242_calls.jsonl"),
    ("heldout243_methods.jsonl", "heldout243_calls.jsonl"),
    ("heldout244_methods.jsonl", "heldout244_calls.jsonl"),
    ("heldout245_methods.jsonl", "heldout245_calls.jsonl"),
    ("heldout246_methods.jsonl", "heldout246_calls.jsonl"),
    ("heldout247_methods.jsonl", "heldout247_calls.jsonl"),
    ("heldout248_methods.jsonl", "heldout248_calls.jsonl"),
    ("heldout249_methods.jsonl", "heldout249_calls.jsonl"),
    ("heldout250_methods.jsonl", "heldout250_calls.jsonl"),
    ("heldout251_methods.jsonl", "heldout251_calls.jsonl"),
    ("heldout252_methods.jsonl", "heldout252_calls.jsonl"),
    ("heldout253_methods.jsonl", "heldout253_calls.jsonl"),
    ("heldout254_methods.jsonl", "heldout254_calls.jsonl"),
    ("heldout255_methods.jsonl", "heldout255_calls.jsonl"),
    ("heldout256_methods.jsonl", "heldout256_calls.jsonl"),
    ("heldout257_methods.jsonl", "heldout257_calls.jsonl"),
    ("heldout258_methods.jsonl", "heldout258_calls.jsonl"),
    ("heldout259_methods.jsonl", "heldout259_calls.jsonl"),
    ("heldout260_methods.jsonl", "heldout260_calls.jsonl"),
    ("heldout261_methods.jsonl", "heldout261_calls.jsonl"),
    ("heldout262_methods.jsonl", "heldout262_calls.jsonl"),
    ("heldout263_methods.jsonl", "heldout263_calls.jsonl"),
    ("heldout264_methods.jsonl", "heldout264_calls.jsonl"),
    ("heldout265_methods.jsonl", "heldout265_calls.jsonl"),
    ("heldout266_methods.jsonl", "heldout266_calls.jsonl"),
    ("heldout267_methods.jsonl", "heldout267_calls.jsonl"),
    ("heldout268_methods.jsonl", "heldout268_calls.jsonl"),
    ("heldout269_methods.jsonl", "heldout269_calls.jsonl"),
    ("heldout270_methods.jsonl", "heldout270_calls.jsonl"),
    ("heldout271_methods.jsonl", "heldout271_calls.jsonl"),
    ("heldout272_methods.jsonl", "heldout272_calls.jsonl"),
    ("heldout273_methods.jsonl", "heldout273_calls.jsonl"),
    ("heldout274_methods.jsonl", "heldout274_calls.jsonl"),
    ("heldout275_methods.jsonl", "heldout275_calls.jsonl"),
    ("heldout276_methods.jsonl", "heldout276_calls.jsonl"),
    ("heldout277_methods.jsonl", "heldout277_calls.jsonl"),
    ("heldout278_methods.jsonl", "heldout278_calls.jsonl"),
    ("heldout279_methods.jsonl", "heldout279_calls.jsonl"),
    ("heldout280_methods.jsonl", "heldout280_calls.jsonl"),
    ("heldout281_methods.jsonl", "heldout281_calls.jsonl"),
    ("heldout282_methods.jsonl", "heldout282_calls.jsonl"),
    ("heldout283_methods.jsonl", "heldout283_calls.jsonl"),
    ("heldout284_methods.jsonl", "heldout284_calls.jsonl"),
    ("heldout285_methods.jsonl", "heldout285_calls.jsonl"),
    ("heldout286_methods.jsonl", "heldout286_calls.jsonl"),
    ("heldout287_methods.jsonl", "heldout287_calls.jsonl"),
    ("heldout288_methods.jsonl", "heldout288_calls.jsonl"),
    ("heldout289_methods.jsonl", "heldout289_calls.jsonl"),
    ("heldout290_methods.jsonl", "heldout290_calls.jsonl"),
    ("heldout291_methods.jsonl", "heldout291_calls.jsonl"),
    ("heldout292_methods.jsonl", "heldout292_calls.jsonl"),
    ("heldout293_methods.jsonl", "heldout293_calls.jsonl"),
    ("heldout294_methods.jsonl", "heldout294_calls.jsonl"),
    ("heldout295_methods.jsonl", "heldout295_calls.jsonl"),
    ("heldout296_methods.jsonl", "heldout296_calls.jsonl"),
    ("heldout297_methods.jsonl", "heldout297_calls.jsonl"),
    ("heldout298_methods.jsonl", "heldout298_calls.jsonl"),
    ("heldout299_methods.jsonl", "heldout299_calls.jsonl"),
    ("heldout300_methods.jsonl", "heldout300_calls.jsonl"),
    ("heldout301_methods.jsonl", "heldout301_calls.jsonl"),
    ("heldout302_methods.jsonl", "heldout302_calls.jsonl"),
    ("heldout303_methods.jsonl", "heldout303_calls.jsonl"),
    ("heldout304_methods.jsonl", "heldout304_calls.jsonl"),
    ("heldout305_methods.jsonl", "heldout305_calls.jsonl"),
    ("heldout306_methods.jsonl", "heldout306_calls.jsonl"),
    ("heldout307_methods.jsonl", "heldout307_calls.jsonl"),
    ("heldout308_methods.jsonl", "heldout308_calls.jsonl"),
    ("heldout309_methods.jsonl", "heldout309_calls.jsonl"),
    ("heldout310_methods.jsonl", "heldout310_calls.jsonl"),
    ("heldout311_methods.jsonl", "heldout311_calls.jsonl"),
    ("heldout312_methods.jsonl", "heldout312_calls.jsonl"),
    ("heldout313_methods.jsonl", "heldout313_calls.jsonl"),
    ("heldout314_methods.jsonl", "heldout314_calls.jsonl"),
    ("heldout315_methods.jsonl", "heldout315_calls.jsonl"),
    ("heldout316_methods.jsonl", "heldout316_calls.jsonl"),
    ("heldout317_methods.jsonl", "heldout317_calls.jsonl"),
    ("heldout318_methods.jsonl", "heldout318_calls.jsonl"),
    ("heldout319_methods.jsonl", "heldout319_calls.jsonl"),
    ("heldout320_methods.jsonl", "heldout320_calls.jsonl"),
    ("heldout321_methods.jsonl", "heldout321_calls.jsonl"),
    ("heldout322_methods.jsonl", "heldout322_calls.jsonl"),
    ("heldout323_methods.jsonl", "heldout323_calls.jsonl"),
    ("heldout324_methods.jsonl", "heldout324_calls.jsonl"),
    ("heldout325_methods.jsonl", "heldout325_calls.jsonl"),
    ("heldout326_methods.jsonl", "heldout326_calls.jsonl"),
    ("heldout327_methods.jsonl", "heldout327_calls.jsonl"),
    ("heldout328_methods.jsonl", "heldout328_calls.jsonl"),
    ("heldout329_methods.jsonl", "heldout329_calls.jsonl"),
    ("heldout330_methods.jsonl", "heldout330_calls.jsonl"),
    ("heldout331_methods.jsonl", "heldout331_calls.jsonl"),
    ("heldout332_methods.jsonl", "heldout332_calls.jsonl"),
    ("heldout333_methods.jsonl", "heldout333_calls.jsonl"),
    ("heldout334_methods.jsonl", "heldout334_calls.jsonl"),
    ("heldout335_methods.jsonl", "heldout335_calls.jsonl"),
    ("heldout336_methods.jsonl", "heldout336_calls.jsonl"),
    ("heldout337_methods.jsonl", "heldout337_calls.jsonl"),
    ("heldout338_methods.jsonl", "heldout338_calls.jsonl"),
    ("heldout339_methods.jsonl", "heldout339_calls.jsonl"),
    ("heldout340_methods.jsonl", "heldout340_calls.jsonl"),
    ("heldout341_methods.jsonl", "heldout341_calls.jsonl"),
    ("heldout342_methods.jsonl", "heldout342_calls.jsonl"),
    ("heldout343_methods.jsonl", "heldout343_calls.jsonl"),
    ("heldout344_methods.jsonl", "heldout344_calls.jsonl"),
    ("heldout345_methods.jsonl", "heldout345_calls.jsonl"),
    ("heldout346_methods.jsonl", "heldout346_calls.jsonl"),
    ("heldout347_methods.jsonl", "heldout347_calls.jsonl"),
    ("heldout348_methods.jsonl", "heldout348_calls.jsonl"),
    ("heldout349_methods.jsonl", "heldout349_calls.jsonl"),
    ("heldout350_methods.jsonl", "heldout350_calls.jsonl"),
    ("heldout351_methods.jsonl", "heldout351_calls.jsonl"),
    ("heldout352_methods.jsonl", "heldout352_calls.jsonl"),
    ("heldout353_methods.jsonl", "heldout353_calls.jsonl"),
    ("heldout354_methods.jsonl", "heldout354_calls.jsonl"),
    ("heldout355_methods.jsonl", "heldout355_calls.jsonl"),
    ("heldout356_methods.jsonl", "heldout356_calls.jsonl"),
    ("heldout357_methods.jsonl", "heldout357_calls.jsonl"),
    ("heldout358_methods.jsonl", "heldout358_calls.jsonl"),
    ("heldout359_methods.jsonl", "heldout359_calls.jsonl"),
    ("heldout360_methods.jsonl", "heldout360_calls.jsonl"),
    ("heldout361_methods.jsonl", "heldout361_calls.jsonl"),
    ("heldout362_methods.jsonl", "heldout362_calls.jsonl"),
    ("heldout363_methods.jsonl", "heldout363_calls.jsonl"),
    ("heldout364_methods.jsonl", "heldout364_calls.jsonl"),
    ("heldout365_methods.jsonl", "heldout365_calls.jsonl"),
    ("heldout366_methods.jsonl", "heldout366_calls.jsonl"),
    ("heldout367_methods.jsonl", "heldout367_calls.jsonl"),
    ("heldout368_methods.jsonl", "heldout368_calls.jsonl"),
    ("heldout369_methods.jsonl", "heldout369_calls.jsonl"),
    ("heldout370_methods.jsonl", "heldout370_calls.jsonl"),
    ("heldout371_methods.jsonl", "heldout371_calls.jsonl"),
    ("heldout372_methods.jsonl", "heldout372_calls.jsonl"),
    ("heldout373_methods.jsonl", "heldout373_calls.jsonl"),
    ("heldout374_methods.jsonl", "heldout374_calls.jsonl"),
    ("heldout375_methods.jsonl", "heldout375_calls.jsonl"),
    ("heldout376_methods.jsonl", "heldout376_calls.jsonl"),
    ("heldout377_methods.jsonl", "heldout377_calls.jsonl"),
    ("heldout378_methods.jsonl", "heldout378_calls.jsonl"),
    ("heldout379_methods.jsonl", "heldout379_calls.jsonl"),
    ("heldout380_methods.jsonl", "heldout380_calls.jsonl"),
    ("heldout381_methods.jsonl", "heldout381_calls.jsonl"),
    ("heldout382_methods.jsonl", "heldout382_calls.jsonl"),
    ("heldout383_methods.jsonl", "heldout383_calls.jsonl"),
    ("heldout384_methods.jsonl", "heldout384_calls.jsonl"),
    ("heldout385_methods.jsonl", "heldout385_calls.jsonl"),
    ("heldout386_methods.jsonl", "heldout386_calls.jsonl"),
    ("heldout387_methods.jsonl", "heldout387_calls.jsonl"),
    ("heldout388_methods.jsonl", "heldout388_calls.jsonl"),
    ("heldout389_methods.jsonl", "heldout389_calls.jsonl"),
    ("heldout390_methods.jsonl", "heldout390_calls.jsonl"),
    ("heldout391_methods.jsonl", "heldout391_calls.jsonl"),
    ("heldout392_methods.jsonl", "heldout392_calls.jsonl"),
    ("heldout393_methods.jsonl", "heldout393_calls.jsonl"),
    ("heldout394_methods.jsonl", "heldout394_calls.jsonl"),
    ("heldout395_methods.jsonl", "heldout395_calls.jsonl"),
    ("heldout396_methods.jsonl", "heldout396_calls.jsonl"),
    ("heldout397_methods.jsonl", "heldout397_calls.jsonl"),
    ("heldout398_methods.jsonl", "heldout398_calls.jsonl"),
    ("heldout399_methods.jsonl", "heldout399_calls.jsonl"),
    ("heldout400_methods.jsonl", "heldout400_calls.jsonl"),
    ("heldout401_methods.jsonl", "heldout401_calls.jsonl"),
    ("heldout402_methods.jsonl", "heldout402_calls.jsonl"),
    ("heldout403_methods.jsonl", "heldout403_calls.jsonl"),
    ("heldout404_methods.jsonl", "heldout404_calls.jsonl"),
    ("heldout405_methods.jsonl", "heldout405_calls.jsonl"),
    ("heldout406_methods.jsonl", "heldout406_calls.jsonl"),
    ("heldout407_methods.jsonl", "heldout407_calls.jsonl"),
    ("heldout408_methods.jsonl", "heldout408_calls.jsonl"),
    ("heldout409_methods.jsonl", "heldout409_calls.jsonl"),
    ("heldout410_methods.jsonl", "heldout410_calls.jsonl"),
    ("heldout411_methods.jsonl", "heldout411_calls.jsonl"),
    ("heldout412_methods.jsonl", "heldout412_calls.jsonl"),
    ("heldout413_methods.jsonl", "heldout413_calls.jsonl"),
    ("heldout414_methods.jsonl", "heldout414_calls.jsonl"),
    ("heldout415_methods.jsonl", "heldout415_calls.jsonl"),
    ("heldout416_methods.jsonl", "heldout416_calls.jsonl"),
    ("heldout417_methods.jsonl", "heldout417_calls.jsonl"),
    ("heldout418_methods.jsonl", "heldout418_calls.jsonl"),
    ("heldout419_methods.jsonl", "heldout419_calls.jsonl"),
    ("heldout420_methods.jsonl", "heldout420_calls.jsonl"),
    ("heldout421_methods.jsonl", "heldout421_calls.jsonl"),
    ("heldout422_methods.jsonl", "heldout422_calls.jsonl"),
    ("heldout423_methods.jsonl", "heldout423_calls.jsonl"),
    ("heldout424_methods.jsonl", "heldout424_calls.jsonl"),
    ("heldout425_methods.jsonl", "heldout425_calls.jsonl"),
    ("heldout426_methods.jsonl", "heldout426_calls.jsonl"),
    ("heldout427_methods.jsonl", "heldout427_calls.jsonl"),
    ("heldout428_methods.jsonl", "heldout428_calls.jsonl"),
    ("heldout429_methods.jsonl", "heldout429_calls.jsonl"),
    ("heldout430_methods.jsonl", "heldout430_calls.jsonl"),
    ("heldout431_methods.jsonl", "heldout431_calls.jsonl"),
    ("heldout432_methods.jsonl", "heldout432_calls.jsonl"),
    ("heldout433_methods.jsonl", "heldout433_calls.jsonl"),
    ("heldout434_methods.jsonl", "heldout434_calls.jsonl"),
    ("heldout435_methods.jsonl", "heldout435_calls.jsonl"),
    ("heldout436_methods.jsonl", "heldout436_calls.jsonl"),
    ("heldout437_methods.jsonl", "heldout437_calls.jsonl"),
    ("heldout438_methods.jsonl", "heldout438_calls.jsonl"),
    ("heldout439_methods.jsonl", "heldout439_calls.jsonl"),
    ("heldout440_methods.jsonl", "heldout440_calls.jsonl"),
    ("heldout441_methods.jsonl", "heldout441_calls.jsonl"),
    ("heldout442_methods.jsonl", "heldout442_calls.jsonl"),
    ("heldout443_methods.jsonl", "heldout443_calls.jsonl"),
    ("heldout444_methods.jsonl", "heldout444_calls.jsonl"),
    ("heldout445_methods.jsonl", "heldout445_calls.jsonl"),
    ("heldout446_methods.jsonl", "heldout446_calls.jsonl"),
    ("heldout447_methods.jsonl", "heldout447_calls.jsonl"),
    ("heldout448_methods.jsonl", "heldout448_calls.jsonl"),
    ("heldout449_methods.jsonl", "heldout449_calls.jsonl"),
    ("heldout450_methods.jsonl", "heldout450_calls.jsonl"),
    ("heldout451_methods.jsonl", "heldout451_calls.jsonl"),
    ("heldout452_methods.jsonl", "heldout452_calls.jsonl"),
    ("heldout453_methods.jsonl", "heldout453_calls.jsonl"),
    ("heldout454_methods.jsonl", "heldout454_calls.jsonl"),
    ("heldout455_methods.jsonl", "heldout455_calls.jsonl"),
    ("heldout456_methods.jsonl", "heldout456_calls.jsonl"),
    ("heldout457_methods.jsonl", "heldout457_calls.jsonl"),
    ("heldout458_methods.jsonl", "heldout458_calls.jsonl"),
    ("heldout459_methods.jsonl", "heldout459_calls.jsonl"),
    ("heldout460_methods.jsonl", "heldout460_calls.jsonl"),
    ("heldout461_methods.jsonl", "heldout461_calls.jsonl"),
    ("heldout462_methods.jsonl", "heldout462_calls.jsonl"),
    ("heldout463_methods.jsonl", "heldout463_calls.jsonl"),
    ("heldout464_methods.jsonl", "heldout464_calls.jsonl"),
    ("heldout465_methods.jsonl", "heldout465_calls.jsonl"),
    ("heldout466_methods.jsonl", "heldout466_calls.jsonl"),
    ("heldout467_methods.jsonl", "heldout467_calls.jsonl"),
    ("heldout468_methods.jsonl", "heldout468_calls.jsonl"),
    ("heldout469_methods.jsonl", "heldout469_calls.jsonl"),
    ("heldout470_methods.jsonl", "heldout470_calls.jsonl"),
    ("heldout471_methods.jsonl", "heldout471_calls.jsonl"),
    ("heldout472_methods.jsonl", "heldout472_calls.jsonl"),
    ("heldout473_methods.jsonl", "heldout473_calls.jsonl"),
    ("heldout474_methods.jsonl", "heldout474_calls.jsonl"),
    ("heldout475_methods.jsonl", "heldout475_calls.jsonl"),
    ("heldout476_methods.jsonl", "heldout476_calls.jsonl"),
    ("heldout477_methods.jsonl", "heldout477_calls.jsonl"),
    ("heldout478_methods.jsonl", "heldout478_calls.jsonl"),
    ("heldout479_methods.jsonl", "heldout479_calls.jsonl"),
    ("heldout480_methods.jsonl", "heldout480_calls.jsonl"),
    ("heldout481_methods.jsonl", "heldout481_calls.jsonl"),
    ("heldout482_methods.jsonl", "heldout482_calls.jsonl"),
]
CALL_HASH_LEN = 16
CALL_CAP = 240  # the extractor's cap on a call's text (cjkb_graph/java/model.py, _TEXT_CAP)
HOW = (
    "tests/eval/realworld/ holds references only (the Java code of public repositories is not committed);\n"
    "materialise the sets from local git mirrors of the repositories listed in tests/eval/realworld/samples/:\n"
    "    .venv/bin/python benchmarks/realworld_materialise.py --mirrors /work/.mirror\n"
    "(MIRRORS/<owner>+<name>/repo as the fetch tool makes them, or any clone at those commits); "
    "this writes .cjkb/realworld/*.jsonl"
)


class RefError(Exception):
    """A reference that cannot be turned back into its text (missing mirror/commit, hash mismatch)."""


def load_jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def dump_line(row: dict) -> str:
    return json.dumps(row, ensure_ascii=False) + "\n"


def call_text(java: str, span: list[int], cut: int | None = None) -> str:
    start, end = span
    if cut:  # the extractor cut the text: the first cut - 3 folded characters from start, then "..."
        return " ".join(java[start:].split())[: cut - 3] + "..."
    return " ".join(java[start:end].split())


def call_hash(text: str) -> str:
    return text_sha256(text)[:CALL_HASH_LEN]


def not_materialised(path: Path, field: str) -> str | None:
    """Why `path` cannot be used as a full set (None: it can): missing, or a reference file."""
    if not path.exists():
        return f"{path} does not exist.\n{HOW}"
    with path.open(encoding="utf-8") as f:
        first = next((line for line in f if line.strip()), None)
    if first is not None and field not in json.loads(first):
        return f"{path} has no {field!r} field: it is a reference file, not a materialised set.\n{HOW}"
    return None


# ---------------------------------------------------------------------------------------------
# references -> full files
# ---------------------------------------------------------------------------------------------
def git_dir_for(mirrors: Path, repo: str) -> Path | None:
    base = mirrors / repo.replace("/", "+")
    # a bare mirror (owner+name/repo), or a working clone: the fetch tool gives some as owner+name/repo/.git
    for cand in (
        base / "repo",
        base / "repo" / ".git",
        base / ".git",
        base,
        mirrors / repo / ".git",
        mirrors / repo,
    ):
        if (cand / "HEAD").is_file() and (cand / "objects").is_dir():
            return cand
    return None


class Mirrors:
    def __init__(self, root: Path):
        self.root = root
        self.files: dict[tuple[str, str, str], str] = {}

    def show(self, repo: str, commit: str, path: str) -> str:
        key = (repo, commit, path)
        if key not in self.files:
            git_dir = git_dir_for(self.root, repo)
            if git_dir is None:
                raise RefError(f"no mirror of {repo} under {self.root}")
            # the same text mode as realworld_cut.git (universal newlines, undecodable bytes replaced)
            p = subprocess.run(
                ["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
                capture_output=True,
                text=True,
                errors="replace",
            )
            if p.returncode != 0:
                raise RefError(f"{repo}@{commit[:10]}:{path}: {p.stderr.strip().splitlines()[-1:]}")
            self.files[key] = p.stdout
        return self.files[key]


def method_row(ref: dict, mirrors: Mirrors) -> dict:
    src = mirrors.show(ref["repo"], ref["commit"], ref["path"])
    java = cut_method(src, ref["line"], ref["end_line"])
    if text_sha256(java) != ref["sha256"]:
        raise RefError(
            f"{ref['id']}: the text of lines {ref['line']}-{ref['end_line']} does not match sha256"
        )
    out = {k: v for k, v in ref.items() if k not in ("end_line", "sha256")}
    out["java"] = java  # last, as realworld_cut wrote it
    return out


def label_row(ref: dict, java: str) -> dict:
    text = call_text(java, ref["span"], ref.get("cut"))
    if call_hash(text) != ref["call_sha256"]:
        raise RefError(f"{ref['method_id']} line {ref['line']} span {ref['span']}: call text does not match")
    rest = {k: v for k, v in ref.items() if k not in ("method_id", "span", "call_sha256", "cut")}
    return {"method_id": ref["method_id"], "call": text, **rest}


def materialise(
    mirrors: Path, refs_dir: Path, partial: bool, sets: list[tuple[str, str]] = SETS
) -> tuple[dict[str, str], list[str]]:
    """{file name: full text} for every set, and the list of references that could not be rebuilt."""
    m = Mirrors(mirrors)
    texts: dict[str, str] = {}
    problems: list[str] = []
    for methods_name, labels_name in sets:
        java: dict[str, str] = {}
        lines = []
        for ref in load_jsonl(refs_dir / methods_name):
            try:
                row = method_row(ref, m)
            except RefError as e:
                problems.append(f"{methods_name}: {e}")
                continue
            java[row["id"]] = row["java"]
            lines.append(dump_line(row))
        texts[methods_name] = "".join(lines)
        lines = []
        for ref in load_jsonl(refs_dir / labels_name):
            if ref["method_id"] not in java:
                problems.append(
                    f"{labels_name}: label of {ref['method_id']} line {ref['line']} (method missing)"
                )
                continue
            try:
                lines.append(dump_line(label_row(ref, java[ref["method_id"]])))
            except RefError as e:
                problems.append(f"{labels_name}: {e}")
        texts[labels_name] = "".join(lines)
    if problems and not partial:
        return {}, problems
    return texts, problems


def write_atomically(out_dir: Path, texts: dict[str, str]) -> None:
    """Every file is written to a temporary name first and renamed into place at the end."""
    out_dir.mkdir(parents=True, exist_ok=True)
    tmps = []
    try:
        for name, text in texts.items():
            fd, tmp = tempfile.mkstemp(dir=out_dir, prefix=f".{name}.", suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
                f.write(text)
            os.chmod(tmp, 0o644)  # mkstemp makes 0600
            tmps.append((tmp, out_dir / name))
        for tmp, dest in tmps:
            os.replace(tmp, dest)
    finally:
        for tmp, _ in tmps:
            if os.path.exists(tmp):
                os.unlink(tmp)


# ---------------------------------------------------------------------------------------------
# full files -> references
# ---------------------------------------------------------------------------------------------
def method_ref(row: dict) -> dict:
    out = {k: v for k, v in row.items() if k != "java"}
    lic = out.pop("license", None)
    out["end_line"] = row["line"] + row["java"].count("\n")
    out["license"] = lic
    out["sha256"] = text_sha256(row["java"])
    return out


def _folded(java: str) -> tuple[str, list[int]]:
    """java with whitespace runs folded to one space (stripped), and each character's offset in java."""
    chars, offs = [], []
    for i, ch in enumerate(java):
        if ch.isspace():
            if chars and chars[-1] != " ":
                chars.append(" ")
                offs.append(i)
        else:
            chars.append(ch)
            offs.append(i)
    return "".join(chars), offs


def find_span(java: str, text: str, line: int, nth: int, cut: bool = False) -> list[int]:
    """The character span of the nth occurrence (0-based) of call `text` whose lines include `line`.

    cut: `text` is the kept part of a call the extractor cut, so its line may lie after the span."""
    folded, offs = _folded(java)
    hits, i = [], folded.find(text)
    while i >= 0:
        start, end = offs[i], offs[i + len(text) - 1] + 1
        if java.count("\n", 0, start) + 1 <= line <= java.count("\n", 0, len(java) if cut else end) + 1:
            hits.append([start, end])
        i = folded.find(text, i + 1)
    if cut and hits and nth >= len(hits):
        # two calls of one chain that the cap cuts to the same text start at the same place
        # (a(..).b(..) and a(..).b(..).c()): they share the span of the kept text
        return hits[-1]
    if nth >= len(hits):
        raise RefError(f"call {text[:40]!r} not found {nth + 1} time(s) around line {line}")
    return hits[nth]


def label_refs(rows: list[dict], java: dict[str, str]) -> list[dict]:
    seen: dict[tuple[str, int, str], int] = {}
    out = []
    for row in rows:
        key = (row["method_id"], row["line"], row["call"])
        nth = seen.get(key, 0)  # the same text twice on a line: the labels take the occurrences in order
        seen[key] = nth + 1
        cut = len(row["call"]) == CALL_CAP and row["call"].endswith("...")
        text = row["call"][:-3].rstrip() if cut else row["call"]
        span = find_span(java[row["method_id"]], text, row["line"], nth, cut)
        assert call_text(java[row["method_id"]], span, CALL_CAP if cut else None) == row["call"]
        rest = {k: v for k, v in row.items() if k not in ("method_id", "call", "line")}
        out.append(
            {
                "method_id": row["method_id"],
                "line": row["line"],
                "span": span,
                "call_sha256": call_hash(row["call"]),
                **({"cut": CALL_CAP} if cut else {}),
                **rest,
            }
        )
    return out


def to_refs(full_dir: Path, refs_dir: Path, sets: list[tuple[str, str]] = SETS) -> None:
    for methods_name, labels_name in sets:
        rows = load_jsonl(full_dir / methods_name)
        java = {r["id"]: r["java"] for r in rows}
        texts = {
            methods_name: "".join(dump_line(method_ref(r)) for r in rows),
            labels_name: "".join(dump_line(r) for r in label_refs(load_jsonl(full_dir / labels_name), java)),
        }
        write_atomically(refs_dir, texts)
        print(f"{refs_dir / methods_name}: {len(rows)} methods; {refs_dir / labels_name}", file=sys.stderr)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mirrors", type=Path, help="directory of bare mirrors <owner>+<name>/repo")
    ap.add_argument("--refs-dir", type=Path, default=REFS_DIR, help="the committed references")
    ap.add_argument("--out", type=Path, default=OUT_DIR, help="where the full files go (git-ignored)")
    ap.add_argument("--partial", action="store_true", help="write what can be rebuilt, list the rest")
    ap.add_argument("--to-refs", type=Path, metavar="DIR", help="write references from the full files in DIR")
    a = ap.parse_args(argv)
    if a.to_refs:
        to_refs(a.to_refs, a.refs_dir)
        return 0
    if not a.mirrors:
        ap.error("--mirrors MIRRORS (or --to-refs DIR) is required")
    texts, problems = materialise(a.mirrors, a.refs_dir, a.partial)
    for p in problems:
        print(f"cannot rebuild: {p}", file=sys.stderr)
    if not texts:
        print(
            f"{len(problems)} reference(s) could not be rebuilt; nothing written (--partial writes the rest)"
        )
        return 1
    write_atomically(a.out, texts)
    for name, text in texts.items():
        print(f"{a.out / name}: {text.count(chr(10))} lines")
    if problems:
        print(f"{len(problems)} reference(s) left out (see above)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
