"""Make the Ultimate Monopoly data file from the reference facts.

``reference/ultimate_monopoly.json`` is the one place the edition's facts live (each with its
source in ``reference/SOURCES.md``). This script turns it into the edition's data file,
``src/pennybags/editions/ultimate_monopoly/ultimate_monopoly.json``, in the format the
engine's loader (``pennybags.engine.data``) reads: one list of 120 spaces for the three
tracks, the groups with their colours, the rule figures, the stocks and the four decks.

The few figures the reference holds only as prose (or not at all) are the rulebook's and are
written below with the section they come from; where the reference states them in prose the
script checks that the prose says the same. Where the reference and the rulebook disagree,
the project's rulings decide, and ``rules.notes`` says so.

    .venv/bin/python tools/make_ultimate_monopoly_data.py            # rewrites the data file
    .venv/bin/python tools/make_ultimate_monopoly_data.py --out X    # writes X instead

The output is deterministic (keys sorted, indent 1, a trailing newline): running the script
again must give the committed file byte for byte (tests/test_ultimate_monopoly_data.py).
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "reference" / "ultimate_monopoly.json"
OUT = ROOT / "src" / "pennybags" / "editions" / "ultimate_monopoly" / "ultimate_monopoly.json"

# The tracks in global order: the middle (classic) track first, so GO is space 0.
TRACK_ORDER = ("middle", "outer", "inner")

# Printed colours of the groups (#RRGGBB). The classic eight are the classic edition's.
COLOURS: dict[str, str] = {
    "white": "#FFFFFF",
    "black": "#000000",
    "grey": "#8C8C8C",
    "brown": "#955436",
    "purple": "#7E3F98",
    "light_blue": "#AAE0FA",
    "pink": "#D93A96",
    "orange": "#F7941D",
    "red": "#ED1B24",
    "yellow": "#FEF200",
    "green": "#1FB25A",
    "dark_blue": "#0072BB",
    "light_pink": "#F8C8DC",
    "light_green": "#B2DF8A",
    "cream": "#F3E5AB",
    "teal": "#008080",
    "wine": "#722F37",
    "gold": "#D4AF37",
    "peach": "#FFCBA4",
    "maroon": "#800000",
}

# Other names a space is known by (deed titles that differ from the board, the card titles'
# spellings). Names only: they add no facts.
EXTRA_ALIASES: dict[str, list[str]] = {
    "Jail / Just Visiting": ["Jail", "Just Visiting", "In Jail"],
    "St. Charles Place": ["Saint Charles Place"],
    "Esplanade Avenue": ["The Esplanade"],
    "Andrew Young Intl Boulevard": ["Young Int'l Blvd.",
                                    "Andrew Young International Boulevard"],
    "Mulholland Drive": ["Mulholland Blvd."],
}

# Reference space types that are our kinds under another name (by track where it matters).
PAY_CORNER_KINDS = {"GO": "go", "Bonus": "bonus", "Pay Day": "pay_day"}

# Card texts of the reference that carry a note for the reader instead of the card's words.
TEXT_FIXES = {"Life Insurance Matures": "Collect 20."}

# --- figures of the rulebook (ULTIMATE MONOPOLY SPECIFIC RULES) -----------------------------
# EQUIPMENT: the building stock.
BUILDINGS = {"houses": 81, "hotels": 31, "skyscrapers": 16, "train_depots": 4, "cab_stands": 4}
# PREPARATION: each player also begins with one Travel Voucher and one Roll Three card.
STARTING_VOUCHERS = 1
STARTING_ROLL_THREE_CARDS = 1
# Ruling 2: the speed die's faces.
SPEED_DIE = ["1", "2", "3", "mr_monopoly", "mr_monopoly", "bus"]
# Ruling 5: 4 of the 16 Bus Tickets make every other held voucher expire.
EXPIRING_BUS_TICKETS = 4
# Classic MON rules, which the rulebook assumes: three turns in Jail at most, three doubles.
MAX_JAIL_TURNS = 3
DOUBLES_TO_JAIL = 3

VOUCHER_TEXT = (
    "Play it during the movement part of your turn (one voucher a turn): move forward to any "
    "space on the side of the board where you stand, on the track you are on; the corners "
    "count as the first and last space of a side. It is normal movement: a pay corner passed "
    "or reached pays its highest amount, and at a transit station you may change track or "
    "stay.")
EXPIRING_TEXT = (" When you play this ticket, every other Travel Voucher that any player "
                 "holds expires and goes out of the game; this one is used as usual.")

NOTES = [
    "Players: 2 to 12, the rulebook's limits (ruling 1); it recommends 4 or more and finds "
    "more than 8 confusing (recommended_players).",
    "Speed die faces: 1, 2, 3, Mr. Monopoly, Mr. Monopoly, Bus (ruling 2); triples are the "
    "same number on both regular dice and the speed die.",
    "Landing exactly on a transit station: the rulebook's sentence says 'outer' for both "
    "throws; an even throw rides to the linked track, an odd one stays (ruling 3).",
    "Birthday Gift: the reference notes that the Mega Edition's gift came from the bank; here, "
    "as the rulebook reads, each other player gives $100 or a Travel Voucher chosen by the "
    "receiver (ruling 4).",
    "Travel Vouchers: the printed texts were not found (reference: LOW confidence); the deck "
    "holds 16 Bus Tickets, 4 of which make every other held voucher expire, and 20 Travel "
    "Cards, each worded as ruling 5 makes it act (option expiring-vouchers).",
    "Roll Three: the 20 sets of three different values (ruling 6); the reference's 24-entry "
    "list from a course project is not used, and the rulebook's examples with a repeated "
    "value (4-4-5, 1-3-3) are valid cards in scenarios only.",
    "Chance and Community Chest: the reference's Action Card sets with its counts, 71 and 70 "
    "cards (ruling 7; counts LOW confidence); the rulebook's 38 + 38 classic, Super Add-Ons "
    "and Stock Exchange cards are not built.",
    "The Pool: every payment to the bank from a card, a tax or bail goes into the Pool; Tax "
    "Refund pays 50% of it, rounded up to the dollar (ruling 8).",
    "Income Tax $200 and Luxury Tax $75: the rulebook prints no amounts; these are one "
    "implementation's (reference: medium confidence).",
    "Pay corners on moves the dice did not make pay their highest amount unless the card "
    "prints its own (ruling 12): 'Advance to the Stock Exchange' pays $300 for passing "
    "Pay Day.",
    "North Temple and Temple Square: the deeds print hotel $1,275 and skyscraper $1,650, "
    "less than the 4-house rent; the rents are the reference's suggested fix (hotel $1,650, "
    "skyscraper $2,750) and rents_printed keeps the printed figures.",
    "Baltic Avenue: the deed prints the skyscraper rent as '$90.', a typo; $950 (hotel + $500, "
    "as on the rest of the middle track) is used, as in the reference.",
    "Life Insurance Matures pays $20 as in the card set the reference follows (the classic "
    "card pays $100).",
    "Cards: 'railroad' in space_type or space_types means a transit station on any track (the "
    "middle track's railroad spaces and their transit twins); a target is a global space "
    "index, with target_track and target_index as the reference gives it.",
    "Spaces: inward and outward name the space beside it on the next track in or out (for "
    "Changing Lanes), from the reference's approximate alignment; outward is its inverse, a "
    "corner going to the corner.",
    "Cab companies ($300, rents 30/60/120/240, mortgage $150): no deed was found; three "
    "implementations agree (reference: medium confidence).",
    "Stocks: par $100 to $150 and dividends of par/10 x shares squared (reference: medium "
    "confidence); Acme Motors is also called American Motors.",
]


def slug(name: str) -> str:
    """A card or company id: lower case, words joined by hyphens, punctuation dropped."""
    out = []
    for ch in name.lower():
        if ch.isalnum():
            out.append(ch)
        elif ch in " -/&":
            out.append("-")
    return "-".join(filter(None, "".join(out).split("-")))


def numbers(spec: str) -> list[int]:
    """'5-9' or '3,4,10,11' as the list of numbers it names."""
    out: list[int] = []
    for part in spec.split(","):
        lo, _, hi = part.partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    return out


def says(prose: str, *figures: str) -> None:
    """Check that the reference's prose states the figures the rulebook gives."""
    for figure in figures:
        if figure not in prose:
            raise ValueError(f"the reference does not say {figure!r}: {prose!r}")


