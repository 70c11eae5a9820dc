// The review's luck and skill, as `sixdice review` prints them: each
// player's start, the luck of their rolls, the losses of their decisions,
// gifts (the others' play) and result, with the result on average luck;
// then the luckiest and unluckiest rolls. Every number is the review's own
// (the page adds none up): this only formats them as the CLI does.

import { el } from './dom.js';

const isWin = (objective) => objective === 'win';

// A value: a percentage under P(win), else points (one decimal, as the CLI).
function value(objective, v) {
  return isWin(objective) ? `${(100 * v).toFixed(1)}%` : v.toFixed(1);
}

// A change of value, signed: percentage points, or points (never "-0.00").
function change(objective, v) {
  const t = isWin(objective) ? (100 * v).toFixed(2) : v.toFixed(1);
  return Number(t) < 0 ? t : `+${t.replace('-', '')}`;
}

// The sum the table's columns make, in words, as the CLI says it.
function identityWords(r) {
  const win = isWin(r.objective);
  const gifts = !win ? '' : r.players.length === 2 ? " + the opponent's losses"
    : ' + gifts (how the other players’ turns moved each one’s chances)';
  return `${win ? 'Chances to win, luck and the rest in percentage points' : 'Points'}: `
    + `result = start + luck − loss${gifts}. Result − luck is the result on average luck: what the decisions made of the start.`;
}

// One number of a player's row; `data-field` and `data-value` keep the
// review's field and its exact number (a test reads them).
const cell = (field, raw, text) => el('td', { class: 'num', 'data-field': field, 'data-value': raw }, text);

function luckTable(r) {
  const o = r.objective;
  const heads = ['Player', 'Start', 'Luck', 'Loss', 'Gifts', 'Result', 'Result − luck'];
  return el('div', { class: 'table-wrap' }, el('table', { id: 'review-luck' },
    el('caption', {}, el('span', {}, isWin(o) ? 'Chances to win; luck, loss and gifts in percentage points' : 'In points')),
    el('thead', {}, el('tr', {}, heads.map((h, i) => el('th', { scope: 'col', class: i ? 'num' : null }, h)))),
    el('tbody', {}, r.players.map((p) => el('tr', {}, el('th', { scope: 'row' }, p.player),
      cell('start', p.start, value(o, p.start)), cell('luck', p.luck, change(o, p.luck)),
      cell('total_loss', p.total_loss, change(o, -p.total_loss)), cell('gifts', p.gifts, change(o, p.gifts)),
      cell('result', p.result, value(o, p.result)), cell('luck_adjusted', p.luck_adjusted, value(o, p.luck_adjusted)))))));
}

// The rolls that moved their roller's value most, each way.
function extremes(r) {
  const rolls = r.rolls || [];
  if (!rolls.length) return null;
  // As the CLI picks them on a tie: the last luckiest, the first unluckiest.
  const best = rolls.reduce((a, b) => (b.luck >= a.luck ? b : a));
  const worst = rolls.reduce((a, b) => (b.luck < a.luck ? b : a));
  const roll = (x) => `line ${x.line}, ${x.player} rolled ${x.dice.join('')} (${change(r.objective, x.luck)})`;
  return el('p', { id: 'review-extremes' }, `Luckiest roll: ${roll(best)}; unluckiest: ${roll(worst)}.`);
}

// The section's parts, after its heading.
export function luckSection(r) {
  return [el('p', { class: 'hint' }, identityWords(r)), luckTable(r), extremes(r)];
}
