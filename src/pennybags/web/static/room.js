// A room: take a seat or watch, then the game: the board, the players, the question put to
// this seat with its legal actions as buttons, and the log. The server decides everything;
// this page sends the chosen action and draws the state it gets back.
import { drawBoard, drawState, PLAYER_COLOURS } from "/static/board.js";
import { api, clear, el, forget, keys, recall, remember } from "/static/common.js";
import { cardTitle, companyName, showBank, showPanels, showScores } from "/static/panels.js";

const code = decodeURIComponent(window.location.pathname.split("/").pop() || "").toUpperCase();
const $ = (id) => document.getElementById(id);
const statusLine = $("status");
let socket = null;
let places = null;
let board = null; // the board message: spaces, title deeds' rents, card titles, companies
let state = null;
let counterTo = null; // the proposer of the offer this seat is answering with a counter-offer
let watching = false;
let retry = 0;
let refusedHello = false;

function say(text) { statusLine.textContent = text; }

function showError(where, error) { $(where).textContent = error instanceof Error ? error.message : String(error); }

// ------------------------------------------------------------------ seats and the host

async function loadRoom() {
  let info;
  try {
    info = await api(`/api/rooms/${encodeURIComponent(code)}`);
  } catch (error) {
    say(error.message);
    return;
  }
  $("room-title").textContent = `room ${info.room}: ${info.edition_name}`;
  const link = $("room-link");
  link.href = `/room/${info.room}`;
  link.textContent = new URL(`/room/${info.room}`, window.location.href).href;
  showSeats(info.seats, info.state);
  const host = recall(keys.host(info.room));
  $("host").hidden = !host;
  if (recall(keys.seat(info.room)) || watching) connect();
  else say(info.state === "lobby" ? "Pick a free seat, or watch." : `The game is ${info.state}.`);
}

function showSeats(seats, roomState) {
  const list = $("seat-choices");
  clear(list);
  const mine = recall(keys.seat(code)) !== null;
  const host = recall(keys.host(code));
  for (const seat of seats) {
    const item = el("li", {});
    const who = seat.kind === "bot" ? `${seat.name} (bot)` : seat.taken ? seat.name : "free";
    item.append(el("span", {}, `Seat ${seat.seat + 1}: ${who ?? "free"} `));
    if (!mine && seat.kind === "person" && !seat.taken) {
      const name = el("input", { "aria-label": `Your name for seat ${seat.seat + 1}`,
                                 maxlength: 24, placeholder: "your name" });
      if (seat.name) name.value = seat.name;
      if (roomState !== "lobby") name.disabled = true;
      const take = el("button", { type: "button" }, "Take this seat");
      take.addEventListener("click", () => takeSeat(seat.seat, name.value.trim()));
      item.append(name, take);
    }
    // The host gives a person's seat to a bot (an empty one in the lobby, a player's who
    // has gone during the game) and a bot's seat back to the person who holds its token.
    if (host && (seat.kind === "person" || seat.taken)) {
      const give = el("button", { type: "button" },
                      seat.kind === "bot" ? "Give back to its person" : "Give to a bot");
      give.addEventListener("click", () => hostCall("bot", {
        seat: seat.seat, bot: seat.kind === "bot" ? null : "standard" }));
      item.append(give);
    }
    list.append(item);
  }
}

async function takeSeat(seat, name) {
  $("room-error").textContent = "";
  try {
    const got = await api(`/api/rooms/${encodeURIComponent(code)}/join`, { seat, name });
    remember(keys.seat(code), got.token);
    connect();
  } catch (error) {
    showError("room-error", error);
  }
}

async function hostCall(what, body = {}) {
  $("room-error").textContent = "";
  try {
    await api(`/api/rooms/${encodeURIComponent(code)}/${what}`,
              { host_token: recall(keys.host(code)), ...body });
    if (!socket) loadRoom();
  } catch (error) {
    showError("room-error", error);
  }
}

$("start").addEventListener("click", () => hostCall("start"));
$("pause").addEventListener("click", () => hostCall("pause", { paused: true }));
$("resume").addEventListener("click", () => hostCall("pause", { paused: false }));
$("watch").addEventListener("click", () => { watching = true; connect(); });

// ------------------------------------------------------------------ the connection

