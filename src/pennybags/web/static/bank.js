// The banking unit page: /bank chooses and starts a unit, /bank/CODE works it. The unit
// lives on the server; this page sends one operation at a time (in the order they were
// pressed) and shows the unit as the server committed it, and asks the server every
// second whether another phone changed it. Text from the server goes in as textContent.

import { el, clear } from "/static/common.js";

const $ = (id) => document.getElementById(id);
const POLL = 1000;          // ms between two looks at the unit
const POLL_AUCTION = 400;   // ... while an auction's timer runs
const POLL_HIDDEN = 5000;   // ... while the page is not seen

let code = null;
let view = null;            // the unit as last shown
let chain = Promise.resolve();
let pollTimer = null;
let deadline = null;        // when a running auction's timer runs out (performance.now())
let countdown = null;

async function call(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  return { ok: response.ok, status: response.status, data };
}

// ------------------------------------------------------------------ choosing a unit

async function showChooser() {
  $("choose").hidden = false;
  const kinds = await call("/api/bank/kinds");
  const box = $("kinds");
  clear(box);
  for (const kind of kinds.data || []) {
    const form = el("form", { class: "kind", "data-kind": kind.kind });
    form.append(el("h3", {}, kind.name), el("p", { class: "note" }, kind.settings));
    const options = {};
    for (const option of kind.options) {
      const id = `option-${kind.kind}-${option.name}`;
      const select = el("select", { id });
      for (const choice of option.choices) {
        select.append(el("option", { value: choice, selected: choice === option.default }, choice));
      }
      options[option.name] = select;
      form.append(el("label", { for: id }, option.name), select,
        el("p", { class: "note" }, option.help));
    }
    form.append(el("button", { type: "submit", "aria-label": `Start a new ${kind.name} unit` }, "Start a new unit"));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const chosen = {};
      for (const [name, select] of Object.entries(options)) chosen[name] = select.value;
      const answer = await call("/api/bank", { kind: kind.kind, options: chosen });
      if (!answer.ok) {
        $("choose-error").textContent = answer.data ? answer.data.error : `the server answered ${answer.status}`;
        return;
      }
      location.assign(answer.data.link);
    });
    box.append(form);
  }
  $("open-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = $("open-code").value.replace(/[\s-]/g, "").toUpperCase();
    if (!/^[A-Z0-9]{12}$/.test(typed)) {
      $("choose-error").textContent = "A unit's code is 12 letters and digits, like K7QM-XW2P-9HTD.";
      return;
    }
    location.assign(`/bank/${typed}`);
  });
}

// ------------------------------------------------------------------ operations

function send(op) {
  // One at a time, in the order pressed: each carries the version it was pressed on.
  chain = chain.then(() => post(op)).catch(() => {});
  return chain;
}

async function post(op) {
  const body = { ...op };
  const bidding = view && view.kind === "ultimate-banking" && view.mode === "auction" &&
    op.op === "press" && op.button === "M";
  if (view && !bidding) body.seen = view.version;  // (a bid raises whatever the bid is)
  let answer;
  try {
    answer = await call(`/api/bank/${code}`, body);
  } catch (error) {
    $("refusal").textContent = `Cannot reach the server (${error.message}); nothing was done.`;
    return;
  }
  if (answer.ok) {
    $("refusal").textContent = "";
    render(answer.data);
  } else {
    $("refusal").textContent = answer.data ? answer.data.error : `the server answered ${answer.status}`;
    if (answer.data && answer.data.view) render(answer.data.view);
  }
  document.body.dataset.answered = String(Number(document.body.dataset.answered || 0) + 1);
}

async function poll() {
  clearTimeout(pollTimer);
  try {
    const since = view ? `?since=${view.version}` : "";
    const answer = await call(`/api/bank/${code}${since}`);
    if (answer.ok && !answer.data.same) render(answer.data);
    if (!answer.ok) showMissing(answer);
    if (answer.status === 404 && !view) return;  // no such unit: nothing to look at
  } catch { /* the network is away: look again later */ }
  const running = view && view.auction && view.auction.running;
  pollTimer = setTimeout(poll, document.hidden ? POLL_HIDDEN : running ? POLL_AUCTION : POLL);
}

function showMissing(answer) {
  if (view) {
    $("status").textContent = answer.data ? answer.data.error : `the server answered ${answer.status}`;
    return;
  }
  $("unit").hidden = true;
  if ($("choose").hidden) showChooser();
  $("choose-error").textContent = answer.data ? answer.data.error : `the server answered ${answer.status}`;
}

// ------------------------------------------------------------------ showing the unit

function render(next) {
  if (view && next.version < view.version) return;  // (an older answer that came late)
  view = next;
  $("unit").hidden = false;
  $("choose").hidden = true;
  document.body.dataset.version = String(view.version);
  document.body.dataset.kind = view.kind;
  $("code").textContent = view.shown_code;
  $("link").href = `/bank/${view.code}`;
  $("display").textContent = view.display;
  if (view.kind === "electronic-banking") renderElectronic(); else renderUltimate();
  renderHistory();
}

