"""The shape of the code: imports point inward and never go round in a circle, and one rule
can be changed by one handler (the worked example of docs/architecture.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pennybags.bots import make_bot
from pennybags.editions import get_edition
from pennybags.editions.classic.game import ClassicGame
from pennybags.editions.classic.rules import RULEBOOK, Buy
from pennybags.engine.actions import Action, Decision

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "pennybags"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    """The pennybags modules a module imports when it runs: at the top or inside functions
    (imports under ``if TYPE_CHECKING:`` are for type checkers only and never run)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and \
                node.test.id == "TYPE_CHECKING":
            skipped.update(id(n) for child in node.body for n in ast.walk(child))
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("pennybags"))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            if not base.startswith("pennybags"):
                continue
            for alias in node.names:  # "from pennybags.x import y": y may be a module
                candidate = f"{base}.{alias.name}"
                out.add(candidate if candidate in MODULES else base)
    return {m for m in out if m in MODULES and m != name}


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}
GRAPH = {m: imports(p) for m, p in MODULES.items()}


def cycles() -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(GRAPH[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for m in sorted(GRAPH):
        if m not in index:
            visit(m)
    return out


def test_no_module_imports_one_that_imports_it_back() -> None:
    assert cycles() == []


def area(module: str) -> str:
    """engine, editions, bots, lab, terminal, banking, or the top-level module's name."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


ALLOWED = {
    "engine": {"engine"},
    "editions": {"engine", "editions"},
    "bots": {"engine", "editions", "bots"},
    # (fastbuild: which build runs, for the lab's store and simulate's summary)
    "lab": {"engine", "editions", "bots", "lab", "errors", "fastbuild"},
    "scenario": {"engine", "editions", "errors"},
    "history": {"engine", "editions", "scenario", "errors"},
    "narration": {"engine", "editions"},
    "terminal": {"engine", "editions", "bots", "terminal", "history", "scenario", "errors",
                 "keyboard", "paths", "narration"},
    "banking": {"engine", "editions", "banking", "errors", "keyboard", "paths"},
    "web": {"engine", "editions", "bots", "history", "narration", "web",
            "banking"},  # (the banking units in the browser share the terminal's)
    "errors": set(),
    "keyboard": set(),
    "paths": set(),
}
"""What each part of the package may import: inward only. (cli.py and __main__ may import
anything: they are the way in. The package itself, ``pennybags/__init__.py``, holds only the
version and imports nothing, so every part may read the version from it.)"""


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if area(m) in ALLOWED))
def test_imports_point_inward(module: str) -> None:
    own = area(module)
    for target in GRAPH[module]:
        assert area(target) in ALLOWED[own] | {own, "pennybags"}, f"{module} imports {target}"


def test_nothing_imports_the_web_front_but_the_command_line() -> None:
    for module, targets in GRAPH.items():
        if area(module) in ("web", "cli"):
            continue
        assert not any(area(t) == "web" for t in targets), f"{module} imports the web front"


def test_the_package_root_imports_nothing() -> None:
    assert GRAPH["pennybags"] == set()


def test_an_edition_imports_only_the_engine_itself_and_classic() -> None:
    for module, targets in GRAPH.items():
        parts = module.split(".")
        if len(parts) < 4 or parts[1] != "editions":
            continue
        edition = parts[2]
        for target in targets:
            tparts = target.split(".")
            assert tparts[1] == "engine" or tparts[:3] in (
                ["pennybags", "editions", edition], ["pennybags", "editions", "classic"],
                ["pennybags", "editions", "registry"]), f"{module} imports {target}"


def test_the_engine_names_no_edition() -> None:
    for module, path in MODULES.items():
        if area(module) != "engine":
            continue
        text = path.read_text(encoding="utf-8").lower()
        for word in ("classicgame", "ultimate_banking", "monopoly_2_3", "electronic_banking"):
            assert word not in text, f"{module} mentions {word}"


# ------------------------------------------------------------------ one rule, one handler

class NoBuyingInTheFirstRound(Buy):
    """House rule: property is only auctioned during the first round."""

    def check(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        if game.round == 1:
            return "nobody buys property in the first round: it goes to auction"
        return super().check(game, player, action, decision)


FIRST_ROUND_AUCTIONS = RULEBOOK.extended(actions=[NoBuyingInTheFirstRound()])


def test_a_house_rule_is_one_handler_override() -> None:
    """The worked example of docs/architecture.md, played."""
    edition = get_edition("classic")
    game = ClassicGame(edition.data, ["Ann", "Bob"], seed=3, rulebook=FIRST_ROUND_AUCTIONS,
                       decide_order=False)
    game.dice.script([[1, 2]])
    game.act(0, Action("roll"))  # Ann lands on Baltic Avenue in the first round
    assert game.pending[0].kind == "buy"
    assert game.legal_actions(0) == [Action("auction")]
    assert "first round" in (game.why_illegal(0, Action("buy")) or "")
    bots = [make_bot("random", 1), make_bot("random", 2)]  # (they choose legal actions)
    while not game.over and game.round < 4:
        p = game.pending[0].player
        game.act(p, bots[p].choose(game, p))
    bought = [d for d in game.board.deeds if game.owner[d] >= 0]
    assert bought, "after the first round deeds are bought again (or won at auction)"
    # The edition itself is unchanged.
    plain = edition.new_game(["Ann", "Bob"], seed=3, decide_order=False)
    plain.dice.script([[1, 2]])
    plain.act(0, Action("roll"))
    assert Action("buy") in plain.legal_actions(0)
