from pathlib import Path

import pytest

from terminal.errors import UserError
from terminal.yamlfile import load_yaml


def test_lines_are_recorded_for_keys_and_items(tmp_path: Path) -> None:
    doc = load_yaml(
        tmp_path / "t.yaml", text="game: paigow/capitol\nseats:\n  - 1\n  - 2\nlimits:\n  min: 500\n"
    )
    assert doc.data == {"game": "paigow/capitol", "seats": [1, 2], "limits": {"min": 500}}
    assert doc.line_of(("limits", "min")) == 6 and doc.line_of(("seats", 1)) == 4
    err = doc.error(("limits", "min"), "too low")
    assert str(err).endswith("t.yaml:6: limits.min: too low")


@pytest.mark.parametrize(
    ("text", "line"),
    [("limits: {{a: 1}: 2}\n", 1), ("a: 1\n? [1, 2]\n: x\n", 2), ("a: [1, 2\n", 2), ("a: b: c\n", 1)],
)
def test_bad_yaml_is_a_user_error_naming_the_line(tmp_path: Path, text: str, line: int) -> None:
    with pytest.raises(UserError) as info:
        load_yaml(tmp_path / "bad.yaml", text=text)
    assert f"bad.yaml:{line}" in str(info.value)


def test_missing_file_is_a_user_error(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="no such file"):
        load_yaml(tmp_path / "absent.yaml")