class Layout:
    """Global indices of the three tracks: start + index on the track."""

    def __init__(self, ref: dict[str, Any]) -> None:
        self.starts: dict[str, int] = {}
        self.sizes: dict[str, int] = {}
        start = 0
        for track in TRACK_ORDER:
            spaces = ref["tracks"][track]
            if [s["index"] for s in spaces] != list(range(len(spaces))):
                raise ValueError(f"the {track} track's indices are not 0..n-1")
            self.starts[track], self.sizes[track] = start, len(spaces)
            start += len(spaces)

    def at(self, track: str, index: int) -> int:
        if not 0 <= index < self.sizes[track]:
            raise ValueError(f"{track} {index} is off the track")
        return self.starts[track] + index


def make_spaces(ref: dict[str, Any], layout: Layout) -> list[dict[str, Any]]:
    inward = _inward(ref, layout)
    outward = _outward(ref, layout, inward)
    spaces: list[dict[str, Any]] = []
    for track in TRACK_ORDER:
        for s in ref["tracks"][track]:
            spaces.append(_space(s, track, layout, inward, outward))
    # "track:name" names a space only where the name is unique on its track.
    counts = Counter(a for s in spaces for a in s["aliases"])
    for s in spaces:
        s["aliases"] = [a for a in s["aliases"] if counts[a] == 1]
    return spaces


