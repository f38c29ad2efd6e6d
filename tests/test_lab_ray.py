"""The Ray backend: the same experiment on a local Ray instance started here gives the rows
of the local backend."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("duckdb", reason="the lab needs duckdb (pip install 'pennybags[lab]')")
ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'pennybags[ray]'), "
                                        "so the Ray backend is not tested here")

from pennybags.lab.experiment import parse_experiment, run_experiment  # noqa: E402
from pennybags.lab.store import Store  # noqa: E402

EXPERIMENT = {
    "title": "ray",
    "games": 6,
    "seed": 11,
    "max_rounds": 80,
    "landing": True,
    "chunk": 2,
    "variant": [{"name": "classic", "edition": "classic"},
                {"name": "ub", "edition": "ultimate-banking"}],
    "lineup": [{"name": "three", "bots": ["standard", "random", "standard"], "rotate": True}],
}


def _rows(path: Path) -> list[list[tuple[object, ...]]]:
    store = Store.open(path)
    try:
        return [store.query("SELECT * EXCLUDE (seconds) FROM games ORDER BY ALL"),
                store.query("SELECT * FROM players ORDER BY ALL"),
                store.query("SELECT * FROM landings ORDER BY ALL")]
    finally:
        store.close()


def test_ray_backend_gives_the_rows_of_the_local_backend(tmp_path: Path) -> None:
    exp = parse_experiment(EXPERIMENT)
    local = run_experiment(exp, tmp_path / "local", workers=2)
    ray.init(num_cpus=2, include_dashboard=False)
    try:
        remote = run_experiment(exp, tmp_path / "ray", backend="ray")
        again = run_experiment(exp, tmp_path / "ray", backend="ray")
        assert ray.is_initialized()  # the backend leaves a cluster it did not start
    finally:
        ray.shutdown()
    assert remote.played == exp.total_games == 12
    assert (again.stored_before, again.played) == (12, 0)
    assert _rows(remote.results) == _rows(local.results)
    assert len(_rows(remote.results)[1]) == 36
