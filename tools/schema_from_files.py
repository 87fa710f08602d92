"""Draft a family's strict game-file schema from its shipped files (a starting point, then kept by hand).

    ONLY=<family> python tools/schema_from_files.py   # writes rules/<family>/schema.py (add it to TOP first)

Every key seen becomes a field (required where every file has it), every mapping a strict model, keys that are
not identifiers make a ``dict``; ``cite`` is :data:`rules.gamefile.Cite`, ``pays`` a :data:`rules.gamefile.PayFigure`.
Tighten the draft by hand: maps with identifier keys (spot names), ``Literal`` choices, bounds.
"""

import collections
import glob
import keyword
import os
import re
import sys
from pathlib import Path

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = [
    "id",
    "family",
    "name",
    "room",
    "source",
    "choices",
    "supports",
    "deck",
    "deal",
    "irregularities",
    "wager_limits",
    "filed_rules",
    "rotation",
]
IDENT = re.compile(r"^[a-z_][a-z0-9_]*$")
DEFAULT_KIND = {("paigow", ".bonuses[]"): "hand"}
MAP_PATHS = set(sys.argv[1].split(",")) if len(sys.argv) > 1 and sys.argv[1] else set()


def camel(path):
    parts = re.split(r"[^A-Za-z0-9]+", path)
    return "".join(p[:1].upper() + p[1:] for p in parts if p) or "Root"


class Gen:
    def __init__(self, family, prefix=""):
        self.family = family
        self.models = []  # (name, code)
        self.names = set()
        self.prefix = prefix

    def name(self, path):
        base = self.prefix + camel(path)
        n = base
        i = 2
        while n in self.names:
            n = f"{base}{i}"
            i += 1
        self.names.add(n)
        return n

    def type_of(self, values, path, key=None):
        if key == "cite" and all(isinstance(v, (str, dict)) for v in values):
            return "Cite"
        kinds = collections.OrderedDict()
        for v in values:
            kinds.setdefault(self.t(v), []).append(v)
        parts = []
        for k, vs in kinds.items():
            if k == "dict":
                parts.append(self.dict_type(vs, path, key))
            elif k == "list":
                items = [x for v in vs for x in v]
                if not items:
                    parts.append("list[Any]")
                else:
                    parts.append(f"list[{self.type_of(items, path + '[]', key)}]")
            elif k in ("int", "str", "float") and key in ("pays",):
                if "PayFigure" not in parts:
                    parts.append("PayFigure")
            elif k == "float":
                parts.append("FiniteFloat")
            elif k == "null":
                parts.append("None")
            else:
                parts.append(k)
        if key == "cite" and set(kinds) <= {"str", "dict"}:
            return "Cite"
        # order: models first then scalars; keep
        return " | ".join(dict.fromkeys(parts))

    @staticmethod
    def t(v):
        if isinstance(v, bool):
            return "bool"
        if isinstance(v, int):
            return "int"
        if isinstance(v, float):
            return "float"
        if isinstance(v, str):
            return "str"
        if v is None:
            return "null"
        if isinstance(v, list):
            return "list"
        if isinstance(v, dict):
            return "dict"
        if hasattr(v, "isoformat"):
            return "str"
        raise TypeError(v)

    def dict_type(self, dicts, path, key):
        keys = [k for d in dicts for k in d]
        if path in MAP_PATHS or any(not isinstance(k, str) or not IDENT.match(k) for k in keys):
            kt = sorted(
                {
                    (
                        "int"
                        if isinstance(k, int) and not isinstance(k, bool)
                        else "bool"
                        if isinstance(k, bool)
                        else "str"
                    )
                    for k in keys
                }
            ) or ["str"]
            vals = [v for d in dicts for v in d.values()]
            vt = self.type_of(vals, path + ".*", None) if vals else "Any"
            return f"dict[{' | '.join(kt)}, {vt}]"
        # discriminated union on kind (a missing kind is the family's default kind)
        default = DEFAULT_KIND.get((self.family, path))
        if default is not None:
            by = collections.OrderedDict()
            for d in dicts:
                by.setdefault(d.get("kind", default), []).append(d)
            tags = []
            for k, vs in by.items():
                n = self.model(vs, f"{path}.{k}", kind=k, kind_default=default)
                tags.append(f"Annotated[{n}, Tag({k!r})]")
            return f"Annotated[{' | '.join(tags)}, Discriminator(kind_or({default!r}))]"
        if (
            all("kind" in d and isinstance(d["kind"], str) for d in dicts)
            and len({d["kind"] for d in dicts}) > 1
            and path.endswith("[]")
        ):
            by = collections.OrderedDict()
            for d in dicts:
                by.setdefault(d["kind"], []).append(d)
            names = [self.model(vs, f"{path}.{k}", kind=k) for k, vs in by.items()]
            return f'Annotated[{" | ".join(names)}, Field(discriminator="kind")]'
        return self.model(dicts, path)

    def model(self, dicts, path, kind=None, base="Strict", skip=(), literal_family=None, kind_default=None):
        name = self.name(path.replace("[]", "").replace(".", " "))
        order = []
        for d in dicts:
            for k in d:
                if k not in order and k not in skip:
                    order.append(k)
        lines = []
        if kind is not None and kind == kind_default and "kind" not in order:
            order.insert(0, "kind")
        for k in order:
            vals = [d[k] for d in dicts if k in d]
            required = all(k in d for d in dicts)
            if k == "kind" and kind is not None and kind == kind_default:
                lines.append(f"    kind: Literal[{kind!r}] = {kind!r}")
                continue
            if k == "kind" and kind is not None:
                typ = f"Literal[{kind!r}]"
                if kind == kind_default:
                    required = False
            elif k == "family" and literal_family:
                typ = "Literal[" + ", ".join(repr(f) for f in literal_family) + "]"
            else:
                typ = self.type_of(vals, f"{path}.{k}", k)
            py = (
                k
                if k.isidentifier() and not keyword.iskeyword(k) and not k.startswith("_")
                else re.sub(r"\W", "_", k) + "_"
            )
            if py[0].isdigit():
                py = "n" + py
            default = "" if required else " = None"
            if not required and "None" not in typ.split(" | "):
                typ = f"{typ} | None"
            if py != k:
                default = f" = Field({'None, ' if not required else ''}alias={k!r})"
            lines.append(f"    {py}: {typ}{default}")
        desc = path.strip(".").replace("[]", "[]") or "the whole file"
        doc = f'    """``{desc}``' + (f" (kind ``{kind}``)" if kind else "") + '."""'
        code = f"class {name}({base}):\n{doc}\n\n" + ("\n".join(lines) if lines else "    pass")
        self.models.append((name, code))
        return name


