// The panels of the game page: each player's title deeds (as cards with their rents, the
// line due now marked), the cards they hold in words, Ultimate Monopoly's vouchers and
// shares, the bank's buildings, and the final scores once the game is over. Everything is
// drawn from what the server sent this seat: its view (another player's hidden hand is
// only a count there, and stays one here) and the board's fixed facts.
import { PLAYER_COLOURS } from "/static/board.js";
import { clear, el } from "/static/common.js";

// ------------------------------------------------------------------ words

export function titled(group) {
  return group ? group.replace(/[_-]/g, " ").replace(/^./, (c) => c.toUpperCase()) : "";
}

// A held card ("get-out-of-jail-free@chance") by its title, from the board's card titles.
export function cardTitle(board, held) {
  const at = held.lastIndexOf("@");
  const id = at < 0 ? held : held.slice(0, at);
  const deck = at < 0 ? "" : held.slice(at + 1);
  const titles = (board.card_titles || {})[deck] || {};
  return titles[id] || id.replace(/-/g, " ");
}

export function companyName(board, id) {
  return (board.companies || {})[id] || id.replace(/-/g, " ");
}

// What stands on a deed, in the edition's words ("2 houses", "a skyscraper", "rent level 3").
function buildingWords(state, deed) {
  return (state.buildings || {})[String(deed.index)] || null;
}

// ------------------------------------------------------------------ a title deed card

export function titleDeed(board, state, name, deed) {
  const space = board.byIndex.get(deed.index) || {};
  const facts = (board.title_deeds || {})[String(deed.index)] || { rents: [] };
  const card = el("article", { class: `title-deed${deed.mortgaged ? " mortgaged" : ""}`,
                               "data-deed": name, "aria-label": `Title deed: ${name}` });
  const head = el("header", { class: "deed-head" });
  if (space.colour) head.style.borderTopColor = space.colour;
  head.append(el("strong", {}, name));
  const about = [titled(space.group), facts.price ? `price ${facts.price}` : null]
    .filter(Boolean).join(", ");
  if (about) head.append(el("span", { class: "note" }, about));
  card.append(head);
  const due = (state.rent_lines || {})[String(deed.index)];
  const rents = el("ol", { class: "rents" });
  facts.rents.forEach(([when, amount], i) => {
    const line = el("li", { class: i === due ? "now" : null,
                            "aria-current": i === due ? "true" : null });
    line.append(el("span", {}, when), el("span", {}, amount));
    rents.append(line);
  });
  if (facts.rents.length) card.append(rents);
  const notes = [];
  const built = buildingWords(state, deed);
  if (built) notes.push(`Has ${built}`);
  if (facts.building_cost) notes.push(`Each building costs ${facts.building_cost}`);
  if (facts.mortgage) notes.push(`Mortgage value ${facts.mortgage}`);
  for (const note of notes) card.append(el("p", { class: "note" }, note));
  if (deed.mortgaged) card.append(el("p", { class: "mortgaged-note" }, "Mortgaged"));
  return card;
}

// ------------------------------------------------------------------ each player's panel

function holdings(board, state, p) {
  const out = [];
  if (p.cards) {
    const titles = p.cards.map((c) => cardTitle(board, c));
    const counted = new Map();
    for (const t of titles) counted.set(t, (counted.get(t) || 0) + 1);
    for (const [t, n] of counted) out.push(n > 1 ? `${t} (${n})` : t);
  } else if (p.hand) {
    const count = Object.values(p.hand).reduce((a, b) => a + b, 0);
    out.push(count ? `${count} card${count === 1 ? "" : "s"} in a hidden hand` : "no cards");
  }
  return out;
}

function sharesOf(board, state, p) {
  const held = p.shares || (state.view.shares || {})[p.name] || {};
  return Object.entries(held).filter(([, s]) => s.held).map(([id, s]) => {
    const mortgaged = s.mortgaged ? ` (${s.mortgaged} mortgaged)` : "";
    return `${companyName(board, id)}: ${s.held} share${s.held === 1 ? "" : "s"}${mortgaged}`;
  });
}