function connect() {
  if (socket) return;
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${window.location.host}/ws/${encodeURIComponent(code)}`);
  say("Connecting...");
  socket.addEventListener("open", () => {
    retry = 0;
    const token = recall(keys.seat(code));
    socket.send(JSON.stringify(token ? { type: "hello", token } : { type: "hello" }));
  });
  socket.addEventListener("message", (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    receive(message);
  });
  socket.addEventListener("close", () => {
    socket = null;
    if (refusedHello) return;
    // Lost: the server or the network. Come back with the same token, a little later each time.
    retry = Math.min(retry + 1, 6);
    say("Connection lost; trying again...");
    setTimeout(connect, 500 * 2 ** retry);
  });
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      $("seating").hidden = message.seat !== null && !recall(keys.host(code));
      $("watch").hidden = true;
      break;
    case "board":
      board = { ...message, byIndex: new Map(message.spaces.map((sp) => [sp.index, sp])) };
      places = drawBoard($("board"), message);
      $("legend").textContent = message.legend ? `Buildings: ${message.legend}` : "";
      $("table").hidden = false;
      break;
    case "state":
      // (the state after this tab's own action carries "accepted": that action's index)
      if (message.accepted !== undefined) $("refusal").textContent = "";
      if (state && message.index < state.index) break; // an older state, overtaken
      state = message;
      show(message);
      break;
    case "accepted": // (an acknowledgement on its own: no state came with it)
      $("refusal").textContent = "";
      break;
    case "refused":
      if (!state) {
        // the hello was refused: a token this room does not know
        refusedHello = true;
        forget(keys.seat(code));
        showError("room-error", message.reason);
        say("Your seat token was not accepted; pick a seat again.");
        return;
      }
      $("refusal").textContent = `Not allowed: ${message.reason}`;
      break;
    default:
      break;
  }
}

// ------------------------------------------------------------------ the game

function show(s) {
  // What the page shows, as attributes too (for styles and for tests): the number of
  // actions the state holds, the room's status, whether the game is over and whether
  // this seat is asked something.
  document.body.dataset.index = String(s.index);
  document.body.dataset.status = s.status;
  document.body.dataset.over = String(Boolean(s.view && s.view.over));
  document.body.dataset.asked = String(Boolean(s.question));
  showSeats(s.seats, s.status);
  const view = s.view;
  if (!view) {
    say(s.status === "lobby" ? "Waiting for the host to start the game." : s.status);
    return;
  }
  if (places) drawState($("board"), places, s, board);
  const me = s.seat === null ? "You are watching." : `You are ${view.players[s.seat].name}.`;
  const waiting = view.pending.map((d) => d.player).filter((v, i, a) => a.indexOf(v) === i);
  say(view.over ? `Game over. ${view.winner ? `${view.winner} wins.` : "Nobody wins."} ${me}`
    : s.status === "paused" ? `The game is paused by the host. ${me}`
    : `Round ${view.round}; waiting on ${waiting.join(", ") || "nobody"}. ${me}`);
  const focused = focusKey(document.activeElement);
  showPlayers(s);
  showScores($("scores"), s);
  showChoices(s);
  showAuctionClock(s);
  showTrade(s);
  if (board) {
    showPanels($("panels"), board, s);
    showBank($("bank"), board, s);
  }
  showLog(s.log || []);
  refocus(focused);
}

// The page is drawn again for every state; a keyboard user's place in it is kept: the
// element that had the focus is found again by what it stands for (a checkbox of the trade
// dialog by its item, a panel's button by its deed and action, a player's panel by seat).
function focusKey(node) {
  if (!node || node === document.body) return null;
  const q = (value) => JSON.stringify(String(value));
  if (node.dataset && node.dataset.key && node.parentElement) {
    const list = node.closest(".deed-list");
    return list ? `#${list.id} input[data-key=${q(node.dataset.key)}]` : null;
  }
  const row = node.closest && node.closest(".manage-row");
  if (row && node.dataset.do) {
    return `#manage .manage-row[data-deed=${q(row.dataset.deed)}] [data-do=${q(node.dataset.do)}]`;
  }
  const panel = node.closest && node.closest(".player-panel");
  if (panel && node.tagName === "SUMMARY") return `#panels details[data-seat=${q(panel.dataset.seat)}] > summary`;
  if (node.closest && node.closest("#choices") && node.dataset.do) {
    return `#choices [data-do=${q(node.dataset.do)}]`;
  }
  return null;
}

function refocus(key) {
  if (!key || (document.activeElement && document.activeElement !== document.body
               && !$("choices").contains(document.activeElement))) return;
  const again = document.querySelector(key);
  if (again && again !== document.activeElement) again.focus();
}

