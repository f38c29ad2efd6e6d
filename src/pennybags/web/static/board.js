// The board drawn as SVG from the edition's layout (the server's "board" message: each
// space's name, short name, kind and colour group; the spaces along each side of each
// track), with tokens, owners and buildings from a seat's state.
const SVG = "http://www.w3.org/2000/svg";
const CELL = 64;
export const PLAYER_COLOURS = ["#d62828", "#1d4ed8", "#15803d", "#a16207", "#7e22ce",
                               "#0e7490", "#be185d", "#4b5563"];

function node(tag, attrs = {}, text = null) {
  const n = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) n.setAttribute(key, String(value));
  if (text !== null) n.textContent = String(text);
  return n;
}

// Where each space sits: one square ring per track, outermost first, each centred in the
// outermost. A side starts with its corner; GO's side runs right to left along the bottom,
// then up the left, along the top and down the right (clockwise from GO).
export function placeSpaces(board) {
  const tracks = board.tracks
    ? Object.values(board.tracks).slice().reverse() // innermost first in the message
    : [board.layout];
  const cells = (sides) => Math.max(...sides.map((s) => s.length)) + 1;
  const outer = cells(tracks[0]);
  const places = new Map();
  tracks.forEach((sides, track) => {
    const n = cells(sides) - 1;
    const off = Math.floor((outer - (n + 1)) / 2);
    const order = sides.flat(); // the track's spaces in the order tokens go round it
    sides.forEach((side, s) => {
      side.forEach((space, i) => {
        let x; let y;
        if (s === 0) { x = n - i; y = n; }
        else if (s === 1) { x = 0; y = n - i; }
        else if (s === 2) { x = i; y = 0; }
        else { x = n; y = i; }
        places.set(space, { x: (x + off) * CELL, y: (y + off) * CELL, side: s, track, order,
                            step: order.indexOf(space) });
      });
    });
  });
  return { places, size: outer * CELL };
}

