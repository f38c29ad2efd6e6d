"""Train a MaskablePPO agent (sb3-contrib) to beat random bots at classic Monopoly.

One seat learns (drawn afresh each game), random bots play the others; the learner sees
only its seat's view and chooses among the legal actions (the mask). Every
``--eval-every`` steps the policy plays ``--eval-games`` fresh games (its most likely
action, seats rotated); the learning curve (win rate against steps) is saved as a CSV and a
plot, and the final policy plays ``--final-games`` games for its win rate with a 95%
confidence interval (Wilson), next to that of a policy choosing uniformly among the legal
actions in the same games.

Needs the ``rl`` extra (sb3-contrib, PyTorch; install CPU-only PyTorch first, see
docs/rl.md)::

    python examples/train_classic.py --minutes 50 --out runs/classic
    python examples/train_classic.py --steps 300 --eval-every 150 --eval-games 2 \\
        --final-games 2 --out /tmp/smoke   # a smoke run

docs/rl.md gives the figures of a full run.
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / \
        (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(env: Any, choose: Any, games: int, first_seed: int) -> int:
    """Wins of ``choose(obs, mask)`` in ``games`` games of ``env`` (seeds from
    ``first_seed``; the learner's seat rotates with the game's number)."""
    wins = 0
    for g in range(games):
        env.fixed_seat = g % len(env.names)
        obs, info = env.reset(seed=first_seed + g)
        done = False
        while not done:
            action = choose(obs, env.action_masks())
            obs, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        wins += info["winner"] == env.seat
    env.fixed_seat = None
    return wins


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4, help="seats (default 4)")
    parser.add_argument("--opponent", default="random", help="bot spec of the other seats")
    parser.add_argument("--steps", type=int, default=2_000_000,
                        help="learner actions to train for at most (default 2,000,000)")
    parser.add_argument("--minutes", type=float, default=50.0,
                        help="wall-clock budget of the training (default 50)")
    parser.add_argument("--eval-every", type=int, default=50_000)
    parser.add_argument("--eval-games", type=int, default=40)
    parser.add_argument("--final-games", type=int, default=400)
    parser.add_argument("--max-rounds", type=int, default=200,
                        help="rounds after which the richest player wins (default 200)")
    parser.add_argument("--max-steps", type=int, default=5000,
                        help="learner actions after which a game is cut short, counted "
                             "as not won (default 5000)")
    parser.add_argument("--shaping", type=float, default=1.0,
                        help="weight of the net-worth shaping (default 1.0)")
    parser.add_argument("--n-steps", type=int, default=2048,
                        help="PPO rollout length (default 2048)")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="PyTorch threads")
    parser.add_argument("--out", type=Path, default=Path("runs/classic"))
    args = parser.parse_args(argv)
    from pennybags.rl import SingleAgentEnv

    if args.players < 2 or args.steps < 1 or args.eval_every < 1 or args.eval_games < 1 \
            or args.final_games < 1 or args.minutes <= 0:
        parser.error("players must be 2 or more, and steps, eval-every, eval-games, "
                     "final-games and minutes positive")
    options = {"max-rounds": args.max_rounds}
    opponents = [args.opponent] * (args.players - 1)
    try:
        env = SingleAgentEnv("classic", opponents, options=options, shaping=args.shaping,
                             max_steps=args.max_steps)
        eval_env = SingleAgentEnv("classic", opponents, options=options,
                                  max_steps=args.max_steps)
    except ValueError as e:
        print(f"train_classic: {e}", file=sys.stderr)
        return 2
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.callbacks import BaseCallback
    except ImportError as e:
        print(f"train_classic needs the rl extra (sb3-contrib, PyTorch): {e}", file=sys.stderr)
        return 2
    torch.set_num_threads(args.threads)
    args.out.mkdir(parents=True, exist_ok=True)
    model = MaskablePPO("MlpPolicy", env, n_steps=args.n_steps,
                        batch_size=args.batch_size, n_epochs=5,
                        learning_rate=3e-4, gamma=0.999, gae_lambda=0.95, ent_coef=0.01,
                        policy_kwargs={"net_arch": [128, 128]}, seed=args.seed, verbose=0)

    def greedy(obs: Any, mask: Any) -> int:
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return int(action)

    rng = np.random.default_rng(args.seed)

    def uniform(obs: Any, mask: Any) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    curve: list[tuple[int, float, float, float, float]] = []
    start = time.monotonic()
    budget = args.minutes * 60

    def evaluate() -> None:
        wins = play(eval_env, greedy, args.eval_games, 10_000)
        low, high = wilson(wins, args.eval_games)
        elapsed = time.monotonic() - start
        curve.append((model.num_timesteps, wins / args.eval_games, low, high, elapsed))
        print(f"{model.num_timesteps:>9} steps {elapsed / 60:6.1f} min: won "
              f"{wins}/{args.eval_games} ({wins / args.eval_games:.0%}, 95% CI "
              f"{low:.0%}-{high:.0%})", flush=True)

    class Curve(BaseCallback):  # type: ignore[misc]
        def _on_step(self) -> bool:
            if self.num_timesteps % args.eval_every < self.training_env.num_envs:
                evaluate()
            return time.monotonic() - start < budget

    print(f"classic, {args.players} seats, learner against {args.opponent} bots; "
          f"{env.action_space.n} actions, {env.observation_space.shape[0]} observations",
          flush=True)
    evaluate()
    model.learn(total_timesteps=args.steps, callback=Curve())
    if curve[-1][0] != model.num_timesteps:
        evaluate()
    trained = time.monotonic() - start
    model.save(args.out / "model")
    with (args.out / "curve.csv").open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["steps", "win_rate", "ci_low", "ci_high", "seconds"])
        writer.writerows(curve)
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(7, 4))
        xs = [c[0] for c in curve]
        ax.plot(xs, [c[1] for c in curve], marker="o", label="MaskablePPO (greedy)")
        ax.fill_between(xs, [c[2] for c in curve], [c[3] for c in curve], alpha=0.2,
                        label="95% CI")
        ax.axhline(1 / args.players, color="grey", linestyle="--", label="fair share")
        ax.set_xlabel("learner steps")
        ax.set_ylabel("win rate")
        ax.set_ylim(0, 1)
        ax.set_title(f"classic, learner vs {args.players - 1} {args.opponent} bots")
        ax.legend(loc="lower right")
        fig.tight_layout()
        fig.savefig(args.out / "curve.png", dpi=100)
        plt.close(fig)
    except ImportError:
        print("(matplotlib missing: no plot; the curve is in curve.csv)")
    wins = play(eval_env, greedy, args.final_games, 1_000_000)
    low, high = wilson(wins, args.final_games)
    base = play(eval_env, uniform, args.final_games, 1_000_000)
    blow, bhigh = wilson(base, args.final_games)
    print(f"trained {model.num_timesteps} steps in {trained / 60:.1f} min")
    print(f"final: won {wins}/{args.final_games} = {wins / args.final_games:.1%} "
          f"(95% CI {low:.1%}-{high:.1%}) against {args.players - 1} {args.opponent} bots")
    print(f"uniform legal play in the same games: {base}/{args.final_games} = "
          f"{base / args.final_games:.1%} (95% CI {blow:.1%}-{bhigh:.1%})")
    print(f"saved {args.out / 'model.zip'}, {args.out / 'curve.csv'}, "
          f"{args.out / 'curve.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