function showPlayers(s) {
  const body = $("players").querySelector("tbody");
  clear(body);
  const owned = new Map();
  for (const deed of Object.values(s.view.deeds)) {
    if (deed.owner) owned.set(deed.owner, (owned.get(deed.owner) || 0) + 1);
  }
  s.view.players.forEach((p, i) => {
    const row = el("tr", { class: p.bankrupt ? "bankrupt" : null });
    const name = el("th", { scope: "row" });
    const dot = el("span", { class: "dot", "aria-hidden": "true" });
    dot.style.background = PLAYER_COLOURS[p.seat % PLAYER_COLOURS.length];
    name.append(dot, document.createTextNode(` ${p.name}${p.seat === s.seat ? " (you)" : ""}`));
    const cards = p.cards ? String(p.cards.length)
      : `${Object.values(p.hand || {}).reduce((a, b) => a + b, 0)} hidden`;
    row.append(name, el("td", {}, s.money[i]),
               el("td", {}, p.bankrupt ? "bankrupt" : p.in_jail ? "in Jail" : p.at),
               el("td", {}, owned.get(p.name) || 0), el("td", {}, cards));
    body.append(row);
  });
}

// Building, selling buildings, mortgaging and lifting mortgages (of deeds, and of shares
// in Ultimate Monopoly) go to the build/mortgage panel, one row per deed or company; the
// rest of the legal actions are the question's buttons.
const MANAGE = { build: "Build", "sell-building": "Sell a building", "sell-down": "Sell down",
                 mortgage: "Mortgage", unmortgage: "Lift the mortgage",
                 "mortgage-share": "Mortgage a share", "unmortgage-share": "Lift a share's mortgage" };

function managed(action) {
  return action.do in MANAGE && ("deed" in action || "company" in action);
}

function choiceButton(choice, text = null) {
  const action = choice.action;
  if ("amount" in action) {
    // an amount of one's own: the smallest legal one is offered, any larger one may be sent
    const form = el("form", { class: "amount", "data-do": action.do });
    const input = el("input", { type: "number", min: action.amount, step: 1,
                                value: action.amount, "aria-label": choice.label });
    const go = el("button", { type: "submit" }, choice.label);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      choose({ ...action, amount: Number(input.value) });
    });
    form.append(input, go);
    return form;
  }
  const button = el("button", { type: "button", "data-do": action.do,
                                "aria-label": text ? choice.label : null,
                                title: text ? choice.label : null }, text || choice.label);
  button.addEventListener("click", () => choose(action));
  return button;
}

function showChoices(s) {
  const box = $("choices");
  clear(box);
  $("question").textContent = s.question || (s.seat === null ? "" : "Nothing for you to decide now.");
  const rows = new Map();
  for (const choice of s.choices) {
    const action = choice.action;
    if (managed(action)) {
      const what = "deed" in action ? action.deed : companyName(board || {}, action.company);
      if (!rows.has(what)) rows.set(what, []);
      rows.get(what).push(choice);
    } else {
      box.append(choiceButton(choice));
    }
  }
  // an offer put to this seat may be answered with a counter-offer, made in the dialog
  const offer = s.view.pending.find((d) => d.kind === "trade" && s.seat !== null
    && d.player === s.view.players[s.seat].name && d.trade);
  if (offer) {
    const counter = el("button", { type: "button", "data-do": "counter" }, "Make a counter-offer");
    counter.addEventListener("click", () => openCounter(offer.trade));
    box.append(counter);
  } else if (counterTo !== null) {
    counterTo = null;
  }
  showManage(s, rows);
  const first = box.querySelector("button, input");
  if (first && !box.contains(document.activeElement) && document.activeElement === document.body) {
    first.focus();
  }
}

// A panel button's words: its menu line without the deed or company the row already names
// ("Lift the mortgage on Baltic Avenue (-$33)" as "Lift the mortgage (-$33)").
function shortLabel(choice, what) {
  const at = choice.label.indexOf(what);
  if (at < 0) return MANAGE[choice.action.do];
  const before = choice.label.slice(0, at).replace(/\s+(on|of)\s*$/, "").trimEnd();
  const short = `${before} ${choice.label.slice(at + what.length).trimStart()}`.trim();
  return short || MANAGE[choice.action.do];
}

