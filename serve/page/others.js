// The Advise screen's other players (score-sheet games whose listing takes
// `opponent-sheet`): a sheet a row, typed in the sheet's words or taken
// from the game in play, sent as the question's `opponent-sheet`. What a
// sheet means (finished, still in play, impossible) is the server's: the
// page sends the text as typed and shows the server's refusal beside it.

import { $, clear, el } from './dom.js';
import { mySeat } from './follow.js';
import { app, isChosen } from './game.js';
import { gameInPlay } from './play.js';

// The server takes up to seven other sheets (a table of eight): no more
// rows are offered.
const MOST = 7;

const rows = () => [...document.querySelectorAll('#advise-other-list .other-row')];
const sheetOf = () => (app.listing && app.listing.sheet) || { boxes: [], entries: [] };

// An example in the sheet's words, from the listing's first boxes, and
// what a blank sheet is.
function example() {
  const b = sheetOf().boxes.map((x) => x.name);
  return `${b.length >= 3 ? `e.g. ${b[0]}=3 ${b[1]}=x ${b[2]}=9` : 'box=points'} (blank: no box written yet)`;
}

// What a row is called: the seat it was taken from, else its place.
const rowName = (row, i) => row.dataset.name || `Other player ${i + 1}`;

function otherRow(text, name) {
  const area = el('textarea', { rows: 2, spellcheck: 'false', autocomplete: 'off', autocapitalize: 'none', placeholder: example(), 'aria-describedby': 'advise-others-help' });
  area.value = text || '';
  const row = el('div', { class: 'other-row', 'data-name': name || null },
    el('div', { class: 'other-head' }, el('label', {}),
      el('button', { type: 'button', class: 'other-remove', onclick: () => {
        row.remove();
        renumber();
        $('advise-other-add').focus();
      } }, 'Remove')),
    area);
  return row;
}

// Labels (and the names screen readers read) follow the rows left.
function renumber() {
  rows().forEach((row, i) => {
    const id = `advise-other-${i}`;
    const label = row.querySelector('label');
    label.textContent = `${rowName(row, i)}'s sheet`;
    label.setAttribute('for', id);
    row.querySelector('textarea').id = id;
    row.querySelector('.other-remove').setAttribute('aria-label', `Remove ${rowName(row, i)}`);
  });
  $('advise-other-add').disabled = rows().length >= MOST;
  clearOthersError();
}

// The sheets to send, each with its row and what to call it; null when
// there is no row (the question is then not one of winning). A blank row
// is a player who has not written a box yet (an empty sheet, as a game in
// play's first round has): left out, that player would be forgotten and
// every chance overstated.
export function otherSheets() {
  const sent = rows().map((row, i) => ({ row, name: rowName(row, i), text: row.querySelector('textarea').value.trim().replace(/\s+/g, ' ') }));
  return sent.length ? sent : null;
}

export function clearOthersError() {
  $('advise-others-error').hidden = true;
  for (const a of document.querySelectorAll('#advise-other-list textarea')) a.removeAttribute('aria-invalid');
}

// The server's refusal of a sheet, beside the rows: the row its message
// names ("sheet 2", counted among the sheets sent) is marked.
export function showOthersError(err, sent) {
  const box = $('advise-others-error');
  // The field is this box's own: not said again after the message.
  box.textContent = err.message.replace(/ \(opponent-sheet\)$/, '');
  box.hidden = false;
  const n = Number((err.message.match(/\bsheet (\d+)\b/) || [])[1]);
  const s = sent && sent[n - 1];
  if (s) s.row.querySelector('textarea').setAttribute('aria-invalid', 'true');
}

// A seat's sheet in the sheet's words: the boxes written (a 0 is a box
// crossed out), and points besides the boxes (Yahtzee's extra Yahtzees)
// under the listing's entry for them.
function sheetWords(sheet) {
  const words = sheet.boxes.filter((b) => b.points !== null && b.points !== undefined).map((b) => `${b.name}=${b.points}`);
  const entry = (sheetOf().entries || [])[0];
  if (sheet.bonus && entry) words.push(`${entry}=${sheet.bonus}`);
  return words.join(' ');
}

// The game in play, where its sheets fit this question (the same game and
// options as chosen here), or null.
function fittingGame() {
  const st = gameInPlay();
  if (!st || !st.view.seats.every((s) => s.sheet) || st.view.seats.length < 2) return null;
  return isChosen(st.view.game.id, st.view.game.options) ? st : null;
}

// The offer to take the sheets, with the seats to choose mine from (this
// phone's seat, else the one to play, unless another was chosen).
function refreshTake() {
  const st = fittingGame();
  $('advise-from-game').hidden = !st;
  if (!st) return;
  const sel = $('advise-me');
  const was = sel.dataset.game === st.id && sel.value !== '' ? Number(sel.value) : null;
  const me = was ?? mySeat(st.id) ?? st.view.mover ?? 0;
  sel.dataset.game = st.id;
  clear(sel, st.view.seats.map((s, i) => el('option', { value: i, selected: i === me }, `${s.player} (seat ${i + 1})`)));
}

function take() {
  const st = fittingGame();
  if (!st) return;
  const me = Number($('advise-me').value);
  clear($('advise-other-list'), st.view.seats.map((s, i) => (i === me ? null : otherRow(sheetWords(s.sheet), s.player))));
  renumber();
}

// The section as the game's listing makes it: shown where the rules take
// other sheets; another game's sheets (rows typed for it) go.
export function layoutOthers(kind) {
  const takes = Boolean(app.listing) && app.listing.advise_fields.includes('opponent-sheet');
  $('advise-others').hidden = !takes;
  if (kind === 'game') clear($('advise-other-list'));
  for (const a of document.querySelectorAll('#advise-other-list textarea')) a.placeholder = example();
  const sheet = sheetOf();
  $('advise-box-list').textContent = sheet.boxes.map((b) => (b.aliases.length ? `${b.name} (${b.aliases.join(', ')})` : b.name)).join(', ')
    + ((sheet.entries || []).length ? `; besides the boxes: ${sheet.entries.join(' or ')}=points` : '');
  renumber();
  refreshTake();
}

// Whether other sheets are asked about (the section shown, a row in it).
export const othersAsked = () => !$('advise-others').hidden && otherSheets() !== null;

export function startOthers() {
  $('advise-other-add').addEventListener('click', () => {
    const row = otherRow('', null);
    $('advise-other-list').append(row);
    renumber();
    row.querySelector('textarea').focus();
  });
  $('advise-take').addEventListener('click', take);
  // The game in play moves on while this screen waits: the seats are
  // offered as they are when the screen is shown or the section used.
  window.addEventListener('hashchange', refreshTake);
  $('advise-others').addEventListener('focusin', (e) => { if (e.target.id !== 'advise-me') refreshTake(); });
}