def _space(s: dict[str, Any], track: str, layout: Layout, inward: dict[int, int],
           outward: dict[int, int]) -> dict[str, Any]:
    here = layout.at(track, s["index"])
    kind = s["type"]
    out: dict[str, Any] = {"name": s["name"], "track": track, "track_index": s["index"]}
    aliases = [*EXTRA_ALIASES.get(s["name"], []), f"{track} {s['index']}",
               f"{track}:{s['index']}", f"{track}:{s['name']}"]
    if s.get("corner"):
        out["corner"] = True
    if kind == "street":
        rents = s.get("rents_suggested_fix", s["rents"])
        if "rents_suggested_fix" in s:
            out["rents_printed"] = s["rents"]
        if not s["house_cost"] == s["hotel_cost"] == s["skyscraper_cost"]:
            raise ValueError(f"{s['name']}: building costs differ")
        out.update(group=s["group"], price=s["price"], mortgage=s["mortgage"], rents=rents,
                   house_cost=s["house_cost"])
        if "city" in s:
            out["city"] = s["city"]
    elif kind in ("utility", "cab_company"):
        out.update(group=s["group"], price=s["price"], mortgage=s["mortgage"])
    elif kind == "transit_station":
        link = s["links_to"]
        twin = layout.at(link["track"], link["index"])
        out["group"] = "railroad"
        out["twin"] = twin
        if track == "middle":
            kind = "railroad"
            out.update(price=s["price"], mortgage=s["mortgage"])
        else:
            kind = "transit"
            out["deed"] = twin
    elif kind == "pay_corner":
        kind = PAY_CORNER_KINDS[s["name"]]
        out["pay_corner"] = True
        if kind == "pay_day":
            out.update(odd=s["pass_or_land_odd_roll"], even=s["pass_or_land_even_roll"],
                       direct=s["direct_move"])
        else:
            out.update({"pass": s["pass"], "land": s["land"]})
    elif kind == "tax":
        if s["paid_to"] != "pool":
            raise ValueError(f"{s['name']} is not paid to the Pool")
        out.update(amount=s["amount"], to_pool=True)
    elif kind == "holland_tunnel":
        out["twin"] = layout.at(s["links_to"]["track"], s["links_to"]["index"])
    if "note" in s:
        out["note"] = s["note"]
    if here in inward:
        out["inward"] = inward[here]
    if here in outward:
        out["outward"] = outward[here]
    out["kind"] = kind
    out["aliases"] = aliases
    return out


