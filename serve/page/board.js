// The table as the players see it (the session's view): every seat's
// total and value, every seat's score sheet (the mover's open boxes take
// the roll), and a pad to type dice rolled at a real table.

import { $, clear, el } from './dom.js';
import { fmtValue, objectiveName } from './format.js';

// `me`: the seat of this phone (marked), or null.
export function renderBoard(v, me) {
  clear($('play-board'), v.seats.map((s, i) => el('div', { class: `seat${v.mover === i ? ' mover' : ''}${me === i ? ' me' : ''}`, 'aria-current': v.mover === i ? 'step' : null },
    el('p', { class: 'name' }, `${s.player}${s.computer ? ' (sixdice)' : ''}${me === i ? ' (this phone)' : ''}${v.mover === i ? ' — to play' : ''}`),
    el('p', { class: 'total', 'aria-label': `${s.player}'s total: ${s.total}` }, String(s.total)),
    el('p', { class: 'meta' }, [
      s.on_board === false ? 'not on the board' : null,
      s.farkles ? `${s.farkles} farkle${s.farkles > 1 ? 's' : ''} in a row` : null,
      seatValue(v, i, s),
    ].filter(Boolean).join(' · ')))));
}

// A seat's value, labelled with what it is, where it is one: a chance to
// win or an expected final score for every seat while the game is on; a
// turn's expected points only for the seat whose turn it is. A finished
// game shows the totals alone (a value there is no expectation).
function seatValue(v, i, s) {
  if (v.over) return null;
  if (v.objective === 'turn-score' && v.mover !== i) return null;
  return `${objectiveName(v.objective)}: ${fmtValue(v.objective, s.value)}`;
}

// A seat's sheet; the boxes `scoreChoices` can score take the roll
// (`decide` with the choice's words).
function renderSheet(seat, i, scoreChoices, decide) {
  const byBox = new Map(scoreChoices.map((c) => [c.decision.category, c]));
  return el('div', { class: 'sheet', role: 'group', 'aria-label': `${seat.player}'s score sheet` }, seat.sheet.boxes.map((b) => {
    const c = byBox.get(b.name);
    const key = `box-${i}-${b.name}`;
    if (b.points !== null && b.points !== undefined) {
      return el('button', { type: 'button', class: 'box filled', 'data-key': key, disabled: true }, el('span', {}, b.name), el('span', { class: 'pts' }, String(b.points)));
    }
    if (!c) return el('button', { type: 'button', class: 'box', 'data-key': key, disabled: true }, el('span', {}, b.name), el('span', { class: 'pts' }, ''));
    return el('button', { type: 'button', class: 'box', 'data-box': b.name, 'data-key': key, 'aria-label': `Score ${c.score} in ${b.name}`, onclick: () => decide(c.words) },
      el('span', {}, b.name), el('span', { class: 'pts' }, String(c.score)));
  }));
}

// The upper section's subtotal and its bonus: still to make, or made.
function upperText(u) {
  if (!u) return null;
  return u.total >= u.threshold ? `upper ${u.total} / ${u.threshold}: the ${u.bonus} bonus is made`
    : `upper ${u.total} / ${u.threshold} for a ${u.bonus} bonus`;
}

// The seats whose folded sheet a person opened, kept across redraws.
const opened = new Set();

// Every seat's score sheet (score-sheet games), each headed by its total,
// upper subtotal and bonuses: the mover's open, with the boxes the roll
// can score (`scoreChoices`, scored by `decide`) to tap; the others folded,
// so that four sheets still fit a phone. Null where no seat has a sheet.
export function renderSheets(v, scoreChoices, decide) {
  if (!v.seats.some((s) => s.sheet)) return null;
  return el('div', { class: 'sheets' }, v.seats.map((s, i) => {
    if (!s.sheet) return null;
    const head = [`${s.player}: ${s.total} points`, upperText(s.sheet.upper), s.sheet.bonus ? `bonus ${s.sheet.bonus}` : null]
      .filter(Boolean).join(' · ');
    const mover = v.mover === i;
    const box = el('details', { class: `sheet-of${mover ? ' mover' : ''}`, 'data-seat': i, open: mover || opened.has(i) },
      el('summary', { 'data-key': `sheet-${i}` }, el('span', { class: 'sheet-head' }, head)),
      renderSheet(s, i, mover ? scoreChoices : [], decide));
    box.addEventListener('toggle', () => {
      if (mover) return;
      if (box.open) opened.add(i);
      else opened.delete(i);
    });
    return box;
  }));
}

// Faces to tap for up to `count` dice typed so far (`typed`, changed in
// place); `changed` draws again.
export function typedDicePad(typed, count, changed) {
  const shown = el('div', { class: 'dice', role: 'group', 'aria-label': 'The dice typed so far' },
    typed.map((f, i) => el('button', { type: 'button', class: 'die', 'data-key': `typed-${i}`, 'aria-label': `Typed die ${i + 1}: a ${f}. Tap to take it out`, onclick: () => { typed.splice(i, 1); changed(); } }, String(f))));
  const pad = el('div', { class: 'pad', role: 'group', 'aria-label': 'Type a die' },
    [1, 2, 3, 4, 5, 6].map((f) => el('button', { type: 'button', class: 'face', 'data-key': `face-${f}`, 'aria-label': `Type a ${f}`, onclick: () => { if (typed.length < count) { typed.push(f); changed(); } } }, String(f))));
  return [pad, shown];
}