function showManage(s, rows) {
  const panel = $("manage");
  clear(panel);
  $("manage-box").hidden = rows.size === 0;
  for (const [what, choices] of rows) {
    const deed = s.view.deeds[what];
    const row = el("div", { class: "manage-row", role: "group", "aria-label": what,
                            "data-deed": what });
    const name = el("span", { class: "manage-name" }, what);
    const space = deed && board ? board.byIndex.get(deed.index) : null;
    if (space && space.colour) name.style.borderLeftColor = space.colour;
    const about = [];
    if (deed && s.marks[String(deed.index)]) about.push(s.marks[String(deed.index)]);
    if (deed && deed.mortgaged) about.push("mortgaged");
    row.append(name, el("span", { class: "note" }, about.join(", ")));
    const buttons = el("span", { class: "manage-actions" });
    for (const choice of choices) buttons.append(choiceButton(choice, shortLabel(choice, what)));
    row.append(buttons);
    panel.append(row);
  }
}

// ------------------------------------------------------------------ the trade dialog

// The offer is composed from what the state shows: the other players still in the game,
// the deeds, cards and shares each side holds, and cash. The rules (on the server) decide
// whether it may be made now; a refusal comes back with its reason. An offer put to this
// seat may be answered with a counter-offer: the dialog then goes back to its proposer.
function checked(box) {
  return [...box.querySelectorAll("input:checked")].map((i) => i.value);
}

// Checkboxes, one per item ([value, label]); an item's box stays ticked across states
// while it is still there (items alike, such as two shares of a company, are told apart
// by their place among their like).
function itemBoxes(box, items, prefix, title, none) {
  const keep = new Set([...box.querySelectorAll("input:checked")].map((i) => i.dataset.key));
  clear(box);
  if (items.length || none) box.append(el("span", { class: "list-title" }, title));
  const seen = new Map();
  items.forEach(([value, label], i) => {
    const n = seen.get(value) || 0;
    seen.set(value, n + 1);
    const key = `${value}#${n}`;
    const id = `${prefix}-${i}`;
    const input = el("input", { type: "checkbox", id, value, "data-key": key });
    input.checked = keep.has(key);
    const choice = el("span", { class: "deed-choice" });
    choice.append(input, el("label", { for: id }, label));
    box.append(choice);
  });
  if (!items.length && none) box.append(el("p", { class: "note" }, none));
}

function tradeItems(view, who) {
  const player = view.players.find((p) => p.name === who);
  const deeds = Object.entries(view.deeds).filter(([, d]) => d.owner === who)
    .map(([name]) => [name, name]);
  const cards = ((player && player.cards) || []).map((held) => {
    const at = held.lastIndexOf("@");
    return [`${held.slice(at + 1)}:${held.slice(0, at)}`, cardTitle(board || {}, held)];
  });
  const shares = [];
  const held = (player && player.shares) || (view.shares || {})[who] || {};
  for (const [id, s] of Object.entries(held)) {
    const name = companyName(board || {}, id);
    for (let i = 0; i < s.held - s.mortgaged; i++) shares.push([id, `${name} share`]);
    for (let i = 0; i < s.mortgaged; i++) shares.push([`${id}:mortgaged`, `${name} share (mortgaged)`]);
  }
  return { deeds, cards, shares };
}

function showTrade(s) {
  const box = $("trade-box");
  const view = s.view;
  const open = s.seat !== null && s.status === "playing" && !view.over
    && !view.players[s.seat].bankrupt && !(board && board.trading === false);
  box.hidden = !open;
  if (!open) return;
  const me = view.players[s.seat].name;
  const others = counterTo !== null ? [counterTo]
    : view.players.filter((p) => p.seat !== s.seat && !p.bankrupt).map((p) => p.name);
  const to = $("trade-to");
  const chosen = to.value;
  clear(to);
  for (const name of others) to.append(el("option", { value: name }, name));
  if (others.includes(chosen)) to.value = chosen;
  to.disabled = counterTo !== null;
  $("trade-title").textContent = counterTo !== null ? `Counter-offer to ${counterTo}`
    : "Propose a trade";
  $("trade-send").textContent = counterTo !== null ? "Send the counter-offer" : "Send the offer";
  const counterNote = $("trade-counter");
  counterNote.hidden = counterTo === null;
  counterNote.textContent = counterTo === null ? ""
    : `Your answer to ${counterTo}'s offer: it goes back to ${counterTo}, who accepts or rejects it.`;
  const mine = tradeItems(view, me);
  const theirs = tradeItems(view, to.value);
  itemBoxes($("trade-give"), mine.deeds, "give", "Deeds", "No deeds.");
  itemBoxes($("trade-take"), theirs.deeds, "take", "Deeds", "No deeds.");
  itemBoxes($("trade-give-cards"), mine.cards, "give-card", "Cards", null);
  itemBoxes($("trade-take-cards"), theirs.cards, "take-card", "Cards", null);
  itemBoxes($("trade-give-shares"), mine.shares, "give-share", "Shares", null);
  itemBoxes($("trade-take-shares"), theirs.shares, "take-share", "Shares", null);
}