def _inward(ref: dict[str, Any], layout: Layout) -> dict[int, int]:
    """Global index -> the space beside it on the next track inward (outer->middle,
    middle->inner), from the reference's alignment tables."""
    align = ref["track_alignment"]
    out: dict[int, int] = {}
    for src, dst, key in (("outer", "middle", "outer_index_to_middle_index"),
                          ("middle", "inner", "middle_index_to_inner_index")):
        table = align[key]
        if len(table) != layout.sizes[src]:
            raise ValueError(f"{key} has {len(table)} entries")
        for i, j in enumerate(table):
            out[layout.at(src, i)] = layout.at(dst, j)
    return out


def _outward(ref: dict[str, Any], layout: Layout, inward: dict[int, int]) -> dict[int, int]:
    """The inverse of ``inward``: the one space that lines up with it, or, where several
    outer spaces line up with a corner, the outer track's corner."""
    corners = {layout.at(track, s["index"]) for track in TRACK_ORDER
               for s in ref["tracks"][track] if s.get("corner")}
    seen: dict[int, list[int]] = {}
    for outer, inner in inward.items():
        seen.setdefault(inner, []).append(outer)
    out: dict[int, int] = {}
    for inner, outers in seen.items():
        if len(outers) > 1:
            picks = [o for o in outers if o in corners]
            if inner not in corners or len(picks) != 1:
                raise ValueError(f"space {inner} lines up with several spaces {outers}")
            outers = picks
        out[inner] = outers[0]
    return out


def make_groups(ref: dict[str, Any], spaces: list[dict[str, Any]]) -> dict[str, Any]:
    groups: dict[str, Any] = {}
    for name, info in ref["groups"].items():
        members = [s for s in spaces if s.get("group") == name]
        if sorted(s["track_index"] for s in members) != sorted(info["members"]):
            raise ValueError(f"group {name}: members differ from the reference")
        group: dict[str, Any] = {"color": COLOURS[name], "track": info["track"]}
        cities = {s["city"] for s in members if "city" in s}
        if len(cities) > 1:
            raise ValueError(f"group {name} spans cities {cities}")
        if cities:
            group["city"] = cities.pop()
        groups[name] = group
    for name in ("railroad", "utility", "cab_company"):
        groups[name] = {"color": None}
    return groups


