"""The main job: examples/digits.py trains to about 0.95 test accuracy (skipped without
scikit-learn, an optional extra)."""

from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path

import pytest

pytest.importorskip("sklearn")

_PATH = Path(__file__).resolve().parents[1] / "examples" / "digits.py"


def _digits():
    spec = importlib.util.spec_from_file_location("digits_example", _PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up by name
    spec.loader.exec_module(module)
    return module


def test_digits_trains_to_about_095():
    digits = _digits()
    data = digits.load_data(0)
    assert data.x_train.shape == (1347, 64) and data.x_test.shape == (450, 64)
    assert data.x_train.max() <= 1.0
    out = io.StringIO()
    run = digits.train(digits.build_model(0), data, epochs=20, out=out)
    assert len(run.step_losses) == 20 * 22 and len(run.epoch_losses) == 20
    assert run.epoch_losses[-1] < run.epoch_losses[0] / 4
    assert run.accuracy >= 0.93
    lines = out.getvalue().splitlines()
    assert len(lines) == 20
    assert lines[-1].startswith("epoch 20/20 [" + "#" * 30 + "] 22/22 loss ")


def test_digits_is_reproducible():
    digits = _digits()
    data = digits.load_data(0)
    a = digits.train(digits.build_model(0), data, epochs=1, out=None)
    b = digits.train(digits.build_model(0), data, epochs=1, out=None)
    assert a.step_losses == b.step_losses


def test_digits_command_line(tmp_path, capsys):
    digits = _digits()
    assert digits.main(["--epochs", "1", "--plot", str(tmp_path / "loss.png")]) == 0
    text = capsys.readouterr().out
    assert "test accuracy" in text and "MLP 64-128-10" in text
    if importlib.util.find_spec("matplotlib") is not None:
        assert (tmp_path / "loss.png").stat().st_size > 0
        assert f"loss curve saved to {tmp_path / 'loss.png'}" in text
    else:
        assert "matplotlib is not installed; no loss curve saved" in text