// The counter-offer starts from the offer turned round: what they gave, you would give back.
function openCounter(trade) {
  counterTo = trade.from;
  const tick = (box, values) => {
    const wanted = [...values];
    for (const input of box.querySelectorAll("input")) {
      const at = wanted.indexOf(input.value);
      input.checked = at >= 0;
      if (at >= 0) wanted.splice(at, 1);
    }
  };
  showTrade(state);
  tick($("trade-give"), trade.take || []);
  tick($("trade-take"), trade.give || []);
  tick($("trade-give-cards"), trade.take_cards || []);
  tick($("trade-take-cards"), trade.give_cards || []);
  tick($("trade-give-shares"), trade.take_shares || []);
  tick($("trade-take-shares"), trade.give_shares || []);
  $("trade-give-cash").value = String(trade.take_cash || 0);
  $("trade-take-cash").value = String(trade.give_cash || 0);
  $("trade-box").open = true;
  $("trade-give-cash").focus();
}

$("trade-to").addEventListener("change", () => { if (state) showTrade(state); });
$("trade-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const offer = counterTo !== null ? { do: "counter" }
    : { do: "propose-trade", to: $("trade-to").value };
  const fields = [["give", "trade-give"], ["take", "trade-take"],
                  ["give_cards", "trade-give-cards"], ["take_cards", "trade-take-cards"],
                  ["give_shares", "trade-give-shares"], ["take_shares", "trade-take-shares"]];
  for (const [field, id] of fields) {
    const values = checked($(id));
    if (values.length) offer[field] = values;
  }
  const giveCash = Number($("trade-give-cash").value) || 0;
  const takeCash = Number($("trade-take-cash").value) || 0;
  if (giveCash) offer.give_cash = giveCash;
  if (takeCash) offer.take_cash = takeCash;
  choose(offer);
});

// ------------------------------------------------------------------ a live auction's clock

// The server keeps the time; the page counts down from the moment the auction last changed
// (each state of a live auction restarts its timer).
let clockTimer = null;

function showAuctionClock(s) {
  const line = $("auction-clock");
  if (clockTimer) { clearInterval(clockTimer); clockTimer = null; }
  line.hidden = !s.auction;
  if (!s.auction) return;
  const ends = Date.now() + s.auction.seconds * 1000;
  const draw = () => {
    const left = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
    line.textContent = `Live auction: ${left} s left; every press restarts the timer.`;
  };
  draw();
  clockTimer = setInterval(draw, 250);
}

function choose(action) {
  $("refusal").textContent = "";
  send({ type: "act", action, seen: state ? state.index : undefined });
}

function showLog(lines) {
  const log = $("log");
  clear(log);
  for (const line of lines.slice(-40)) log.append(el("li", {}, line));
  log.scrollTop = log.scrollHeight;
}

// ------------------------------------------------------------------ the board on a phone

// On a narrow screen the whole board fits, its names too small to read: the button zooms it
// in (the board scrolls within its frame: touch, or the arrow keys once it has the focus)
// and brings this seat's token (or the player whose turn it is) into view.
$("board-zoom").addEventListener("click", () => {
  const frame = $("board-scroll");
  const zoomed = frame.classList.toggle("zoomed");
  const button = $("board-zoom");
  button.setAttribute("aria-pressed", String(zoomed));
  button.textContent = zoomed ? "Show the whole board" : "Zoom in on the board";
  const svg = $("board");
  // (1.25 px a unit of the drawing, whatever the edition's number of spaces a side)
  svg.style.width = zoomed ? `${Math.round(1.25 * svg.viewBox.baseVal.width)}px` : "";
  if (zoomed) {
    frame.tabIndex = 0;
    frame.setAttribute("aria-label", "The board, zoomed in: scroll to see the rest");
  } else {
    frame.removeAttribute("tabindex");
    frame.removeAttribute("aria-label");
  }
  const view = state && state.view;
  if (!zoomed || !view || !places) return;
  const who = state.seat !== null ? view.players[state.seat]
    : view.players.find((p) => p.name === view.turn);
  const at = who ? places.get(who.position) : null;
  if (!at) return;
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  frame.scrollLeft = Math.max(0, (at.x + 32) * scale - frame.clientWidth / 2);
  frame.scrollTop = Math.max(0, (at.y + 32) * scale - frame.clientHeight / 2);
});

loadRoom();
