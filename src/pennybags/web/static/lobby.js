// The lobby: create a room (edition, house rules, seats of people and bots) or open one by
// its code.
import { api, clear, el, keys, remember } from "/static/common.js";

const form = document.getElementById("create-form");
const editionSelect = document.getElementById("edition");
const optionsBox = document.getElementById("options");
const seatList = document.getElementById("seat-list");
const errorLine = document.getElementById("create-error");
let editions = [];

function currentEdition() {
  return editions.find((e) => e.id === editionSelect.value) || editions[0];
}

function showOptions() {
  const edition = currentEdition();
  document.getElementById("edition-summary").textContent =
    `${edition.summary} (${edition.players[0]} to ${edition.players[1]} players)`;
  for (const node of [...optionsBox.querySelectorAll(".option")]) node.remove();
  for (const option of edition.options) {
    const id = `option-${option.name}`;
    const row = el("div", { class: "option" });
    let input;
    if (option.type === "bool") {
      input = el("input", { type: "checkbox", id, name: option.name });
      input.checked = Boolean(option.default);
      row.append(input, el("label", { for: id }, option.name));
    } else {
      input = el("input", { type: option.type === "int" ? "number" : "text", id,
                            name: option.name, min: option.type === "int" ? 0 : null });
      input.value = String(option.default);
      row.append(el("label", { for: id }, option.name), input);
    }
    input.dataset.option = option.type;
    input.dataset.default = String(option.default);
    row.append(el("p", { class: "note" }, option.help));
    optionsBox.append(row);
  }
  while (seatList.children.length < edition.players[0]) addSeat(seatList.children.length === 0);
  while (seatList.children.length > edition.players[1]) seatList.lastElementChild.remove();
}

function addSeat(person = false) {
  const edition = currentEdition();
  if (edition && seatList.children.length >= edition.players[1]) return;
  const n = seatList.children.length + 1;
  const item = el("li", { class: "seat-row" });
  const kind = el("select", { "aria-label": `Seat ${n}: who plays it` });
  kind.append(el("option", { value: "person" }, "A person"),
              el("option", { value: "bot" }, "A bot"));
  kind.value = person ? "person" : "bot";
  const name = el("input", { "aria-label": `Seat ${n}: name (a person may give it on joining)`,
                             maxlength: 24, placeholder: "name" });
  const bot = el("input", { "aria-label": `Seat ${n}: bot and its knobs`, value: "standard",
                            placeholder: "standard?reserve=300" });
  const remove = el("button", { type: "button", "aria-label": `Remove seat ${n}` }, "Remove");
  const sync = () => { bot.hidden = kind.value !== "bot"; };
  kind.addEventListener("change", sync);
  remove.addEventListener("click", () => {
    if (seatList.children.length > currentEdition().players[0]) item.remove();
  });
  sync();
  item.append(kind, name, bot, remove);
  seatList.append(item);
}

function readOptions() {
  const out = {};
  for (const input of optionsBox.querySelectorAll("input")) {
    const value = input.dataset.option === "bool" ? input.checked
      : input.dataset.option === "int" ? Number(input.value) : input.value;
    if (String(value) !== input.dataset.default) out[input.name] = value;
  }
  return out;
}

function readSeats() {
  return [...seatList.children].map((item) => {
    const [kind, name, bot] = item.querySelectorAll("select, input");
    const seat = {};
    if (name.value.trim()) seat.name = name.value.trim();
    if (kind.value === "bot") seat.bot = bot.value.trim() || "standard";
    return seat;
  });
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  errorLine.textContent = "";
  try {
    const made = await api("/api/rooms", {
      edition: editionSelect.value, options: readOptions(), seats: readSeats(),
    });
    remember(keys.host(made.room), made.host_token);
    window.location.assign(made.link);
  } catch (error) {
    errorLine.textContent = error.message;
  }
});

document.getElementById("add-seat").addEventListener("click", () => addSeat(false));
document.getElementById("join-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const code = document.getElementById("join-code").value.trim().toUpperCase();
  if (/^[A-Z0-9]+$/.test(code)) window.location.assign(`/room/${encodeURIComponent(code)}`);
});
editionSelect.addEventListener("change", showOptions);

async function load() {
  try {
    editions = await api("/api/editions");
  } catch (error) {
    errorLine.textContent = error.message;
    return;
  }
  clear(editionSelect);
  for (const edition of editions) editionSelect.append(el("option", { value: edition.id }, edition.name));
  editionSelect.value = "classic";
  showOptions();
}

load();