def make_rules(ref: dict[str, Any], spaces: list[dict[str, Any]]) -> dict[str, Any]:
    r = ref["rules"]
    rail, cab, util = r["railroads"], r["cab_companies"], r["utilities"]
    says(rail["train_depot_effect"], "doubles", "sells back for 50")
    says(cab["cab_stand_effect"], "doubles", "sells back for 75")
    says(cab["taxi_ride"], "pay 50 to the owner", "20 to the Pool")
    says(util["dice"], "card-sent: roll 2 dice x10")
    says(r["birthday_gift"], "$100")
    says(r["pool_and_tax_refund"], "50% of the Pool (rounded up)")
    says(r["majority_ownership"], "3+ properties", "doubles unimproved rent",
         "triples unimproved rent")
    says(r["stock_exchange"], "half par")
    says(r["starting_items"], "1 Travel Voucher + 1 Roll Three card")
    says(r["players"], "2-12")
    go = next(s for s in spaces if s["kind"] == "go")
    squeeze = r["squeeze_play"]
    regular = {str(v): numbers(k) for k, v in squeeze["standard"].items()}
    speed = {str(v): numbers(k) for k, v in squeeze["alternative_with_speed_die"].items()
             if isinstance(v, int)}
    for table, totals in ((regular, range(2, 13)), (speed, range(2, 16))):
        if sorted(n for ns in table.values() for n in ns) != list(totals):
            raise ValueError(f"squeeze play table {table} does not cover {totals}")
    says(squeeze["alternative_with_speed_die"]["mr_monopoly_or_bus"], "1 Travel Voucher")
    roll3 = r["roll_three"]
    for stock in ref["stocks"]:
        if stock["mortgage_value"] * 2 != stock["par_value"]:
            raise ValueError(f"{stock['company']}: mortgage is not half par")
    return {
        "starting_cash": r["starting_cash"],
        "starting_vouchers": STARTING_VOUCHERS,
        "starting_roll_three_cards": STARTING_ROLL_THREE_CARDS,
        "recommended_players": [4, 8],
        "go_salary": go["pass"],
        "dice": 2,
        "dice_sides": 6,
        "speed_die": SPEED_DIE,
        "triples": [1, 2, 3],
        "jail_fine": r["jail_bail"],
        "mortgage_interest_percent": 10,  # classic's rule: the rulebook assumes it
        "max_jail_turns": MAX_JAIL_TURNS,
        "doubles_to_jail": DOUBLES_TO_JAIL,
        **BUILDINGS,
        "building_sell_percent": 50,
        "majority_min_group": 3,
        "majority_rent_multiplier": 2,
        "monopoly_rent_multiplier": 3,
        "railroad_price": rail["price"],
        "railroad_mortgage": rail["mortgage"],
        "railroad_rents": rail["rents_by_count_owned"],
        "train_depot_cost": rail["train_depot_cost"],
        "train_depot_sell": 50,
        "train_depot_rent_multiplier": 2,
        "cab_company_price": cab["price"],
        "cab_company_mortgage": cab["mortgage"],
        "cab_rents": cab["rents_by_count_owned"],
        "cab_stand_cost": cab["cab_stand_cost"],
        "cab_stand_sell": 75,
        "cab_stand_rent_multiplier": 2,
        "taxi_fare": 50,
        "taxi_fare_own": 20,
        "utility_price": util["price"],
        "utility_mortgage": util["mortgage"],
        "utility_multipliers": util["dice_multiplier_by_count_owned"],
        "nearest_utility_multiplier": 10,
        "income_tax": r["income_tax"],
        "luxury_tax": r["luxury_tax"],
        "squeeze_play": {"regular": regular, "speed_die": speed,
                         "speed_die_voucher_faces": ["mr_monopoly", "bus"]},
        "roll_three": {**roll3["matches"], "own_exact": roll3["roller_own_card_all_three"]},
        "roll_three_dice": 3,
        "tax_refund_percent": 50,
        "birthday_gift": 100,
        "stock_mortgage_percent": 50,
        "stocks_per_landing": 1,
        "notes": NOTES,
    }


