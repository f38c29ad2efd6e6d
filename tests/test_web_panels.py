"""The game page's panels in a real browser (Playwright driving Debian's Chromium, as
tests/test_web_browser.py): a deed bought shows in its owner's panel as a title deed card
with the rent due marked, and in the build/mortgage panel, which mortgages it; a token walks
space by space; a Travel Voucher and a share are traded in the dialog, answered with a
counter-offer, and accepted; the final scores appear when a game is over; a phone's width
has no horizontal scroll and the page is played with the keyboard alone there.

The moves that only bring a game to the position a test needs are sent over WebSockets
(fast, and the same every run: no bots, a fixed seed, a fixed choice); what is tested is
done on the page. Screenshots are saved in the test's folder.

Skipped, saying why, when Chromium or the playwright package is missing."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from chromium import WAIT, playwright_or_skip
from pennybags.editions import get_edition
from web_process import Server, hello, join, new_room, start, until_state

sync_api = playwright_or_skip()

Browser = Any
Page = Any
State = dict[str, Any]

ORDER = ("buy-share", "roll", "buy", "end-turn", "pay-bail", "go-on", "pass", "accept",
         "decline", "auction", "keep-mortgaged")
"""The answers the WebSocket players give first, in this order, when they are offered."""
QUIET = frozenset({"propose-trade", "mortgage", "unmortgage", "build", "sell-building",
                   "sell-down", "mortgage-share", "unmortgage-share"})
"""What the WebSocket players never do (the game moves on)."""


def new_page(browser: Browser, errors: list[str], width: int = 1280,
             height: int = 900) -> Page:
    """A page in a browser context of its own, its script errors noted in ``errors``."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def open_seat(browser: Browser, site: Server, code: str, token: str | None,
              errors: list[str], width: int = 1280) -> Page:
    """A page of its own browser context on the room: a seat's (its token in local
    storage) or a spectator's (token None)."""
    page = new_page(browser, errors, width)
    if token is not None:
        page.add_init_script(f"localStorage.setItem('pennybags:seat:{code}', "
                             f"{json.dumps(token)})")
    page.goto(f"{site.base}/room/{code}")
    if token is None:
        page.get_by_role("button", name="Watch as a spectator").click()
    page.wait_for_selector('body[data-status="playing"], body[data-status="over"]',
                           state="attached")
    page.wait_for_selector("#panels .player-panel")
    return page


def index_of(page: Page) -> int:
    return int(page.evaluate("Number(document.body.dataset.index ?? -1)"))


def after(page: Page, before: int) -> None:
    """Wait for the page's next state (or a refusal), and check nothing was refused."""
    page.wait_for_selector(f'body:not([data-index="{before}"]), #refusal:not(:empty)',
                           state="attached")
    refusal = page.locator("#refusal").text_content()
    assert not refusal, refusal


def chosen(state: State) -> dict[str, Any]:
    """The WebSocket player's answer: the first of ORDER offered, else the first choice
    that is not QUIET."""
    actions = [c["action"] for c in state["choices"]]
    for kind in ORDER:
        for action in actions:
            if action["do"] == kind:
                return dict(action)
    calm = [a for a in actions if a["do"] not in QUIET]
    return dict((calm or actions)[0])


def drive(site: Server, code: str, tokens: list[str],
          ready: Callable[[list[State]], bool], limit: int = 1500) -> list[State]:
    """Play the room's person seats (no bots) over WebSockets until ``ready`` holds for
    their states; the states then."""
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(connect(f"{site.ws}/ws/{code}", open_timeout=30))
                   for _ in tokens]
        states = [hello(ws, token) for ws, token in zip(sockets, tokens, strict=True)]
        for _ in range(limit):
            if ready(states):
                return states
            asked = [i for i, s in enumerate(states) if s["question"] and s["choices"]]
            assert asked, "somebody is asked something"
            seat = asked[0]
            index = states[seat]["index"]
            sockets[seat].send(json.dumps({"type": "act", "action": chosen(states[seat]),
                                           "seen": index}))
            states = [until_state(ws, index + 1) for ws in sockets]
    raise AssertionError("the position the test needs never came")


def owned_by(state: State, name: str) -> list[str]:
    return [deed for deed, d in state["view"]["deeds"].items() if d["owner"] == name]