function wrap(text, width) {
  const words = String(text).split(/\s+/);
  const lines = [];
  let line = "";
  for (const word of words) {
    if (line && (line + " " + word).length > width) { lines.push(line); line = word; }
    else line = line ? line + " " + word : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

export function drawBoard(svg, board) {
  const { places, size } = placeSpaces(board);
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  const keep = svg.querySelector("title");
  while (svg.lastChild) svg.removeChild(svg.lastChild);
  if (keep) svg.append(keep);
  const spaces = node("g", { class: "spaces" });
  for (const space of board.spaces) {
    const at = places.get(space.index);
    if (!at) continue;
    const g = node("g", { class: `space kind-${space.kind}`, "data-space": space.index });
    const title = node("title", {}, space.price ? `${space.name} (${space.index})` : space.name);
    g.append(title);
    g.append(node("rect", { x: at.x, y: at.y, width: CELL, height: CELL, class: "cell" }));
    if (space.colour) {
      g.append(node("rect", { x: at.x, y: at.y, width: CELL, height: 12, fill: space.colour,
                              class: "band" }));
    }
    wrap(space.short, 11).forEach((line, i) => {
      g.append(node("text", { x: at.x + CELL / 2, y: at.y + 23 + i * 10,
                              "text-anchor": "middle", class: "name" }, line));
    });
    g.append(node("g", { class: "marks" }));
    spaces.append(g);
  }
  svg.append(spaces);
  svg.append(node("g", { class: "tokens" }));
  return places;
}

// The spaces a token passes going from one space to another along its track, the last
// one included: forward round the track, or back a few spaces (a card's "go back");
// [to] alone for a jump (to Jail, to another track, or far back).
export function route(places, from, to) {
  const a = places.get(from);
  const b = places.get(to);
  if (!a || !b || from === to || a.track !== b.track) return [to];
  const n = a.order.length;
  const forward = (b.step - a.step + n) % n;
  const back = (a.step - b.step + n) % n;
  const [steps, dir] = back <= 3 ? [back, -1] : [forward, 1];
  const out = [];
  for (let i = 1; i <= steps; i++) out.push(a.order[(a.step + dir * i + n * steps) % n]);
  return out;
}

const STEP_MS = 90;
const still = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const walking = new Map(); // seat: the timer of its token's walk

function placeToken(token, at, k) {
  token.setAttribute("cx", String(at.x + 10 + (k % 4) * 14));
  token.setAttribute("cy", String(at.y + CELL - 23 - Math.floor(k / 4) * 12));
}

// The rent due now as the strip shows it: the amount ("$26", "2.6M"), a dice rent as
// "4×dice", a mortgaged deed's none.
export function shortRent(amount) {
  const times = /^(\d+(?:\.\d+)?) times the (dice|throw)$/.exec(String(amount));
  return times ? `${times[1]}×${times[2]}` : String(amount);
}

// Owners (a strip in the owner's colour at the foot of the space, with the rent due now
// written on it, or "mortgaged"; its tooltip says whose and which rent line), buildings
// and tokens from a state. A token walks space by space to where it now stands
// (straight there when it went to Jail or changed track).
export function drawState(svg, places, state, board = null) {
  const view = state.view;
  const seats = new Map(view.players.map((p) => [p.name, p.seat]));
  for (const g of svg.querySelectorAll("g.space")) {
    const marks = g.querySelector("g.marks");
    while (marks.lastChild) marks.removeChild(marks.lastChild);
  }
  const deeds = (board && board.title_deeds) || {};
  for (const [name, deed] of Object.entries(view.deeds)) {
    if (deed.owner === null || deed.owner === undefined) continue;
    const at = places.get(deed.index);
    const g = svg.querySelector(`g.space[data-space="${deed.index}"] g.marks`);
    if (!at || !g) continue;
    const colour = PLAYER_COLOURS[seats.get(deed.owner) % PLAYER_COLOURS.length];
    const line = (state.rent_lines || {})[String(deed.index)];
    const rent = deeds[String(deed.index)] && line !== undefined
      ? deeds[String(deed.index)].rents[line] : null;
    const tip = `${name}: ${deed.owner}` + (deed.mortgaged ? " (mortgaged)" : "")
      + (rent ? `; rent ${rent[1]} (${rent[0]})` : "");
    const strip = node("g", { class: "owned" });
    strip.append(node("title", {}, tip));
    strip.append(node("rect", { x: at.x + 1, y: at.y + CELL - 14, width: CELL - 2, height: 13,
                                fill: colour,
                                class: deed.mortgaged ? "owner mortgaged" : "owner" }));
    const said = deed.mortgaged ? "mortgaged" : rent ? shortRent(rent[1]) : "";
    if (said) {
      strip.append(node("text", { x: at.x + CELL / 2, y: at.y + CELL - 4,
                                  "text-anchor": "middle",
                                  class: deed.mortgaged ? "rent mortgaged" : "rent" }, said));
    }
    g.append(strip);
    const mark = state.marks[String(deed.index)];
    if (mark) {
      g.append(node("text", { x: at.x + CELL - 3, y: at.y + CELL - 17, "text-anchor": "end",
                              class: "mark" }, mark));
    }
  }
  const tokens = svg.querySelector("g.tokens");
  const here = new Map();
  const players = new Set();
  for (const p of view.players) {
    let token = tokens.querySelector(`circle[data-seat="${p.seat}"]`);
    if (p.bankrupt || !places.get(p.position)) {
      if (token) token.remove();
      continue;
    }
    players.add(String(p.seat));
    const k = here.get(p.position) || 0;
    here.set(p.position, k + 1);
    const fresh = !token;
    if (fresh) {
      token = node("circle", { r: 6, class: "token", "data-seat": p.seat,
                               fill: PLAYER_COLOURS[p.seat % PLAYER_COLOURS.length] });
      token.append(node("title", {}));
      tokens.append(token);
    }
    token.querySelector("title").textContent = `${p.name} at ${p.at}`;
    const from = fresh ? p.position : Number(token.dataset.space);
    const wasInJail = token.dataset.jail === "true";
    token.dataset.space = String(p.position);
    token.dataset.jail = String(p.in_jail);
    clearInterval(walking.get(p.seat));
    walking.delete(p.seat);
    const path = fresh || still() || (p.in_jail && !wasInJail) ? [p.position]
      : route(places, from, p.position);
    if (path.length <= 1) {
      placeToken(token, places.get(p.position), k);
      continue;
    }
    let i = 0;
    const timer = setInterval(() => {
      const space = path[i];
      placeToken(token, places.get(space), space === p.position ? k : 0);
      i += 1;
      if (i >= path.length) {
        clearInterval(timer);
        walking.delete(p.seat);
      }
    }, STEP_MS);
    walking.set(p.seat, timer);
  }
  for (const token of tokens.querySelectorAll("circle")) {
    if (!players.has(token.dataset.seat)) token.remove();
  }
}
