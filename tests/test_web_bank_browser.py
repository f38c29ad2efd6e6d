"""The banking unit page in a real browser at a phone's width (375 px): Playwright driving
Debian's Chromium against a real ``pennybags serve``. Two phones work one unit: what one
does, the other sees (the page polls); a refusal shows its reason; the auction timer runs
out by itself. Screenshots of each unit are saved in the test's folder
(docs/images/web-bank-*.png are copies).

Skipped, saying why, when Chromium or the playwright package is missing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chromium import ARGS, CHROMIUM, WAIT, playwright_or_skip
from web_process import Server

PHONE = {"width": 375, "height": 812}

sync_api = playwright_or_skip()

expect = sync_api.expect
expect.set_options(timeout=WAIT)
Page = Any


@pytest.fixture(scope="module")
def phones() -> Iterator[tuple[Page, Page, list[str]]]:
    """Two phones (browser contexts of their own) and the page errors they met."""
    errors: list[str] = []
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        pages = []
        for _ in range(2):
            context = browser.new_context(viewport=PHONE, device_scale_factor=1,
                                          is_mobile=True, has_touch=True)
            page = context.new_page()
            page.set_default_timeout(WAIT)
            page.on("pageerror", lambda e: errors.append(str(e)))
            pages.append(page)
        yield pages[0], pages[1], errors
        browser.close()


def version(page: Page) -> int:
    return int(page.evaluate("Number(document.body.dataset.version ?? 0)"))


def press(page: Page, selector: str) -> None:
    """Tap a control and wait for the unit's answer (a new version, or a refusal)."""
    answered = page.evaluate("Number(document.body.dataset.answered ?? 0)")
    page.locator(selector).click()
    page.wait_for_selector(f'body:not([data-answered="{answered}"])', state="attached")


def cash(page: Page, card: str) -> Any:
    return page.locator(f'.card-row [data-card="{card}"] .cash')