def player(state: State, name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(p for p in state["view"]["players"] if p["name"] == name)
    return found


def asked_to_roll(state: State) -> bool:
    return any(c["action"]["do"] == "roll" for c in state["choices"])


def panel(page: Page, seat: int) -> Any:
    """A player's panel, opened."""
    details = page.locator(f'#panels details[data-seat="{seat}"]')
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    return details


def test_a_deed_bought_shows_as_a_title_deed_and_is_mortgaged_from_the_panel(
        browser: Browser, site: Server, tmp_path: Path) -> None:
    code, host = new_room(site.base, {"seed": 5, "seats": [{"name": "Ann"}, {"name": "Bob"}]})
    tokens = [join(site.base, code, 0), join(site.base, code, 1)]
    start(site.base, code, host)
    states = drive(site, code, tokens,
                   lambda s: len(owned_by(s[0], "Ann")) >= 2 and asked_to_roll(s[0]))
    deed = owned_by(states[0], "Ann")[0]
    errors: list[str] = []
    ann = open_seat(browser, site, code, tokens[0], errors)
    watcher = open_seat(browser, site, code, None, errors)
    # the board writes the rent due now on each owned space: a street of a group Ann does
    # not hold whole, with no house, asks its printed base rent
    spaces = get_edition("classic").new_game(["Ann", "Bob"], seed=0).board.spaces
    ann_deeds = [states[0]["view"]["deeds"][d]["index"] for d in owned_by(states[0], "Ann")]
    lone = [spaces[i] for i in ann_deeds if spaces[i].kind == "street" and not all(
        o.index in ann_deeds for o in spaces if o.group == spaces[i].group)]
    assert lone, "Ann holds a street without its whole group"
    for page in (ann, watcher):
        for street in lone:
            rent = page.locator(f'#board g.space[data-space="{street.index}"] text.rent')
            assert rent.text_content() == f"${street.rents[0]}", street.name
        owned = page.locator("#board text.rent").count()
        assert owned == len(ann_deeds) + len(owned_by(states[0], "Bob")), \
            "every owned space has its rent written"
    for page in (ann, watcher):
        card = panel(page, 0).locator(f'.title-deed[data-deed="{deed}"]')
        assert card.count() == 1, f"{deed} is drawn in Ann's panel"
        text = card.text_content() or ""
        assert "Rent" in text or "With 1" in text
        due = card.locator('.rents li[aria-current="true"]')
        assert due.count() == 1, "the rent due now is marked"
        assert "Mortgaged" not in text
        assert panel(page, 1).locator(".title-deed").count() == len(owned_by(states[0], "Bob"))
    # the build/mortgage panel: a row for the deed, its Mortgage button
    row = ann.locator(f'#manage .manage-row[data-deed="{deed}"]')
    assert row.count() == 1
    assert watcher.locator("#manage-box").is_hidden(), "a spectator manages nothing"
    assert ann.locator('#choices > [data-do="mortgage"]').count() == 0, \
        "mortgages are in the panel, not among the question's buttons"
    before = index_of(ann)
    row.locator('[data-do="mortgage"]').click()
    after(ann, before)
    card = panel(ann, 0).locator(f'.title-deed[data-deed="{deed}"]')
    assert "Mortgaged" in (card.text_content() or "")
    assert card.locator('.rents li[aria-current="true"]').count() == 0, "no rent is due"
    ann.wait_for_selector(f'#manage .manage-row[data-deed="{deed}"] [data-do="unmortgage"]')
    watcher.wait_for_selector(f'#panels .title-deed.mortgaged[data-deed="{deed}"]')
    at = states[0]["view"]["deeds"][deed]["index"]
    for page in (ann, watcher):
        assert page.locator(f'#board g.space[data-space="{at}"] text.rent').text_content() == \
            "mortgaged"
    ann.screenshot(path=str(tmp_path / "panels-classic.png"), full_page=True)
    # Ann's token walks to where her roll takes her, space by space
    ann.evaluate("""() => {
      const token = document.querySelector('#board circle.token[data-seat="0"]');
      window.walked = [];
      new MutationObserver(() => window.walked.push(token.getAttribute('cx') + ','
        + token.getAttribute('cy'))).observe(token, { attributes: true });
    }""")
    start_at = player(states[0], "Ann")["position"]
    before = index_of(ann)
    ann.locator('#choices > [data-do="roll"]').click()
    after(ann, before)
    ann.wait_for_timeout(2500)  # a walk of up to 24 steps of 90 ms
    walked = ann.evaluate("[...new Set(window.walked)]")
    moved_to = ann.evaluate(
        "document.querySelector('#board circle.token[data-seat=\"0\"]').dataset.space")
    if int(moved_to) != start_at:
        assert len(walked) >= 2, f"the token walked ({walked})"
    assert errors == []
    for page in (ann, watcher):
        page.context.close()


def test_a_voucher_and_a_share_are_traded_in_the_dialog_with_a_counter_offer(
        browser: Browser, site: Server, tmp_path: Path) -> None:
    """Ultimate Monopoly: Ann offers Bob a Travel Voucher and a share for cash; Bob answers
    with a counter-offer for less cash, composed in his dialog; Ann accepts it."""
    code, host = new_room(site.base, {"edition": "ultimate-monopoly", "seed": 11,
                                      "seats": [{"name": "Ann"}, {"name": "Bob"}]})
    tokens = [join(site.base, code, 0), join(site.base, code, 1)]
    start(site.base, code, host)

    def ready(states: list[State]) -> bool:
        ann = player(states[0], "Ann")
        vouchers = [c for c in ann["cards"] if c.endswith("@travel_vouchers")]
        return bool(vouchers and ann["shares"]) and asked_to_roll(states[0])

    states = drive(site, code, tokens, ready)
    ann_before = player(states[0], "Ann")
    bob_before = player(states[0], "Bob")
    company = next(iter(ann_before["shares"]))
    errors: list[str] = []
    ann = open_seat(browser, site, code, tokens[0], errors)
    bob = open_seat(browser, site, code, tokens[1], errors)
    ann.locator("#trade-box summary").click()
    ann.select_option("#trade-to", "Bob")
    voucher = ann.locator('#trade-give-cards input[value^="travel_vouchers:"]').first
    card_value = voucher.get_attribute("value")
    voucher.check()
    ann.locator(f'#trade-give-shares input[value="{company}"]').first.check()
    ann.fill("#trade-take-cash", "50")
    ann.screenshot(path=str(tmp_path / "trade-dialog.png"), full_page=True)
    # Bob has his own dialog open, a checkbox focused: the offer coming in leaves it so
    bob.locator("#trade-box summary").click()
    bob.locator("#trade-give input").first.focus()
    kept = bob.locator("#trade-give input").first.get_attribute("data-key")
    before = index_of(ann)
    ann.get_by_role("button", name="Send the offer").click()
    after(ann, before)
    # Bob answers with a counter-offer: the dialog opens turned round, for Ann only
    bob.wait_for_selector('body[data-asked="true"] #choices > [data-do="counter"]',
                          state="attached")
    assert bob.evaluate("[document.activeElement.closest('.deed-list')?.id, "
                        "document.activeElement.dataset.key]") == ["trade-give", kept], \
        "the focus stays where Bob was when the page is drawn again"
    bob.locator('#choices > [data-do="counter"]').click()
    assert bob.locator("#trade-box").get_attribute("open") is not None
    assert bob.locator("#trade-to").is_disabled()
    assert bob.locator("#trade-to").input_value() == "Ann"
    assert bob.locator(f'#trade-take-cards input[value="{card_value}"]:checked').count() == 1
    assert bob.locator(f'#trade-take-shares input[value="{company}"]:checked').count() == 1
    assert bob.input_value("#trade-give-cash") == "50"
    bob.fill("#trade-give-cash", "40")
    before = index_of(bob)
    bob.get_by_role("button", name="Send the counter-offer").click()
    after(bob, before)
    ann.wait_for_selector('body[data-asked="true"] #choices > [data-do="accept"]',
                          state="attached")
    assert "Bob" in (ann.locator("#question").text_content() or "")
    before = index_of(ann)
    ann.locator('#choices > [data-do="accept"]').click()
    after(ann, before)
    done = index_of(ann)
    bob.wait_for_selector(f'body[data-index="{done}"]', state="attached")
    company_name = company.replace("-", " ").title()
    for page in (ann, bob):
        bob_panel = panel(page, 1)
        shares = bob_panel.locator(".held-shares li").all_text_contents()
        assert any(company_name.lower() in s.lower() and "1 share" in s for s in shares), shares
        held = bob_panel.locator(".held-cards li").all_text_contents()
        assert len(held) >= 1
        ann_shares = panel(page, 0).locator(".held-shares li").all_text_contents()
        assert not any(company_name.lower() in s.lower() for s in ann_shares), ann_shares
    assert ann.locator("#players tbody tr").nth(0).locator("td").first.text_content() == \
        f"${ann_before['cash'] + 40:,}"
    assert bob.locator("#players tbody tr").nth(1).locator("td").first.text_content() == \
        f"${bob_before['cash'] - 40:,}"
    ann.screenshot(path=str(tmp_path / "ultimate-monopoly-traded.png"), full_page=True)
    assert errors == []
    for page in (ann, bob):
        page.context.close()


@pytest.mark.parametrize(("edition", "heading"), [("classic", "Total assets"),
                                                  ("ultimate-banking", "Final scores")])
def test_the_final_scores_appear_when_the_game_is_over(
        browser: Browser, site: Server, edition: str, heading: str, tmp_path: Path) -> None:
    """A game of bots played to its round limit, followed by a spectator: the edition's
    ending (its final scores, or total assets) with the winner."""
    code, host = new_room(site.base, {
        "edition": edition, "seed": 6, "options": {"max-rounds": 4},
        "seats": [{"bot": "standard"}, {"bot": "standard"}, {"bot": "standard"}]})
    start(site.base, code, host)
    errors: list[str] = []
    watcher = open_seat(browser, site, code, None, errors)
    watcher.wait_for_selector('body[data-over="true"]', state="attached")
    scores = watcher.locator("#scores")
    scores.wait_for(state="visible")
    assert scores.locator("h2").text_content() == heading
    with connect(f"{site.ws}/ws/{code}", open_timeout=30) as ws:
        final = hello(ws, None)
    view = final["view"]
    rows = scores.locator("tbody tr").all_text_contents()
    standing = [p["name"] for p in view["players"] if not p["bankrupt"]]
    assert len(rows) == len(standing) and rows
    won = scores.locator(".winner").first.text_content() or ""
    if view["winner"]:
        assert won == f"{view['winner']} wins."
        assert rows[0].startswith(view["winner"]), "the winner heads the table"
    else:
        assert "draw" in won
    watcher.screenshot(path=str(tmp_path / f"scores-{edition}.png"), full_page=True)
    assert errors == []
    watcher.context.close()


@pytest.mark.parametrize("edition", ["classic", "ultimate-monopoly"])
def test_a_phone_screen_has_no_sideways_scroll_and_the_keyboard_plays(
        browser: Browser, site: Server, edition: str, tmp_path: Path) -> None:
    """At 375 px wide, with every panel and the trade dialog open, nothing is wider than
    the screen; Tab and Enter alone mortgage a deed from the build/mortgage panel."""
    code, host = new_room(site.base, {"edition": edition, "seed": 5,
                                      "seats": [{"name": "Ann"}, {"name": "Bob"}]})
    tokens = [join(site.base, code, 0), join(site.base, code, 1)]
    start(site.base, code, host)
    states = drive(site, code, tokens,
                   lambda s: len(owned_by(s[0], "Ann")) >= 2 and asked_to_roll(s[0]))
    errors: list[str] = []
    ann = open_seat(browser, site, code, tokens[0], errors, width=375)
    ann.locator("#trade-box summary").click()
    for seat in range(2):
        panel(ann, seat)
    wide = ann.evaluate("[document.documentElement.scrollWidth, "
                        "document.documentElement.clientWidth]")
    assert wide[0] <= wide[1], f"the page is {wide[0]} px wide on a {wide[1]} px screen"
    ann.screenshot(path=str(tmp_path / f"phone-{edition}.png"), full_page=True)
    # the board's names are too small to read until the board is zoomed in, which pans
    # within its frame (the page still does not scroll sideways)
    names = "Math.max(...[...document.querySelectorAll('#board text.name')]" \
            ".map(t => t.getBoundingClientRect().height))"
    rents = "Math.max(...[...document.querySelectorAll('#board text.rent')]" \
            ".map(t => t.getBoundingClientRect().height))"
    small = ann.evaluate(names)
    zoom = ann.locator("#board-zoom")
    assert zoom.is_visible() and zoom.get_attribute("aria-pressed") == "false"
    zoom.click()
    assert zoom.get_attribute("aria-pressed") == "true"
    assert ann.evaluate(names) >= 10 > small, "the names are legible once zoomed"
    assert ann.evaluate(rents) >= 11
    frame = ann.evaluate("(() => { const f = document.getElementById('board-scroll');"
                         " return [f.scrollWidth, f.clientWidth, f.scrollLeft, f.tabIndex]; })()")
    assert frame[0] > 2 * frame[1] and frame[3] == 0, "the zoomed board pans in its frame"
    wide = ann.evaluate("[document.documentElement.scrollWidth, "
                        "document.documentElement.clientWidth]")
    assert wide[0] <= wide[1], "zoomed, the page itself still does not scroll sideways"
    ann.locator("#board-scroll").screenshot(path=str(tmp_path / f"phone-zoomed-{edition}.png"))
    zoom.press("Enter")
    assert zoom.get_attribute("aria-pressed") == "false"
    assert ann.evaluate(names) == pytest.approx(small, abs=0.1)
    # the keyboard alone: Tab to the first Mortgage button of the panel, Enter
    deed = owned_by(states[0], "Ann")
    ann.locator("body").focus()
    for _ in range(300):
        ann.keyboard.press("Tab")
        if ann.evaluate("document.activeElement.dataset.do === 'mortgage' && "
                        "Boolean(document.activeElement.closest('#manage'))"):
            break
    else:
        raise AssertionError("Tab never reached a Mortgage button of the panel")
    target = ann.evaluate("document.activeElement.closest('.manage-row').dataset.deed")
    assert target in deed
    before = index_of(ann)
    ann.keyboard.press("Enter")
    after(ann, before)
    ann.wait_for_selector(f'#panels .title-deed.mortgaged[data-deed="{target}"]',
                          state="attached")
    assert errors == []
    ann.context.close()


def test_a_hidden_hand_shows_in_words_to_its_own_seat_only(
        browser: Browser, site: Server) -> None:
    """Monopoly 2.3: Ann's panel lists her hand by the cards' words on her page; on Bob's
    page and a spectator's it is only a count, and no word of her cards is shown."""
    code, host = new_room(site.base, {"edition": "monopoly-2.3", "seed": 1, "seats": [
        {"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]})
    tokens = [join(site.base, code, seat) for seat in range(3)]
    start(site.base, code, host)
    with connect(f"{site.ws}/ws/{code}", open_timeout=30) as ws:
        first = hello(ws, tokens[0])
    hand = player(first, "Ann")["cards"]
    assert hand, "Monopoly 2.3 deals a hand at the start"
    errors: list[str] = []
    ann = open_seat(browser, site, code, tokens[0], errors)
    bob = open_seat(browser, site, code, tokens[1], errors)
    watcher = open_seat(browser, site, code, None, errors)
    mine = panel(ann, 0).locator(".held-cards li").all_text_contents()
    assert len(mine) == len(hand)
    assert all(len(line) > 5 for line in mine), mine
    for page in (bob, watcher):
        seen = panel(page, 0).text_content() or ""
        assert f"{len(hand)} cards in a hidden hand" in seen
        for line in mine:
            assert line not in seen, f"{line!r} of Ann's hand is shown to another seat"
    assert "trade-box" not in ann.evaluate(
        "[...document.querySelectorAll('details:not([hidden])')].map(d => d.id).join(' ')"), \
        "Monopoly 2.3 has no trading: no trade dialog"
    assert errors == []
    for page in (ann, bob, watcher):
        page.context.close()


def test_the_lobby_fits_a_phone(browser: Browser, site: Server) -> None:
    """The lobby at 375 px, for every edition's form (its house rules differ): nothing
    wider than the screen."""
    errors: list[str] = []
    page = new_page(browser, errors, 375, 800)
    page.goto(f"{site.base}/")
    page.wait_for_selector("#edition option", state="attached")
    editions = page.locator("#edition option").evaluate_all("l => l.map(o => o.value)")
    assert len(editions) == 5
    for edition in editions:
        page.select_option("#edition", edition)
        page.wait_for_selector(f'#edition option[value="{edition}"]:checked', state="attached")
        wide = page.evaluate("[document.documentElement.scrollWidth, "
                             "document.documentElement.clientWidth]")
        assert wide[0] <= wide[1], f"{edition}: the lobby is {wide[0]} px on {wide[1]} px"
    assert errors == []
    page.context.close()


def test_the_zoom_button_works_after_the_host_starts_the_game_from_the_page(
        browser: Browser, site: Server) -> None:
    """A host who has no seat starts the game with the page's Start button (the room page
    has no socket then), then watches: one press of "Zoom in on the board" zooms in (a
    second click handler, added by the start, would undo it at once)."""
    code, host = new_room(site.base, {"edition": "classic", "seed": 2,
                                      "seats": [{"name": "Ann"}, {"bot": "standard"}]})
    join(site.base, code, 0)
    errors: list[str] = []
    page = new_page(browser, errors, 375)
    page.add_init_script(f"localStorage.setItem('pennybags:host:{code}', {json.dumps(host)})")
    page.goto(f"{site.base}/room/{code}")
    page.locator("#start").click()
    page.get_by_role("button", name="Watch as a spectator").click()
    page.wait_for_selector('body[data-status="playing"], body[data-status="over"]',
                           state="attached")
    zoom = page.locator("#board-zoom")
    zoom.click()
    assert zoom.get_attribute("aria-pressed") == "true"
    zoom.click()
    assert zoom.get_attribute("aria-pressed") == "false"
    assert errors == []
    page.context.close()
