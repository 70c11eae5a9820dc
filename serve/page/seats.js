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

// The API's `players` field: the seats in order, comma-separated.
export function playersField() {
  return [...document.querySelectorAll('#seat-list .seat-row')].map((row) => {
    const kind = row.querySelector('select').value;
    if (kind === 'person') return row.querySelector('input').value.trim().replace(/[\s,]+/g, '-') || 'me';
    return kind;
  }).join(',');
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