def fits_the_phone(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a 375 px phone"


def test_two_phones_work_one_electronic_banking_unit(
        site: Server, phones: tuple[Page, Page, list[str]], tmp_path: Path) -> None:
    ann, bob, errors = phones
    ann.goto(f"{site.base}/bank")
    ann.locator('form[data-kind="electronic-banking"] button').click()
    ann.wait_for_url("**/bank/*")
    ann.wait_for_selector("#eb:not([hidden])")
    expect(ann.locator("#display")).to_have_text("READY")
    link = ann.url
    bob.goto(link)
    expect(bob.locator("#display")).to_have_text("READY")
    # Ann pays Bob's card 2.2M at the keypad: card 1, 2 . 2 M, transfer, out; card 2, transfer
    press(ann, '#eb-cards [data-card="1"]')
    for key in ("2", ".", "2", "M", "T"):
        press(ann, f'#keypad [data-key="{key}"]')
    expect(ann.locator("#display")).to_have_text("12.8M")
    press(ann, "#eb-out")
    expect(ann.locator("#display")).to_have_text("PAY 2.2M")
    expect(bob.locator("#display")).to_have_text("PAY 2.2M")     # Bob's phone polls
    press(bob, '#eb-cards [data-card="2"]')
    press(bob, '#keypad [data-key="T"]')
    expect(cash(ann, "2")).to_have_text("17.2M")
    expect(cash(ann, "1")).to_have_text("12.8M")
    press(bob, "#eb-out")
    # a whole payment at once, and one the card cannot afford
    bob.select_option("#pay-from", "2")
    bob.select_option("#pay-to", "bank")
    bob.fill("#pay-amount", "600K")
    press(bob, "#pay-form button")
    expect(cash(ann, "2")).to_have_text("16.6M")
    bob.fill("#pay-amount", "20M")
    before = version(bob)
    press(bob, "#pay-form button")
    expect(bob.locator("#refusal")).to_contain_text("NO FUNDS: card 2 holds 16.6M")
    assert version(bob) == before
    bob.select_option("#go-card", "3")
    press(bob, "#go-form button")
    expect(cash(ann, "3")).to_have_text("17M")
    ann.locator("#history-box summary").click()
    expect(ann.locator("#history li")).to_have_count(9)
    fits_the_phone(ann)
    ann.screenshot(path=str(tmp_path / "web-bank-electronic.png"), full_page=True)
    # the reset asks first; keeping the balances changes nothing
    ann.locator("#eb-reset").click()
    expect(ann.locator("#eb-confirm-text")).to_contain_text("back to 15M")
    ann.locator("#eb-reset-no").click()
    expect(cash(ann, "3")).to_have_text("17M")
    ann.locator("#eb-reset").click()
    press(ann, "#eb-reset-yes")
    expect(ann.locator("#display")).to_have_text("RESET")
    expect(cash(bob, "3")).to_have_text("15M")
    # a reload shows the same unit
    bob.reload()
    expect(cash(bob, "1")).to_have_text("15M")
    expect(bob.locator("#display")).to_have_text("RESET")
    # a code that is no unit's: the page says so and offers to start one
    bob.goto(f"{site.base}/bank/ABCDEFGHJKMN")
    expect(bob.locator("#choose-error")).to_have_text("no unit with the code ABCD-EFGH-JKMN")
    expect(bob.locator('form[data-kind="electronic-banking"] button')).to_be_visible()
    assert errors == []


def test_two_phones_work_one_ultimate_banking_unit_with_a_live_auction(
        site: Server, phones: tuple[Page, Page, list[str]], tmp_path: Path) -> None:
    ann, bob, errors = phones
    ann.goto(f"{site.base}/bank")
    ann.select_option("#option-ultimate-banking-set-bonus", "unit")
    ann.locator('form[data-kind="ultimate-banking"] button').click()
    ann.wait_for_selector("#ub:not([hidden])")
    bob.goto(ann.url)
    for card in ("car", "boat"):
        press(ann, f'#ub-cards [data-card="{card}"]')
    press(ann, '#buttons [data-button="check"]')
    expect(bob.locator("#display")).to_have_text("READY")
    # Bob buys Strand; Ann lands on it and pays the rent
    press(bob, '#deeds [data-deed="12"]')
    press(bob, '#ub-cards [data-card="boat"]')
    # (Ann's phone shows the purchase before she taps: an operation on a unit that changed
    # since her page showed it would be refused, saying so)
    expect(ann.locator('#deeds [data-deed="12"] .owner')).to_contain_text("boat")
    press(ann, '#deeds [data-deed="12"]')
    press(ann, '#ub-cards [data-card="car"]')
    expect(cash(bob, "car")).to_have_text("$1,330")
    expect(bob.locator('#deeds [data-deed="12"] .owner')).to_have_text(
        "boat, level 2, rent $250")
    # an auction of Fleet Street: Ann bids once, the timer runs out by itself
    press(ann, '#deeds [data-deed="13"]')
    press(ann, '#buttons [data-button="M"]')
    press(ann, '#buttons [data-button="check"]')
    expect(bob.locator("#auction")).to_be_visible()
    press(ann, '#buttons [data-button="M"]')
    expect(bob.locator("#auction-bid")).to_have_text("bid $20")
    expect(ann.locator("#display")).to_have_text("SOLD $20: WINNER TAP BANK CARD")
    press(ann, '#ub-cards [data-card="car"]')
    expect(bob.locator('#deeds [data-deed="13"] .owner')).to_contain_text("car, level 1")
    # a tap the unit refuses shows why
    press(bob, '#ub-cards [data-card="jet"]')
    expect(bob.locator("#refusal")).to_contain_text("the jet card is not in this game")
    ann.locator("#history-box summary").click()
    expect(ann.locator("#history li")).to_have_count(5)
    fits_the_phone(ann)
    ann.evaluate("window.scrollTo(0, 0)")
    ann.screenshot(path=str(tmp_path / "web-bank-ultimate.png"))
    assert errors == []
