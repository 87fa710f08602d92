"""YAML loading that remembers where every value came from, so errors can name file, line and field."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from terminal.errors import UserError

PathKey = tuple[str | int, ...]


@dataclass
class LocatedYaml:
    """Parsed YAML data plus the line (1-based) of every mapping key and sequence item."""

    path: Path
    data: Any
    lines: dict[PathKey, int] = field(default_factory=dict)

    def line_of(self, key: PathKey) -> int | None:
        """The line of ``key`` (a path of mapping keys and list indexes), or of its nearest parent."""
        k = tuple(key)
        while k:
            if k in self.lines:
                return self.lines[k]
            k = k[:-1]
        return self.lines.get((), None)

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


def _walk(node: yaml.Node, key: PathKey, lines: dict[PathKey, int]) -> Any:
    lines[key] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for k_node, v_node in node.value:
            if not isinstance(k_node, yaml.ScalarNode):
                raise _KeyError(
                    k_node.start_mark.line + 1, "a mapping key must be a plain value, not a list or mapping"
                )
            k = _scalar(k_node)
            child = (*key, k if isinstance(k, str | int) else str(k))
            lines[child] = k_node.start_mark.line + 1
            out[k] = _walk(v_node, child, lines)
            lines[child] = k_node.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_walk(item, (*key, i), lines) for i, item in enumerate(node.value)]
    return _scalar(node)


def _scalar(node: yaml.Node) -> Any:
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node, deep=True)
    finally:
        loader.dispose()


def load_yaml(path: str | Path, text: str | None = None) -> LocatedYaml:
    """Load one YAML document safely, with line numbers. Bad YAML is a UserError naming the line."""
    p = Path(path)
    try:
        source = p.read_text(encoding="utf-8") if text is None else text
    except FileNotFoundError:
        raise UserError(f"{p}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"{p}: cannot read: {exc}") from None
    try:
        node = yaml.compose(source, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{p}:{mark.line + 1}" if mark is not None else str(p)
        problem = getattr(exc, "problem", None) or str(exc)
        raise UserError(f"{where}: not valid YAML: {problem}") from None
    lines: dict[PathKey, int] = {}
    try:
        data = None if node is None else _walk(node, (), lines)
    except yaml.YAMLError as exc:
        raise UserError(f"{p}: not valid YAML: {exc}") from None
    except _KeyError as exc:
        raise UserError(f"{p}:{exc.line}: {exc.message}") from None
    return LocatedYaml(p, data, lines)
