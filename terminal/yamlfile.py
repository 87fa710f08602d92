"""YAML loading that remembers where every value came from, so errors can name file, line and field.

Every loader of the terminal reads through here (config, game files, scenarios, fee schedules, House Way
charts): the text is checked against :mod:`kernel.safeyaml`'s limits first (size, depth, alias expansion,
recursive aliases), so a hostile file is one line naming it, exit 2. Line numbers are worked out only when
an error needs one (libyaml builds the data; the pure-Python composer tracks lines on demand).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from kernel.safeyaml import LOADER, YamlLimitError, load_text
from terminal.errors import UserError

PathKey = tuple[str | int, ...]


@dataclass
class LocatedYaml:
    """Parsed YAML data plus the line (1-based) of every mapping key and sequence item (worked out from
    ``source`` the first time one is asked for)."""

    path: Path
    data: Any
    _lines: dict[PathKey, int] | None = field(default=None, repr=False)
    source: str | None = field(default=None, repr=False)

    @property
    def lines(self) -> dict[PathKey, int]:
        """The line of every key and item, by path."""
        if self._lines is None:
            self._lines = {}
            if self.source is not None:
                try:
                    node = yaml.compose(self.source, Loader=LOADER)
                    if node is not None:
                        _walk(node, (), self._lines, _Scalars())
                except (yaml.YAMLError, _KeyError, RecursionError):
                    pass
        return self._lines

    def line_of(self, key: PathKey) -> int | None:
        """The line of ``key`` (a path of mapping keys and list indexes), or of its nearest parent."""
        lines = self.lines
        k = tuple(key)
        while k:
            if k in lines:
                return lines[k]
            k = k[:-1]
        return lines.get((), None)

    def error(self, key: PathKey, message: str) -> UserError:
        """A UserError naming file, line and field."""
        line = self.line_of(key)
        where = f"{self.path}" + (f":{line}" if line else "")
        field_name = ".".join(str(p) for p in key) if key else "(top level)"
        return UserError(f"{where}: {field_name}: {message}")


class _KeyError(Exception):
    """A mapping key that cannot be a key (a list or mapping)."""

    def __init__(self, line: int, message: str) -> None:
        self.line, self.message = line, message
        super().__init__(message)


class _Scalars:
    """Scalar values as the safe loader constructs them, with one loader for the whole document."""

    def __init__(self) -> None:
        self._loader = yaml.SafeLoader("")

    def __call__(self, node: yaml.Node) -> Any:
        return self._loader.construct_object(node, deep=True)


def _walk(node: yaml.Node, key: PathKey, lines: dict[PathKey, int], scalar: _Scalars) -> None:
    lines.setdefault(key, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for k_node, v_node in node.value:
            if not isinstance(k_node, yaml.ScalarNode):
                raise _KeyError(
                    k_node.start_mark.line + 1, "a mapping key must be a plain value, not a list or mapping"
                )
            k = scalar(k_node)
            child = (*key, k if isinstance(k, str | int) else str(k))
            lines[child] = k_node.start_mark.line + 1
            _walk(v_node, child, lines, scalar)
            lines[child] = k_node.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk(item, (*key, i), lines, scalar)


def _check_keys(node: yaml.Node) -> None:
    """A list or mapping used as a mapping key is an error naming its line."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, yaml.MappingNode):
            for k_node, v_node in n.value:
                if not isinstance(k_node, yaml.ScalarNode):
                    raise _KeyError(
                        k_node.start_mark.line + 1,
                        "a mapping key must be a plain value, not a list or mapping",
                    )
                stack.append(v_node)
        elif isinstance(n, yaml.SequenceNode):
            stack.extend(n.value)


def load_yaml(path: str | Path, text: str | None = None) -> LocatedYaml:
    """Load one YAML document safely, within the limits, with line numbers. Bad YAML, a hostile document
    or a file that cannot be read is a UserError naming the file (and the line where there is one)."""
    p = Path(path)
    try:
        if text is None:
            with p.open("rb") as f:
                raw = f.read(_max_bytes() + 1)
            source = raw.decode("utf-8")
        else:
            source = text
    except FileNotFoundError:
        raise UserError(f"{p}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"{p}: cannot read: {exc}") from None
    try:
        data = load_text(source)
    except YamlLimitError as exc:
        raise UserError(f"{p}: refused: {exc}") from None
    except yaml.YAMLError as exc:
        _key_problem(p, source)
        mark = getattr(exc, "problem_mark", None)
        where = f"{p}:{mark.line + 1}" if mark is not None else str(p)
        problem = getattr(exc, "problem", None) or str(exc)
        raise UserError(f"{where}: not valid YAML: {problem}") from None
    except RecursionError:
        raise UserError(f"{p}: refused: nested too deep") from None
    except TypeError as exc:  # an unhashable key (a list or mapping used as a key)
        _key_problem(p, source)
        raise UserError(f"{p}: not valid YAML: {exc}") from None
    except ValueError as exc:  # a scalar the safe loader cannot build (e.g. a bad timestamp)
        raise UserError(f"{p}: not valid YAML: {exc}") from None
    return LocatedYaml(p, data, source=source)


def _key_problem(p: Path, source: str) -> None:
    """A UserError naming the line of a list or mapping used as a mapping key, if there is one."""
    try:
        node = yaml.compose(source, Loader=LOADER)
        if node is not None:
            _check_keys(node)
    except _KeyError as kexc:
        raise UserError(f"{p}:{kexc.line}: {kexc.message}") from None
    except yaml.YAMLError:
        return


def _max_bytes() -> int:
    from kernel.safeyaml import MAX_BYTES

    return MAX_BYTES
