// Small helpers shared by the pages. Every piece of text from the server goes into the page
// through textContent (el's text argument), never as HTML.

export function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    node.setAttribute(key, value === true ? "" : String(value));
  }
  if (text !== null && text !== undefined) node.textContent = String(text);
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

export async function api(path, body = undefined) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    throw new Error(data && data.error ? data.error : `the server answered ${response.status}`);
  }
  return data;
}

// Tokens are kept in this browser only: a seat's token is the seat, the host's token lets
// its holder start and pause the game.
export const keys = {
  seat: (room) => `pennybags:seat:${room}`,
  host: (room) => `pennybags:host:${room}`,
};

export function remember(key, value) {
  try { localStorage.setItem(key, value); } catch { /* private mode: this tab only */ }
}

export function recall(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

export function forget(key) {
  try { localStorage.removeItem(key); } catch { /* nothing kept */ }
}
