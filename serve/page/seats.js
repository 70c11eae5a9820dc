// The seats of a game to play, in turn order: a person (with a name) or
// one of the players sixdice plays at this game's table (the listing's
// `computer_players`, with what each plays for).

import { $, clear, el } from './dom.js';
import { app } from './game.js';

// The player list's choices for a seat's select: a person, then sixdice's.
function choices(sel, kind) {
  const computers = (app.listing && app.listing.computer_players) || [];
  const offered = computers.some((c) => c.name === kind) ? kind : 'person';
  clear(sel, el('option', { value: 'person', selected: offered === 'person' }, 'Person'),
    el('optgroup', { label: 'sixdice' }, computers.map((c) => el('option', { value: c.name, selected: c.name === offered, title: c.plays }, c.name))));
}

function seatRow(kind, name) {
  const sel = el('select', {});
  choices(sel, kind);
  const nameInput = el('input', { type: 'text', value: name, autocomplete: 'off', maxlength: 24, placeholder: 'sixdice' });
  const syncName = () => { nameInput.disabled = sel.value !== 'person'; };
  sel.addEventListener('change', syncName);
  syncName();
  const row = el('div', { class: 'seat-row' },
    el('label', {}, el('span', { class: 'seat-n' }), nameInput), el('label', {}, 'Plays', sel),
    el('button', { type: 'button', class: 'seat-remove', onclick: () => { row.remove(); renumberSeats(); } }, 'Remove'));
  return row;
}

// Seat numbers (and the labels screen readers read) follow the rows left.
function renumberSeats() {
  const rows = [...document.querySelectorAll('#seat-list .seat-row')];
  rows.forEach((row, i) => {
    row.querySelector('.seat-n').textContent = `Seat ${i + 1}`;
    row.querySelector('input').setAttribute('aria-label', `Seat ${i + 1}: name`);
    row.querySelector('select').setAttribute('aria-label', `Seat ${i + 1}: who plays`);
    const remove = row.querySelector('.seat-remove');
    remove.setAttribute('aria-label', `Remove seat ${i + 1}`);
    remove.disabled = rows.length <= 1;
  });
}

// What each of sixdice's players plays for, under the seats.
function renderPlayers() {
  const computers = (app.listing && app.listing.computer_players) || [];
  $('seat-players').textContent = computers.length
    ? `sixdice's players: ${computers.map((c) => `${c.name} (${c.plays})`).join(', ')}.` : '';
}

// Another game (or other options) seats other players: each seat keeps
// its player where the game still has it, else becomes a person's.
export function refreshSeats() {
  for (const sel of document.querySelectorAll('#seat-list select')) {
    choices(sel, sel.value);
    sel.dispatchEvent(new Event('change'));
  }
  renderPlayers();
}

// The seats as the API names them: a person's name (spaces made dashes),
// or sixdice's player.
function seatNames() {
  return [...document.querySelectorAll('#seat-list .seat-row')].map((row) => {
    const kind = row.querySelector('select').value;
    if (kind === 'person') return { person: true, name: row.querySelector('input').value.trim().replace(/[\s,]+/g, '-') || 'me' };
    return { person: false, name: kind };
  });
}

// The API's `players` field: the seats in order, comma-separated.
export function playersField() {
  return seatNames().map((s) => s.name).join(',');
}

// What to ask before the game starts, or null: a person named like one
// of sixdice's players (the server would seat sixdice there), or two
// people of one name (the second would be told apart as NAME-2).
export function seatsQuestion() {
  const seats = seatNames();
  const computers = ((app.listing && app.listing.computer_players) || []).map((c) => c.name.toLowerCase());
  const likeComputer = (n) => computers.includes(n) || /^threshold=\d+$/.test(n)
    || computers.some((c) => n.startsWith(`${c}-`));
  const taken = seats.find((s) => s.person && likeComputer(s.name.toLowerCase()));
  if (taken) return { stop: true, text: `"${taken.name}" is the name of one of sixdice's players: sixdice would play that seat. Give this person another name.` };
  const seen = new Set();
  for (const s of seats.filter((x) => x.person)) {
    const key = s.name.toLowerCase();
    if (seen.has(key)) return { stop: false, text: `Two seats are named ${s.name}: the second will be called ${s.name}-2. Start anyway?` };
    seen.add(key);
  }
  return null;
}

// sixdice's first player at this game's table (its best).
function best() {
  const computers = (app.listing && app.listing.computer_players) || [];
  return computers.length ? computers[0].name : 'person';
}

// Two seats to begin with: me, and sixdice's best player.
export function startSeats() {
  $('seat-list').append(seatRow('person', 'me'), seatRow(best(), ''));
  renumberSeats();
  renderPlayers();
  $('seat-add').addEventListener('click', () => {
    $('seat-list').append(seatRow(best(), ''));
    renumberSeats();
  });
}
