"""YAML from untrusted hands, with limits: size, nesting depth and alias expansion are capped before anything
is built, so an alias bomb, a recursive alias or a huge file is refused in milliseconds with one line.

libyaml (``CSafeLoader``) is used where it is installed, the pure-Python loader otherwise; both are safe
loaders (no Python objects). Aliases are allowed (the fee schedules share rows with them) but their
expansion is bounded: the document may stand for at most :data:`MAX_NODES` values once every alias is
followed, and an alias to a node that is still open (a recursive alias) is refused.
"""

from __future__ import annotations

from typing import Any, Final

import yaml

#: The largest file any loader reads (the biggest shipped file is about 0.1 MB).
MAX_BYTES: Final = 2_000_000
#: The deepest nesting of mappings and lists.
MAX_DEPTH: Final = 64
#: The most values a document may stand for with every alias followed.
MAX_NODES: Final = 1_000_000

LOADER: Final[type[Any]] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class YamlLimitError(ValueError):
    """A document over one of the limits, or a recursive alias; the message says which."""


def check_limits(text: str) -> None:
    """Refuse ``text`` if it is too big, too deep, or its aliases expand past :data:`MAX_NODES`
    (:class:`YamlLimitError`); bad YAML raises ``yaml.YAMLError`` as the loader would."""
    size = len(text.encode("utf-8", "surrogatepass")) if len(text) * 4 > MAX_BYTES else len(text)
    if size > MAX_BYTES:
        raise YamlLimitError(f"the file is {size} bytes; the limit is {MAX_BYTES}")
    if "&" not in text and "*" not in text and text.count("\n") < MAX_NODES // 4:
        # No anchor or alias: the expansion is the document itself; only the depth needs counting.
        _check_depth(text)
        return
    stack: list[tuple[str | None, int]] = []  # open collections: (anchor, values so far)
    sizes: dict[str, int] = {}
    for ev in yaml.parse(text, Loader=LOADER):
        if isinstance(ev, yaml.MappingStartEvent | yaml.SequenceStartEvent):
            stack.append((ev.anchor, 1))
            if len(stack) > MAX_DEPTH:
                raise YamlLimitError(f"nested deeper than {MAX_DEPTH} levels{_line(ev)}")
            continue
        if isinstance(ev, yaml.MappingEndEvent | yaml.SequenceEndEvent):
            anchor, n = stack.pop()
            if anchor is not None:
                sizes[anchor] = n
        elif isinstance(ev, yaml.ScalarEvent):
            n = 1
            if ev.anchor is not None:
                sizes[ev.anchor] = 1
        elif isinstance(ev, yaml.AliasEvent):
            if ev.anchor not in sizes:
                raise YamlLimitError(
                    f"alias *{ev.anchor} refers to a node that contains it, or to no anchor{_line(ev)}"
                )
            n = sizes[ev.anchor]
        else:
            continue
        # Every value counts once per place it appears, so the open collection's count is its expansion.
        if n > MAX_NODES or (stack and stack[-1][1] + n > MAX_NODES):
            raise YamlLimitError(f"its aliases expand to more than {MAX_NODES} values{_line(ev)}")
        if stack:
            anchor, m = stack[-1]
            stack[-1] = (anchor, m + n)


def _line(ev: yaml.Event) -> str:
    mark = ev.start_mark
    return f" (line {mark.line + 1})" if mark is not None else ""


def _check_depth(text: str) -> None:
    depth = 0
    for ev in yaml.parse(text, Loader=LOADER):
        if isinstance(ev, yaml.MappingStartEvent | yaml.SequenceStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise YamlLimitError(f"nested deeper than {MAX_DEPTH} levels{_line(ev)}")
        elif isinstance(ev, yaml.MappingEndEvent | yaml.SequenceEndEvent):
            depth -= 1


def load_text(text: str) -> Any:
    """One YAML document from ``text`` within the limits (:class:`YamlLimitError`, ``yaml.YAMLError``)."""
    check_limits(text)
    return yaml.load(text, Loader=LOADER)  # noqa: S506 - a safe loader (CSafeLoader or SafeLoader)
