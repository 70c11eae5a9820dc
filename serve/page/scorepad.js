// Keeping score at a real table: a turn entered by its result (the points
// banked, 0 for a farkle) instead of roll by roll, the round-by-round
// table of every turn with each seat's chance after it, and the
// correction of a turn entered wrong. The rules the points must meet are
// the server's (`points_entry`): the page only shows them.

import { $, clear, el } from './dom.js';
import { pct } from './format.js';

// The field for a turn's result, where the rules allow one now, after
// the buttons of a roll: `score(points)` enters it.
export function pointsEntry(st, buttons, score) {
  const e = st.points_entry;
  if (!e) return;
  const input = el('input', {
    type: 'number', id: 'play-points', min: 0, step: e.unit, max: e.most,
    inputmode: 'numeric', 'aria-describedby': 'play-points-help', placeholder: String(e.least),
  });
  const enter = () => {
    const n = Number(input.value);
    if (input.value.trim() === '' || !Number.isInteger(n)) {
      input.focus();
      return;
    }
    score(n);
  };
  input.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') enter(); });
  buttons.push(el('div', { class: 'points-entry', role: 'group', 'aria-labelledby': 'play-points-label' },
    el('label', { id: 'play-points-label', for: 'play-points' }, `Or the whole turn: points ${e.player} banked`),
    el('div', { class: 'row' }, input,
      el('button', { type: 'button', id: 'play-bank-points', onclick: enter }, 'Bank these points'),
      el('button', { type: 'button', id: 'play-farkled', onclick: () => score(0) }, 'Farkle (0)')),
    el('p', { class: 'help', id: 'play-points-help' }, e.text)));
}

// What a turn did, in a cell: the points banked and the total after.
function turnText(t) {
  const h = t.how;
  if (h.how === 'bank') return h.counted ? `+${h.points} → ${t.total}` : `${h.points} not counted → ${t.total}`;
  if (h.how === 'farkle') return h.penalty ? `farkle −${h.penalty} → ${t.total}` : `farkle → ${t.total}`;
  if (h.how === 'returned') return `+${h.points} back → ${t.total}`;
  if (h.how === 'instant-win') return `instant win`;
  if (h.how === 'scored') return `${h.category} ${h.points}${h.bonus ? ` +${h.bonus}` : ''} → ${t.total}`;
  return String(t.total);
}

// The turns in rounds: a round ends when the seats come round again (a
// leftover's points given back are not a turn: they join the round).
function rounds(turns) {
  const out = [];
  let row = null;
  let last = -1;
  for (const t of turns) {
    const turnOf = t.how.how !== 'returned';
    if (!row || (turnOf && t.seat <= last)) {
      row = [];
      out.push(row);
    }
    (row[t.seat] = row[t.seat] || []).push(t);
    if (turnOf) last = t.seat;
  }
  return out;
}

// The round-by-round table (newest round first, where the eyes are):
// each cell a seat's turn, with that seat's chance to win after it where
// the values are chances; an entered turn can be corrected (`correct`).
export function renderScoreTable(st, correct) {
  const box = $('play-scores');
  const turns = st.turns || [];
  box.hidden = turns.length === 0;
  $('play-scores-caption').hidden = box.hidden;
  if (!turns.length) return clear(box);
  const seats = st.view.seats;
  const chances = turns.some((t) => t.chances);
  const estimated = turns.some((t) => t.estimates);
  // A seat's chance after a turn: exact, or estimated with its interval.
  const chanceOf = (t, i) => (t.chances ? el('span', { class: 'chance' }, pct(t.chances[i]))
    : t.estimates ? el('span', { class: 'chance', title: `95% interval ${pct(t.estimates[i].low)}–${pct(t.estimates[i].high)}` },
      pct(t.estimates[i].estimate), el('span', { class: 'interval' }, `${pct(t.estimates[i].low)}–${pct(t.estimates[i].high)}`))
      : null);
  const titleOf = (t) => (t.chances ? seats.map((s, j) => `${s.player} ${pct(t.chances[j])}`).join(', ')
    : t.estimates ? seats.map((s, j) => `${s.player} ${pct(t.estimates[j].estimate)} (${pct(t.estimates[j].low)}–${pct(t.estimates[j].high)})`).join(', ')
      : null);
  // A turn entered by its points is a button: tapping it corrects it.
  const cell = (ts, i) => el('td', {}, (ts || []).map((t) => {
    const fixable = t.entered && !st.over;
    return el(fixable ? 'button' : 'div', {
      type: fixable ? 'button' : null,
      class: `turn${fixable ? ' fix' : ''}`,
      title: titleOf(t),
      'aria-label': fixable ? `${turnText(t)}. Correct ${t.player}'s turn ${t.turn}` : null,
      onclick: fixable ? () => correct(t) : null,
    }, el('span', {}, turnText(t)), chanceOf(t, i));
  }));
  const rows = rounds(turns).map((r, k) => el('tr', {}, el('th', { scope: 'row' }, String(k + 1)), seats.map((_, i) => cell(r[i], i))));
  $('play-scores-caption').textContent = (chances ? 'Each turn: points → total, and that player’s chance to win after it.'
    : estimated ? 'Each turn: points → total, and that player’s chance to win after it, estimated by rollouts (under it, its 95% interval).'
      : 'Each turn: points → total.') + (turns.some((t) => t.entered && !st.over) ? ' Tap a turn entered by its points to correct it.' : '');
  clear(box,
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Round'), seats.map((s) => el('th', { scope: 'col' }, s.player)))),
    el('tbody', {}, rows.reverse()));
  box.setAttribute('aria-describedby', 'play-scores-caption');
}

// Asks for the right points of an entered turn, in the page (no pop-up):
// `send(turn, points)` makes the correction.
export function askCorrection(t, send) {
  const out = $('play-correct');
  const input = el('input', { type: 'number', id: 'play-correct-points', min: 0, inputmode: 'numeric', value: t.how.points ?? 0 });
  clear(out,
    el('label', { for: 'play-correct-points' }, `${t.player}'s turn ${t.turn}: the points banked (0: a farkle)`),
    el('div', { class: 'row' }, input,
      el('button', { type: 'button', class: 'primary', id: 'play-correct-send', onclick: () => send(t.turn, Number(input.value)) }, 'Correct it'),
      el('button', { type: 'button', onclick: () => { out.hidden = true; } }, 'Cancel')),
    el('p', { class: 'help' }, 'The record keeps the correction; every turn after it is replayed.'));
  out.hidden = false;
  input.focus();
  input.select();
}