export function showPanels(root, board, state) {
  const view = state.view;
  const open = new Set([...root.querySelectorAll("details[open]")].map((d) => d.dataset.seat));
  const first = !root.dataset.drawn;
  clear(root);
  root.dataset.drawn = "true";
  view.players.forEach((p, i) => {
    const panel = el("details", { class: "player-panel", "data-seat": p.seat });
    if (open.has(String(p.seat)) || (first && p.seat === (state.seat ?? 0))) panel.open = true;
    const summary = el("summary", {});
    const dot = el("span", { class: "dot", "aria-hidden": "true" });
    dot.style.background = PLAYER_COLOURS[p.seat % PLAYER_COLOURS.length];
    const deeds = Object.entries(view.deeds).filter(([, d]) => d.owner === p.name);
    summary.append(dot, document.createTextNode(
      ` ${p.name}${p.seat === state.seat ? " (you)" : ""}: ${state.money[i]}, ` +
      `${deeds.length} deed${deeds.length === 1 ? "" : "s"}${p.bankrupt ? ", bankrupt" : ""}`));
    panel.append(summary);
    const cards = holdings(board, state, p);
    const cardList = el("ul", { class: "held-cards", "aria-label": `Cards ${p.name} holds` });
    for (const c of cards) cardList.append(el("li", {}, c));
    panel.append(el("h3", {}, "Cards"), cards.length ? cardList : el("p", { class: "note" }, "None."));
    const shares = sharesOf(board, state, p);
    if (view.shares || p.shares) {
      const list = el("ul", { class: "held-shares" });
      for (const s of shares) list.append(el("li", {}, s));
      panel.append(el("h3", {}, "Stock Exchange shares"),
                   shares.length ? list : el("p", { class: "note" }, "None."));
    }
    panel.append(el("h3", {}, "Title deeds"));
    const grid = el("div", { class: "deed-cards" });
    for (const [name, deed] of deeds) grid.append(titleDeed(board, state, name, deed));
    panel.append(deeds.length ? grid : el("p", { class: "note" }, "None."));
    root.append(panel);
  });
}

// ------------------------------------------------------------------ the bank and the end

export function showBank(root, board, state) {
  clear(root);
  const view = state.view;
  const lines = [];
  const bank = state.bank_buildings;
  if (bank) lines.push(`The bank has ${bank.houses} houses and ${bank.hotels} hotels left.`);
  lines.push(...(state.table_notes || []));
  if (view.bank_shares) {
    const left = Object.entries(view.bank_shares).filter(([, n]) => n)
      .map(([id, n]) => `${companyName(board, id)} ${n}`);
    if (left.length) lines.push(`Shares left in the bank: ${left.join(", ")}.`);
  }
  root.hidden = !lines.length;
  for (const line of lines) root.append(el("p", {}, line));
}

export function showScores(root, state) {
  clear(root);
  const totals = state.totals;
  root.hidden = !totals;
  if (!totals) return;
  const view = state.view;
  root.append(el("h2", { id: "scores-title" }, totals.heading));
  root.append(el("p", { class: "winner" },
                 view.winner ? `${view.winner} wins.` : "Nobody wins: a draw."));
  if (view.end_reason) {
    const why = { "round-cap": "the last round of the game's round limit was played",
                  bankruptcy: "every other player went bankrupt",
                  "five-monopolies": "a player completed the monopolies the rules ask for",
                  "final-scores": "a player went bankrupt, and the highest final score wins" }[
      view.end_reason]
      || view.end_reason.replace(/-/g, " ");
    root.append(el("p", { class: "note" }, `The game ended: ${why}.`));
  }
  const table = el("table", { class: "scores" });
  const head = el("tr", {});
  head.append(el("th", { scope: "col" }, "Player"), el("th", { scope: "col" }, totals.heading));
  table.append(el("thead", {}), el("tbody", {}));
  table.tHead.append(head);
  for (const row of totals.players) {
    const tr = el("tr", { class: row.name === view.winner ? "winner" : null });
    tr.append(el("th", { scope: "row" }, row.name), el("td", {}, row.total));
    table.tBodies[0].append(tr);
  }
  root.append(table);
}