function renderHistory() {
  const list = $("history");
  clear(list);
  if (view.kind === "electronic-banking") {
    for (const t of view.history) {
      list.append(el("li", {}, `${t.at.slice(11, 19)} ${t.from} \u2192 ${t.to} ${t.shown} (${t.reason})`));
    }
  } else {
    for (const line of view.history) list.append(el("li", {}, line));
  }
}

// Electronic Banking ------------------------------------------------

const ERRORS = new Set(["ERROR", "NO CARD", "NO FUNDS", "CARD IN", "SAME CARD"]);
const KEYPAD = [
  ["7"], ["8"], ["9"], ["M", "M", "fn"],
  ["4"], ["5"], ["6"], ["K", "K", "fn"],
  ["1"], ["2"], ["3"], ["+", "+ credit", "fn"],
  ["."], ["0"], ["C", "C", "fn"], ["-", "\u2212 debit", "fn"],
  ["GO", "GO \u2192", "fn span2"], ["T", "\u21c4 transfer", "fn span2"],
];
let electronicBuilt = false;

function buildElectronic() {
  electronicBuilt = true;
  $("eb").hidden = false;
  const pad = $("keypad");
  for (const [key, label, cls] of KEYPAD) {
    const button = el("button", { type: "button", class: cls || null, "data-key": key }, label || key);
    button.addEventListener("click", () => send({ op: "key", key }));
    pad.append(button);
  }
  $("eb-out").addEventListener("click", () => send({ op: "remove" }));
  $("eb-volume").addEventListener("click", () => send({ op: "volume", seconds: 1 }));
  $("eb-reset").addEventListener("click", () => {
    if (view.card !== null) { send({ op: "reset" }); return; }  // with a card in: C
    $("eb-confirm-text").textContent =
      `Reset the unit? Every card goes back to ${view.start} and the history starts again.`;
    $("eb-confirm").hidden = false;
    $("eb-reset-no").focus();
  });
  $("eb-reset-yes").addEventListener("click", () => { $("eb-confirm").hidden = true; send({ op: "reset" }); });
  $("eb-reset-no").addEventListener("click", () => { $("eb-confirm").hidden = true; });
  const from = $("pay-from"), to = $("pay-to"), go = $("go-card");
  from.append(el("option", { value: "bank" }, "the bank"));
  to.append(el("option", { value: "bank" }, "the bank"));
  for (const c of view.cards) {
    from.append(el("option", { value: c.card }, `card ${c.card}`));
    to.append(el("option", { value: c.card, selected: c.card === 2 }, `card ${c.card}`));
    go.append(el("option", { value: c.card }, `card ${c.card}`));
  }
  from.value = "1";
  $("go-button").textContent = `Collect ${view.go}`;
  $("pay-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const value = (select) => (select.value === "bank" ? "bank" : Number(select.value));
    send({ op: "pay", from: value(from), to: value(to), amount: $("pay-amount").value }).then(() => {
      if (!$("refusal").textContent) $("pay-amount").value = "";
    });
  });
  $("go-form").addEventListener("submit", (event) => {
    event.preventDefault();
    send({ op: "go", card: Number(go.value) });
  });
  const help = $("help");
  help.append(el("p", {}, "The Monopoly Electronic Banking unit, as on the table: insert a card, key "
    + "an amount and register it with M or K, then + (the bank pays the card), \u2212 (the card pays "
    + "the bank) or transfer. A transfer: the payer's card, the amount, transfer, take it out; then "
    + "the payee's card and transfer again: the money moves then. GO \u2192 pays the GO amount. "
    + "C clears what was keyed, or cancels a transfer that waits."),
  el("p", {}, "A whole payment at once does the same keys in one go. A payment larger than "
    + "the card holds is refused (NO FUNDS), and so is any key the unit would answer with an "
    + "error: the unit stays as it was."),
  el("p", {}, "Reset (with no card in, C held 5 seconds on the unit) puts every card back to the "
    + "starting money and starts the history again; it asks first. Every phone with this "
    + "unit's link works the same unit."));
}

function renderElectronic() {
  if (!electronicBuilt) buildElectronic();
  $("screen").className = ERRORS.has(view.display) ? "error" : "";
  const row = $("eb-cards");
  clear(row);
  for (const c of view.cards) {
    const inSlot = view.card === c.card;
    const button = el("button", { type: "button", class: inSlot ? "in" : null, "data-card": c.card,
      "aria-pressed": inSlot ? "true" : "false" });
    button.append(el("span", {}, `Card ${c.card}`), el("span", { class: "cash" }, c.shown));
    button.addEventListener("click", () => send({ op: "insert", card: c.card }));
    row.append(button);
  }
  const parts = [view.card !== null ? `card ${view.card} in the slot` : "no card in"];
  if (view.waiting) parts.push(`a transfer of ${view.waiting.shown} from card ${view.waiting.card} waits for the payee's card`);
  parts.push(`volume ${view.volume}`);
  if (view.sound) parts.push(`sound: ${view.sound}`);
  $("status").textContent = parts.join(" \u00b7 ");
}

