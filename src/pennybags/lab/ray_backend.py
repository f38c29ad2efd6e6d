"""Playing an experiment's games on a Ray cluster: ``pennybags lab run X.toml --backend ray``.

The driver (the ``lab run`` process) keeps the store; Ray runs :func:`play_task` as remote
tasks (one CPU each) and sends back their rows. The tasks, their seeds and their rows are
those of the local backend, so the results are the same row for row.

Which cluster: if Ray is already initialised in this process (a test, a notebook), that
one; otherwise ``ray.init(address)``, where the address is ``--ray-address`` or the
``RAY_ADDRESS`` environment variable (``ray://head:10001`` for a remote cluster through Ray
Client, ``auto`` for the cluster this machine belongs to); with neither, Ray starts a local
instance with ``--workers`` CPUs (all the cores by default). Every node needs pennybags
installed (see ``docs/lab.md``).
"""

from __future__ import annotations

import os
from typing import Any

from pennybags.lab.model import ExperimentError, Rows, Task, play_task


class RayBackend:
    """Tasks in flight on Ray; :meth:`next` returns the first one to finish."""

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        try:
            import ray as ray_module
        except ImportError:
            raise ExperimentError("the Ray backend needs Ray: pip install 'pennybags[ray]'") \
                from None
        ray: Any = ray_module
        self._ray = ray
        self._started = False
        if not ray.is_initialized():
            address = address or os.environ.get("RAY_ADDRESS") or None
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if address is None and workers is not None:
                kwargs["num_cpus"] = workers
            try:
                ray.init(address=address, **kwargs)
            except (ConnectionError, RuntimeError, ValueError) as e:
                raise ExperimentError(f"cannot reach the Ray cluster at {address}: {e}") \
                    from None
            self._started = True
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.slots = max(2, 2 * cpus)
        self._remote = ray.remote(num_cpus=1)(play_task)
        self._refs: list[Any] = []

    def submit(self, task: Task) -> None:
        self._refs.append(self._remote.remote(task))

    def next(self, timeout: float) -> Rows | None:
        if not self._refs:
            return None
        ready, self._refs = self._ray.wait(self._refs, num_returns=1, timeout=timeout)
        if not ready:
            return None
        rows: Rows = self._ray.get(ready[0])
        return rows

    def close(self, cancel: bool) -> None:
        if cancel:
            for ref in self._refs:
                self._ray.cancel(ref, force=True)
        self._refs = []
        if self._started:
            self._ray.shutdown()
