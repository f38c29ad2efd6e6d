"""Benchmark: steps per second of random masked play through the learning environments.

For each edition (or ``--edition``): ``--episodes`` whole episodes of the PettingZoo AEC
environment (every seat chooses uniformly among its legal numbers; one step is one seat's
action, observation and mask included), and of the Gymnasium single-agent environment
(the learner plays uniformly among its legal numbers, random bots play the other seats;
one step is one learner action, the bots' answers in between included). Prints the CPU
time of this process and steps per second.

    .venv/bin/python benchmarks/bench_rl.py
    .venv/bin/python benchmarks/bench_rl.py --edition classic --episodes 20
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import numpy as np

from pennybags.editions import all_editions
from pennybags.rl import MonopolyEnv, SingleAgentEnv
from pennybags.rl.aec import default_players


def aec(edition: str, episodes: int, seed: int) -> tuple[int, float]:
    """Steps and CPU seconds of ``episodes`` AEC episodes."""
    env = MonopolyEnv(edition)
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    for e in range(episodes):
        env.reset(seed=seed + e)
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps, time.process_time() - start


def single(edition: str, episodes: int, seed: int) -> tuple[int, float]:
    """Learner steps and CPU seconds of ``episodes`` single-agent episodes."""
    env = SingleAgentEnv(edition, ["random"] * (default_players(edition) - 1))
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    for e in range(episodes):
        env.reset(seed=seed + e)
        done = False
        while not done:
            _, _, terminated, truncated, _ = env.step(
                int(rng.choice(np.flatnonzero(env.action_masks()))))
            steps += 1
            done = terminated or truncated
    return steps, time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    editions = [e.id for e in all_editions()]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edition", choices=editions, help="one edition (default: all)")
    parser.add_argument("--episodes", type=int, default=10, help="episodes per env (10)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.episodes < 1:
        parser.error("--episodes must be 1 or more")
    for edition in [args.edition] if args.edition else editions:
        for name, run in (("aec", aec), ("single", single)):
            steps, seconds = run(edition, args.episodes, args.seed)
            rate = steps / seconds if seconds > 0 else float("inf")
            print(f"edition={edition} env={name} seats={default_players(edition)} "
                  f"episodes={args.episodes} steps={steps} seconds={seconds:.2f} "
                  f"steps/s={rate:,.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