// Ultimate Banking ------------------------------------------------

let ultimateBuilt = false;

function buildUltimate() {
  ultimateBuilt = true;
  $("ub").hidden = false;
  for (const button of document.querySelectorAll("#buttons [data-button]")) {
    button.addEventListener("click", () => send({ op: "press", button: button.dataset.button }));
  }
  $("ub-undo").addEventListener("click", () => send({ op: "undo" }));
  $("ub-reset").addEventListener("click", () => send({ op: "reset" }));
  $("ub-volume").addEventListener("click", () => send({ op: "volume" }));
  const events = $("event-card");
  for (const e of view.events) events.append(el("option", { value: e.id }, e.title));
  $("event-form").addEventListener("submit", (event) => {
    event.preventDefault();
    send({ op: "event", card: events.value });
  });
  $("help").append(el("p", {}, "The Monopoly Ultimate Banking unit: three buttons (\u2713, M, X) "
    + "and a reader for the bank cards, the title deeds and the Event cards."),
  el("ul", {}, ""));
  const list = $("help").lastChild;
  for (const line of [
    "Joining: tap 2 to 4 bank cards (X takes back the last), then \u2713: $1,500 each.",
    "GO: M once, then your card (+$200). Leaving Jail: M twice, your card (\u2212$100). Location: M three times, your card (\u2212$100).",
    "Buying: tap the deed, then your card. Rent: tap the owner's deed, then the payer's card (the rent level rises). Your own deed and your card: the level rises.",
    "Auction: tap the deed, M, then \u2713 to start; each M bids $20 more and restarts the 5-second timer; when it runs out the winner taps their card.",
    "Event cards: tap it, then the deeds or cards it asks for. A debt larger than the cash: tap deeds to give up. A bankruptcy ends the game with the final scores.",
    "Undo takes back the most recent transaction only. Reset asks first (\u2713 yes, X no). X cancels an operation in progress.",
  ]) list.append(el("li", {}, line));
}

function renderUltimate() {
  if (!ultimateBuilt) buildUltimate();
  $("screen").className = "small";
  const players = new Map(view.players.map((p) => [p.card, p]));
  const row = $("ub-cards");
  clear(row);
  for (const token of view.tokens) {
    const p = players.get(token);
    const button = el("button", { type: "button", "data-card": token, class: p ? null : "out" });
    const shown = !p ? "\u2013" : view.mode === "register" ? "joined" : p.shown;
    button.append(el("span", {}, token), el("span", { class: "cash" }, shown));
    button.addEventListener("click", () => send({ op: "tap", card: token }));
    row.append(button);
  }
  const deeds = $("deeds");
  clear(deeds);
  for (const d of view.deeds) {
    const button = el("button", { type: "button", class: `g-${d.group}`, "data-deed": d.number },
      `${d.number} ${d.name}`);
    button.append(el("span", { class: "owner" }, d.owner
      ? `${d.owner}, level ${d.level}, rent ${d.rent}` : `$${d.price.toLocaleString("en")}`));
    button.addEventListener("click", () => send({ op: "deed", deed: d.number }));
    deeds.append(button);
  }
  const auction = view.auction;
  $("auction").hidden = !auction;
  clearInterval(countdown);
  deadline = null;
  if (auction) {
    $("auction-deed").textContent = `Auction of ${auction.name}`;
    $("auction-bid").textContent = auction.bid ? `bid ${auction.shown}` : "no bid yet";
    if (auction.running) {
      deadline = performance.now() + auction.left * 1000;
      const tick = () => {
        const left = Math.max(0, deadline - performance.now()) / 1000;
        $("timer").textContent = `${Math.ceil(left)} s`;
        if (left <= 0) { clearInterval(countdown); poll(); }  // the server decides
      };
      tick();
      countdown = setInterval(tick, 100);
    } else {
      $("timer").textContent = "";
    }
  }
  const parts = [`volume ${view.volume} of 4`, `set bonus: ${view.set_bonus}`];
  if (view.cheap_rents) parts.push(`the next ${view.cheap_rents} rent(s) at level 1`);
  if (view.can_undo) parts.push("undo is possible");
  $("status").textContent = parts.join(" \u00b7 ");
  $("scores-box").hidden = !view.scores.length;
  const scores = $("scores");
  clear(scores);
  for (const s of view.scores) scores.append(el("li", {}, `${s.card}: ${s.shown}`));
}

// ------------------------------------------------------------------ start

const match = location.pathname.match(/^\/bank\/([^/]+)\/?$/);
if (match) {
  code = decodeURIComponent(match[1]);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(); });
  poll();
} else {
  showChooser();
}