def load(pattern):
    out = collections.defaultdict(list)
    for p in sorted(glob.glob(f"{ROOT}/config/games/*/*.yaml")):
        d = yaml.safe_load(Path(p).read_text(encoding="utf-8"))
        out[d.get("engine", d["family"])].append(d)
    return out


TOP = {
    "baccarat": "BaccaratFile",
    "blackjack": "BlackjackFile",
    "poker": "PokerFile",
    "paigow": "PaiGowFile",
    "paigowtiles": "PaiGowTilesFile",
    "threecard": "ThreeCardFile",
    "twocardpeek": "TwoCardPeekFile",
    "chinese": "ChinesePokerFile",
}
RENAME = {
    "Choices": "Choice",
    "DealPhases": "DealPhase",
    "Irregularities": "Irregularity",
    "IrregularitiesWhen": "IrregularityWhen",
}


def emit():

    fams = load("")
    alld = [d for ds in fams.values() for d in ds]
    g = Gen("shared")
    shared = [{k: d[k] for k in SHARED if k in d} for d in alld]
    g.model(shared, "")
    code = (
        "\n\n\n".join(c for _, c in g.models)
        .replace("class Root(Strict)", "class GameFileBase(Strict)")
        .replace(
            '"""``the whole file``."""',
            '"""The keys every game file shares: the header (docs/games.md) and the round engine\'s."""',
        )
    )
    for a, b in RENAME.items():
        code = re.sub(rf"\b{a}\b", b, code)
    if os.environ.get("SHARED_OUT"):  # the shared models, to merge into rules/gamefile.py by hand
        Path(os.environ["SHARED_OUT"]).write_text(code + "\n", encoding="utf-8")
    only = set(os.environ.get("ONLY", "").split(",")) - {""}
    for fam, ds in fams.items():
        if only and fam not in only:
            continue
        g = Gen(fam)
        lit = sorted({d["family"] for d in ds})
        g.model(ds, "", base="GameFileBase", skip=[k for k in SHARED if k != "family"], literal_family=lit)
        body = "\n\n\n".join(c for _, c in g.models).replace(
            "class Root(GameFileBase)", f"class {TOP[fam]}(GameFileBase)"
        )
        body = body.replace(
            '"""``the whole file``."""',
            f'"""A {fam} game file: the shared keys (:class:`rules.gamefile.GameFileBase`) and the family\'s own."""',
        )
        used = [
            n
            for n in ("Cite", "FiniteFloat", "GameFileBase", "PayFigure", "Strict", "kind_or")
            if re.search(rf"\b{n}\b", body)
        ]
        typing = [n for n in ("Annotated", "Any", "Literal") if re.search(rf"\b{n}\b", body)]
        pyd = [n for n in ("Discriminator", "Field", "Tag") if re.search(rf"\b{n}(\(|\b)", body)]
        head = f'''"""The schema of the {fam} family's game files: strict pydantic models (``rules.gamefile``).

Written from the shipped files' keys and kept by hand: an unknown key or a wrong type is refused with its file,
line and field when the catalogue loads (``dealer-terminal games``, ``config check``). The family's engine
model is built from the same mapping by its own parser.
"""

from __future__ import annotations

'''
        if typing:
            head += f"from typing import {', '.join(typing)}\n\n"
        if pyd:
            head += f"from pydantic import {', '.join(pyd)}\n\n"
        head += f"from rules.gamefile import {', '.join(used)}\n"
        pkg = fam
        Path(f"{ROOT}/rules/{pkg}/schema.py").write_text(head + "\n\n" + body + "\n", encoding="utf-8")


if __name__ == "__main__":
    emit()