def make_stocks(ref: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for s in ref["stocks"]:
        par, shares = s["par_value"], s["shares"]
        expected = [par // 10 * n * n for n in range(1, shares + 1)]
        if s["dividends_by_shares_held"] != expected:
            raise ValueError(f"{s['company']}: dividends are not par/10 x n^2")
        out.append({"id": slug(s["company"]), "company": s["company"], "par_value": par,
                    "mortgage_value": s["mortgage_value"], "shares": shares,
                    "dividends_by_shares_held": s["dividends_by_shares_held"],
                    "aliases": [s["alt_name"]] if "alt_name" in s else []})
    return out


def _kind_of(reference_type: str) -> str:
    """A reference space type named by a card, as our kind."""
    return "railroad" if reference_type == "transit_station" else reference_type


def _params(value: Any, layout: Layout) -> Any:
    """A card effect's fields with targets as global indices and space types as kinds."""
    if isinstance(value, list):
        return [_params(v, layout) for v in value]
    if not isinstance(value, dict):
        return value
    out: dict[str, Any] = {}
    for k, v in value.items():
        if k == "target" and isinstance(v, dict):
            out.update(target=layout.at(v["track"], v["index"]), target_track=v["track"],
                       target_index=v["index"])
        elif k == "space_type":
            out[k] = _kind_of(v)
        elif k == "space_types":
            out[k] = [_kind_of(t) for t in v]
        else:
            out[k] = _params(v, layout)
    return out


def make_action_deck(name: str, cards: list[dict[str, Any]], layout: Layout) -> dict[str, Any]:
    out: list[dict[str, Any]] = []
    ids: set[str] = set()
    for c in cards:
        card_id = slug(c["title"])
        if card_id in ids:
            raise ValueError(f"{name}: two cards named {card_id}")
        ids.add(card_id)
        effect = dict(c["effect"])
        kind = effect.pop("kind")
        params = _params(effect, layout)
        for clash in ("id", "text", "kind", "title"):
            if clash in params:
                raise ValueError(f"{card_id}: effect field {clash!r} clashes")
        text = TEXT_FIXES.get(c["title"], c["text"])
        if re.search(r"hawkinator|chuzzy|mcbarin|classic card", text, re.IGNORECASE):
            raise ValueError(f"{card_id}: the text carries a note: {text!r}")
        card = {"id": card_id, "title": c["title"], "text": text, "kind": kind, **params}
        if c.get("keep_until_used"):
            card["keep_until_used"] = True
        out += [card] * c["count"]
    return {"name": name, "cards": out}


def make_voucher_deck(ref: dict[str, Any]) -> dict[str, Any]:
    info = ref["travel_vouchers"]
    says(info["composition"], "16 Bus Tickets", "20 Travel Cards")
    bus, travel = 16, 20
    if bus + travel != info["count"]:
        raise ValueError("the voucher counts do not add up")
    plain = {"id": "bus-ticket", "title": "Bus Ticket", "text": VOUCHER_TEXT, "kind": "voucher",
             "voucher": "bus_ticket"}
    expiring = {"id": "bus-ticket-expiring", "title": "Bus Ticket",
                "text": VOUCHER_TEXT + EXPIRING_TEXT, "kind": "voucher_expiring",
                "voucher": "bus_ticket"}
    card = {"id": "travel-card", "title": "Travel Card", "text": VOUCHER_TEXT,
            "kind": "voucher", "voucher": "travel_card"}
    cards = ([plain] * (bus - EXPIRING_BUS_TICKETS) + [expiring] * EXPIRING_BUS_TICKETS
             + [card] * travel)
    return {"name": "Travel Vouchers", "cards": cards}


def make_roll_three_deck(ref: dict[str, Any], rules: dict[str, Any]) -> dict[str, Any]:
    pay = rules["roll_three"]
    cards = []
    for values in itertools.combinations(range(1, 7), 3):
        shown = "-".join(map(str, values))
        text = (f"Roll Three {shown}: each time anyone rolls the three dice at Roll Three, "
                f"one of your numbers among them wins you ${pay['1']}, two win ${pay['2']} "
                f"and all three ${pay['3']:,} (${pay['own_exact']:,} if you rolled them "
                f"yourself).")
        cards.append({"id": f"roll-three-{shown}", "title": f"Roll Three {shown}",
                      "text": text, "kind": "roll_three", "values": list(values)})
    if len(cards) != ref["roll_three_cards"]["count"]:
        raise ValueError("the Roll Three count differs from the reference")
    return {"name": "Roll Three", "cards": cards}


def build(ref: dict[str, Any]) -> dict[str, Any]:
    layout = Layout(ref)
    spaces = make_spaces(ref, layout)
    rules = make_rules(ref, spaces)
    return {
        "id": "ultimate-monopoly",
        "name": "Ultimate Monopoly",
        "players": [2, 12],
        "source": "reference/ultimate_monopoly.json (see docs/editions/ultimate-monopoly.md)",
        "currency": {"symbol": "$", "style": "prefix"},
        "tracks": {t: {"start": layout.starts[t], "size": layout.sizes[t]}
                   for t in TRACK_ORDER},
        "groups": make_groups(ref, spaces),
        "rules": rules,
        "spaces": spaces,
        "stocks": make_stocks(ref),
        "decks": {
            "chance": make_action_deck("Chance", ref["chance"], layout),
            "community_chest": make_action_deck("Community Chest", ref["community_chest"],
                                                layout),
            "travel_vouchers": make_voucher_deck(ref),
            "roll_three": make_roll_three_deck(ref, rules),
        },
    }


def render(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--reference", type=Path, default=REFERENCE,
                        help="the reference facts (default: %(default)s)")
    parser.add_argument("--out", type=Path, default=OUT,
                        help="where to write the data file (default: %(default)s)")
    args = parser.parse_args(argv)
    ref = json.loads(args.reference.read_text(encoding="utf-8"))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(render(build(ref)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
