"""The browser front in a real browser: Playwright driving Debian's Chromium
(``apt-get install chromium``; Playwright's own browser download is not used). Two people
in two browser contexts and a bot play a game to its end through the page's buttons while
a spectator follows; forged and out-of-turn messages sent from a page are refused; every
edition's page renders, with a screenshot of each saved in the test's folder.

Skipped, saying why, when Chromium or the playwright package is missing."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from chromium import WAIT, playwright_or_skip
from pennybags.editions import all_editions, get_edition
from web_process import Server, join, new_room, start

sync_api = playwright_or_skip()

PREFERRED = ("roll", "end-turn", "buy", "pay-bail", "pass", "accept", "use-card",
             "keep-mortgaged", "declare-bankruptcy")
"""The answers a player here gives first, when they are among the choices."""
ANY_TIME = frozenset({"mortgage", "unmortgage", "build", "sell-building", "propose-trade",
                      "counter"})
"""What a player may do whatever the question (this player only answers it)."""

Browser = Any
Page = Any


def new_page(browser: Browser, errors: list[str]) -> Page:
    """A page in a browser context of its own (its own storage: another person)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def index_of(page: Page) -> int:
    return int(page.evaluate("Number(document.body.dataset.index ?? -1)"))


def take_seat(page: Page, seat: int) -> None:
    page.locator("#seat-choices li").nth(seat).get_by_role(
        "button", name="Take this seat").click()
    page.wait_for_selector("#table:not([hidden])")


def click_a_choice(page: Page, rng: random.Random, keyboard: bool) -> bool:
    """Answer the page's question with one of its buttons, by mouse or by keyboard;
    whether the page asked anything."""
    choices = page.locator("#choices > [data-do]")
    kinds = [choices.nth(i).get_attribute("data-do") for i in range(choices.count())]
    if not kinds:
        return False
    if page.evaluate("document.body.dataset.asked") != "true":
        return False  # only what a player may do at any time (mortgage, trade)
    moving = [i for i, kind in enumerate(kinds) if kind not in ANY_TIME] or \
        list(range(len(kinds)))
    preferred = [i for kind in PREFERRED for i, k in enumerate(kinds) if k == kind]
    if preferred and rng.random() < 0.8:  # mostly the quick way on (auctions are long)
        chosen = choices.nth(preferred[0])
    else:
        chosen = choices.nth(rng.choice(moving))
    before = index_of(page)
    button = chosen.locator("button") if kinds[0] and chosen.evaluate(
        "n => n.tagName") == "FORM" else chosen
    if keyboard:
        button.focus()
        page.keyboard.press("Enter")
    else:
        button.click()
    # (the page's policy allows no script from strings: waits are written as selectors)
    page.wait_for_selector(f'body:not([data-index="{before}"]), #refusal:not(:empty)',
                           state="attached")
    refusal = page.locator("#refusal").text_content()
    assert not refusal, refusal
    return True


