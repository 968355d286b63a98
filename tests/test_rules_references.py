"""Every rule the code, tests, README and lessons cite is a section of the project's own docs/rules.md."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
RULES = (ROOT / "docs" / "rules.md").read_text()
SECTIONS = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)[. ]", RULES, re.M))


def cited_files() -> list[Path]:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for folder, pattern in (("keinstich", "*.py"), ("widgets", "*.py"), ("tests", "*.py"), ("lessons", "*.ipynb"),
                            ("apps", "*.ipynb"), ("benchmarks", "*.py")):
        files += sorted((ROOT / folder).rglob(pattern))
    return files


def test_the_rules_document_numbers_its_sections():
    assert {"1.1", "2.3", "2.6", "2.7", "3.2", "3.3", "4.4", "4.6", "5", "6", "7"} <= SECTIONS


def test_nothing_cites_a_rules_file_outside_the_project():
    outside_file = "RULES" + ".md"  # spelled apart so this test does not cite it itself
    outside = [str(f.relative_to(ROOT)) for f in cited_files() if outside_file in f.read_text()]
    assert outside == []


def test_every_cited_section_exists():
    missing = []
    for f in cited_files():
        for ref in re.findall(r"rules\.md\)? ?§ ?(\d+(?:\.\d+)?)", f.read_text()):
            if ref not in SECTIONS:
                missing.append(f"{f.relative_to(ROOT)}: §{ref}")
    assert missing == []
