// Every phone at the table follows the game: the server's event stream
// sends the game's state after every move, whichever phone made it (and
// sixdice's seats). The browser reconnects by itself, saying the last
// version it saw, and the server sends what it missed.

import { api } from './api.js';
import { clear, el, showStatus } from './dom.js';

let source = null;
let followed = null;

// Follows game `id`: `onState` gets each state the stream sends.
export function follow(id, onState) {
  if (followed === id && source) return;
  unfollow();
  followed = id;
  source = new EventSource(`/api/play/${encodeURIComponent(id)}/events`);
  source.addEventListener('state', (m) => {
    let state = null;
    try {
      state = JSON.parse(m.data);
    } catch {
      return;
    }
    onState(state);
  });
  let lost = false;
  source.addEventListener('error', () => {
    lost = true;
    showStatus('Following the game: the server cannot be reached, trying again…', true);
  });
  source.addEventListener('open', () => {
    if (lost) showStatus('');
    lost = false;
  });
}

export function unfollow() {
  if (source) source.close();
  source = null;
  followed = null;
}

// The links and QR code another phone opens to join game `id`, into `out`.
export async function showJoin(id, out) {
  const j = await api('GET', `/api/play/${encodeURIComponent(id)}/join`);
  const parts = [];
  if (j.links.length) {
    parts.push(el('p', {}, 'Open this on another phone, or scan the code:'));
    parts.push(el('ul', {}, j.links.map((l) => el('li', {}, el('a', { href: l }, l)))));
    if (j.qr) parts.push(el('img', { class: 'qr', alt: `QR code of ${j.links[0]}`, width: 200, height: 200, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(j.qr)}` }));
  } else {
    parts.push(el('p', {}, `${location.origin}/#play/${id} — ${j.why}.`));
  }
  clear(out, parts);
}

// Which seat this phone is, per game (kept in the browser's storage).
export const mySeat = (id) => {
  const v = localStorage.getItem(`sixdice-me-${id}`);
  return v === null || v === '' ? null : Number(v);
};
export const setMySeat = (id, seat) => localStorage.setItem(`sixdice-me-${id}`, seat === null ? '' : String(seat));