def players_table(page: Page) -> list[list[str]]:
    """The players' table, cell by cell (without the "(you)" of one's own row)."""
    cells = page.locator("#players tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    return [[c.replace("(you)", "").strip() for c in row] for row in cells]


@pytest.mark.parametrize("edition", ["classic", "ultimate-banking"])
def test_two_people_and_a_bot_play_to_the_end_and_a_spectator_follows(
        browser: Browser, site: Server, edition: str, tmp_path: Path) -> None:
    errors: list[str] = []
    ann, bob, watcher = (new_page(browser, errors) for _ in range(3))
    # Ann makes the room in the lobby: the edition, a short game, Bob's seat and a bot's
    ann.goto(f"{site.base}/")
    ann.select_option("#edition", edition)
    ann.fill("#option-max-rounds", "6")
    ann.get_by_role("button", name="Add a seat").click()
    seats = ann.locator("#seat-list li")
    seats.nth(0).locator("input").first.fill("Ann")
    seats.nth(1).locator("select").select_option("person")
    seats.nth(1).locator("input").first.fill("Bob")
    seats.nth(2).locator("select").select_option("bot")
    ann.get_by_role("button", name="Create the room").click()
    ann.wait_for_url("**/room/*")
    link = ann.url
    take_seat(ann, 0)
    bob.goto(link)
    take_seat(bob, 1)
    watcher.goto(link)
    watcher.get_by_role("button", name="Watch as a spectator").click()
    ann.get_by_role("button", name="Start the game").click()
    for page in (ann, bob, watcher):
        page.wait_for_selector('body[data-status="playing"]', state="attached")
    rng = random.Random(edition)
    clicks = 0
    for _ in range(600):
        if ann.evaluate("document.body.dataset.over") == "true":
            break
        moved = False
        for page in (ann, bob):
            if click_a_choice(page, rng, keyboard=clicks % 3 == 0):
                clicks += 1
                moved = True
                break
        if not moved:  # the bot's answers are on their way
            ann.wait_for_timeout(50)
    assert ann.evaluate("document.body.dataset.over") == "true", "the game came to its end"
    assert clicks > 10
    final = index_of(ann)
    for page in (bob, watcher):
        page.wait_for_selector(f'body[data-index="{final}"]', state="attached")
        assert page.evaluate("document.body.dataset.over") == "true"
    assert "Game over" in (watcher.locator("#status").text_content() or "")
    assert "You are watching" in (watcher.locator("#status").text_content() or "")
    assert players_table(watcher) == players_table(ann) == players_table(bob)
    assert watcher.locator("#choices > *").count() == 0
    watcher.screenshot(path=str(tmp_path / f"over-{edition}.png"))
    assert errors == []
    for page in (ann, bob, watcher):
        page.context.close()


FORGE = """async ([url, token, messages]) => {
  const socket = new WebSocket(url);
  const replies = [];
  await new Promise((ok) => socket.addEventListener("open", ok));
  const next = () => new Promise((ok) => socket.addEventListener(
    "message", (e) => ok(JSON.parse(e.data)), { once: true }));
  socket.send(JSON.stringify({ type: "hello", token }));
  for (let i = 0; i < 3; i++) await next();
  for (const message of messages) {
    const reply = next();
    socket.send(typeof message === "string" ? message : JSON.stringify(message));
    replies.push(await reply);
  }
  socket.close();
  return replies;
}"""


def test_forged_and_out_of_turn_messages_from_a_page_are_refused(
        browser: Browser, site: Server) -> None:
    code, host = new_room(site.base, {"seed": 3, "seats": [
        {"name": "Ann"}, {"name": "Bob"}, {"bot": "standard"}]})
    ann_token, bob_token = join(site.base, code, 0), join(site.base, code, 1)
    start(site.base, code, host)
    errors: list[str] = []
    bob = new_page(browser, errors)
    bob.add_init_script(f"localStorage.setItem('pennybags:seat:{code}', "
                        f"{json.dumps(bob_token)})")
    bob.goto(f"{site.base}/room/{code}")
    bob.wait_for_selector("#table:not([hidden])")
    bob.wait_for_selector('body[data-status="playing"]', state="attached")
    before = index_of(bob)
    assert bob.locator("#choices > *").count() == 0, "it is Ann's turn, not Bob's"
    replies = bob.evaluate(FORGE, [f"{site.ws}/ws/{code}", bob_token, [
        {"type": "act", "action": {"do": "roll"}},  # out of turn
        {"type": "act", "action": {"do": "roll", "player": "Ann"}},  # for another seat
        {"type": "act", "action": {"do": "roll"}, "seat": 0},  # a field that is not there
        {"type": "act", "action": {"do": "take-the-bank"}},
        {"type": "hello", "token": ann_token},  # a second hello, with Ann's token
        "{not json",
    ]])
    assert [r["type"] for r in replies] == ["refused"] * 6, replies
    reasons = [r["reason"] for r in replies]
    assert "cannot act for Ann" in reasons[1]
    assert "hello already" in reasons[4]
    # a made-up token holds no seat, and the page says so instead of playing
    stranger = new_page(browser, errors)
    stranger.add_init_script(f"localStorage.setItem('pennybags:seat:{code}', 'forged')")
    stranger.goto(f"{site.base}/room/{code}")
    stranger.wait_for_selector("#room-error:not(:empty)")
    assert "holds no seat" in (stranger.locator("#room-error").text_content() or "")
    bob.wait_for_timeout(200)
    assert index_of(bob) == before, "nothing refused changed the game"
    assert errors == []
    bob.context.close()
    stranger.context.close()


@pytest.mark.parametrize("edition", [e.id for e in all_editions()])
def test_every_edition_page_renders(browser: Browser, site: Server, edition: str,
                                    tmp_path: Path) -> None:
    seats: list[dict[str, str]] = [{"name": "Ann"}, {"bot": "standard"},
                                   {"bot": "standard"}]
    code, host = new_room(site.base, {"edition": edition, "seed": 11, "seats": seats})
    token = join(site.base, code, 0)
    start(site.base, code, host)
    errors: list[str] = []
    page = new_page(browser, errors)
    page.add_init_script(f"localStorage.setItem('pennybags:seat:{code}', "
                         f"{json.dumps(token)})")
    page.goto(f"{site.base}/room/{code}")
    page.wait_for_selector("#table:not([hidden])")
    page.wait_for_selector('body[data-status="playing"]', state="attached")
    spaces = page.locator("#board g.space").count()
    drawn = get_edition(edition).new_game(["A", "B", "C"], seed=0).board.spaces
    assert spaces == len(drawn), "every space of the board is drawn"
    assert page.locator("#board .token").count() == 3
    rng = random.Random(1)
    for _ in range(40):  # play a little, so the board has owners and money has moved
        if not click_a_choice(page, rng, keyboard=False):
            break
    assert page.locator("#players tbody tr").count() == 3
    assert page.locator("#log li").count() > 3
    owned = page.locator("#board g.owned").count()
    written = page.locator("#board g.owned text.rent").all_text_contents()
    assert len(written) == owned and all(written), \
        "every owned space has the rent due now (or 'mortgaged') written on the board"
    page.screenshot(path=str(tmp_path / f"{edition}.png"), full_page=True)
    assert (tmp_path / f"{edition}.png").stat().st_size > 10_000
    assert errors == []
    page.context.close()


def owners(page: Page) -> dict[str, str]:
    """Who owns each owned deed, as the page's players' table and board are drawn from:
    read from the trade dialog's lists (one's own deeds, and the chosen player's)."""
    mine = page.locator("#trade-give input").evaluate_all("l => l.map(i => i.value)")
    theirs = page.locator("#trade-take input").evaluate_all("l => l.map(i => i.value)")
    return {**{d: "me" for d in mine}, **{d: "them" for d in theirs}}


def test_a_trade_composed_on_the_page_survives_a_reconnection(
        browser: Browser, site: Server) -> None:
    """Ann offers Bob a deed for one of his and some cash through the trade dialog; Bob's
    page is reloaded while the offer waits (a reconnection mid-trade) and he accepts it
    from there; an answer sent on a stale state is refused."""
    code, host = new_room(site.base, {"seed": 8, "options": {"max-rounds": 60}, "seats": [
        {"name": "Ann"}, {"name": "Bob"}, {"bot": "standard"}]})
    tokens = [join(site.base, code, 0), join(site.base, code, 1)]
    start(site.base, code, host)
    errors: list[str] = []
    pages = []
    for token in tokens:
        page = new_page(browser, errors)
        page.add_init_script(f"localStorage.setItem('pennybags:seat:{code}', "
                             f"{json.dumps(token)})")
        page.goto(f"{site.base}/room/{code}")
        page.wait_for_selector('body[data-status="playing"]', state="attached")
        pages.append(page)
    ann, bob = pages
    ann.locator("#trade-box summary").click()  # the dialog opens, and stays open
    rng = random.Random(2)
    # play (buying what they land on) until Ann, asked to roll, and Bob each own a deed
    for _ in range(400):
        ann.select_option("#trade-to", "Bob")
        deeds = owners(ann)
        ready = "me" in deeds.values() and "them" in deeds.values()
        if ready and ann.locator('#choices > [data-do="roll"]').count():
            break
        if not any(click_a_choice(page, rng, keyboard=False) for page in (ann, bob)):
            ann.wait_for_timeout(50)
    else:
        raise AssertionError("Ann and Bob never both owned a deed at Ann's roll")
    give = ann.locator("#trade-give input").first
    take = ann.locator("#trade-take input").first
    given, taken = give.get_attribute("value"), take.get_attribute("value")
    give.check()
    take.check()
    ann.fill("#trade-give-cash", "25")
    before = index_of(ann)
    ann.get_by_role("button", name="Send the offer").click()
    ann.wait_for_selector(f'body:not([data-index="{before}"]), #refusal:not(:empty)',
                          state="attached")
    assert not ann.locator("#refusal").text_content()
    bob.wait_for_selector('body[data-asked="true"]', state="attached")
    assert "Ann" in (bob.locator("#question").text_content() or "")
    offered = index_of(bob)
    bob.reload()  # Bob's connection drops and comes back with his token
    bob.wait_for_selector(f'body[data-index="{offered}"]', state="attached")
    accept = bob.locator('#choices > [data-do="accept"]')
    assert accept.count() == 1, "the offer still waits for Bob after he came back"
    accept.click()
    bob.wait_for_selector(f'body:not([data-index="{offered}"])', state="attached")
    ann.wait_for_selector(f'body:not([data-index="{offered}"])', state="attached")
    ann.select_option("#trade-to", "Bob")
    deeds = owners(ann)
    assert deeds.get(taken) == "me" and deeds.get(given) == "them", deeds
    # an answer sent on the state the offer was shown in comes too late
    replies = bob.evaluate(FORGE, [f"{site.ws}/ws/{code}", tokens[1], [
        {"type": "act", "action": {"do": "accept"}, "seen": offered}]])
    assert replies[0]["type"] == "refused" and "moved on" in replies[0]["reason"], replies
    assert errors == []
    for page in pages:
        page.context.close()


def test_a_live_auction_counts_down_on_the_page(browser: Browser, site: Server) -> None:
    """Ultimate Banking's live auction: the page shows the server's timer counting down,
    and the auction ends when it runs out with nobody pressing."""
    code, host = new_room(site.base, {
        "edition": "ultimate-banking", "seed": 4, "options": {"auction-timer": 2},
        "seats": [{"name": "Ann"}, {"bot": "standard"}, {"bot": "standard"}]})
    token = join(site.base, code, 0)
    start(site.base, code, host)
    errors: list[str] = []
    page = new_page(browser, errors)
    page.add_init_script(f"localStorage.setItem('pennybags:seat:{code}', "
                         f"{json.dumps(token)})")
    page.goto(f"{site.base}/room/{code}")
    page.wait_for_selector('body[data-status="playing"]', state="attached")
    rng = random.Random(3)
    for _ in range(300):
        if page.locator("#auction-clock:not([hidden])").count():
            break
        decline = page.locator('#choices > [data-do="auction"]')
        if decline.count():  # Ann does not buy: the deed goes to a live auction
            decline.click()
            page.wait_for_selector('#auction-clock:not([hidden]), #refusal:not(:empty)')
        elif not click_a_choice(page, rng, keyboard=False):
            page.wait_for_timeout(50)
    clock = page.locator("#auction-clock")
    assert "Live auction" in (clock.text_content() or "")
    assert page.locator('#choices > [data-do="bid"]').count() == 1, "Ann may press"
    assert page.locator('#choices > [data-do="time-up"]').count() == 0
    page.wait_for_selector("#auction-clock", state="hidden", timeout=60_000)
    assert errors == []
    page.context.close()
