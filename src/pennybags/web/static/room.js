// A room: take a seat or watch, then the game: the board, the players, the question put to
// this seat with its legal actions as buttons, and the log. The server decides everything;
// this page sends the chosen action and draws the state it gets back.
import { drawBoard, drawState, PLAYER_COLOURS } from "/static/board.js";
import { api, clear, el, forget, keys, recall, remember } from "/static/common.js";

const code = decodeURIComponent(window.location.pathname.split("/").pop() || "").toUpperCase();
const $ = (id) => document.getElementById(id);
const statusLine = $("status");
let socket = null;
let places = null;
let state = null;
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
      places = drawBoard($("board"), message);
      $("legend").textContent = message.legend ? `Buildings: ${message.legend}` : "";
      $("table").hidden = false;
      break;
    case "state":
      if (state && message.index < state.index) break; // an older state, overtaken
      state = message;
      show(message);
      break;
    case "accepted":
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
  if (places) drawState($("board"), places, s);
  const me = s.seat === null ? "You are watching." : `You are ${view.players[s.seat].name}.`;
  const waiting = view.pending.map((d) => d.player).filter((v, i, a) => a.indexOf(v) === i);
  say(view.over ? `Game over. ${view.winner ? `${view.winner} wins.` : "Nobody wins."} ${me}`
    : s.status === "paused" ? `The game is paused by the host. ${me}`
    : `Round ${view.round}; waiting on ${waiting.join(", ") || "nobody"}. ${me}`);
  showPlayers(s);
  showChoices(s);
  showAuctionClock(s);
  showTrade(s);
  showLog(s.log || []);
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

function showChoices(s) {
  const box = $("choices");
  clear(box);
  $("question").textContent = s.question || (s.seat === null ? "" : "Nothing for you to decide now.");
  for (const choice of s.choices) {
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
      box.append(form);
    } else {
      const button = el("button", { type: "button", "data-do": action.do }, choice.label);
      button.addEventListener("click", () => choose(action));
      box.append(button);
    }
  }
  const first = box.querySelector("button, input");
  if (first && !box.contains(document.activeElement) && document.activeElement === document.body) {
    first.focus();
  }
}

// ------------------------------------------------------------------ the trade dialog

// The offer is composed from what the state shows: the other players still in the game,
// the deeds each side owns, and cash. The rules (on the server) decide whether it may be
// made now; a refusal comes back with its reason.
function checked(box) {
  return new Set([...box.querySelectorAll("input:checked")].map((i) => i.value));
}

function deedBoxes(box, deeds, prefix) {
  const keep = checked(box);
  clear(box);
  deeds.forEach((name, i) => {
    const id = `${prefix}-${i}`;
    const input = el("input", { type: "checkbox", id, value: name });
    input.checked = keep.has(name);
    box.append(el("span", { class: "deed-choice" }));
    box.lastChild.append(input, el("label", { for: id }, name));
  });
  if (!deeds.length) box.append(el("p", { class: "note" }, "No deeds."));
}

function showTrade(s) {
  const box = $("trade-box");
  const view = s.view;
  const open = s.seat !== null && s.status === "playing" && !view.over
    && !view.players[s.seat].bankrupt;
  box.hidden = !open;
  if (!open) return;
  const me = view.players[s.seat].name;
  const others = view.players.filter((p) => p.seat !== s.seat && !p.bankrupt).map((p) => p.name);
  const to = $("trade-to");
  const chosen = to.value;
  clear(to);
  for (const name of others) to.append(el("option", { value: name }, name));
  if (others.includes(chosen)) to.value = chosen;
  const owned = (who) => Object.entries(view.deeds).filter(([, d]) => d.owner === who)
    .map(([name]) => name);
  deedBoxes($("trade-give"), owned(me), "give");
  deedBoxes($("trade-take"), owned(to.value), "take");
}

$("trade-to").addEventListener("change", () => { if (state) showTrade(state); });
$("trade-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const offer = { do: "propose-trade", to: $("trade-to").value };
  const give = [...checked($("trade-give"))];
  const take = [...checked($("trade-take"))];
  const giveCash = Number($("trade-give-cash").value) || 0;
  const takeCash = Number($("trade-take-cash").value) || 0;
  if (give.length) offer.give = give;
  if (take.length) offer.take = take;
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

loadRoom();
