// Compare: the chosen game's default variants (and any typed one), solved
// where missing, with progress; the rows as they come, the table and the
// chart.

import { api, picture } from './api.js';
import { $, clear, el, fail } from './dom.js';
import { fmtSeconds, pct } from './format.js';
import { app, gameFields, isCategory, onGameChange } from './game.js';

export function renderVariants() {
  const list = $('variant-list');
  const vars = app.game.compare_variants || [];
  clear(list, vars.length
    ? vars.map((v, i) => el('label', { class: 'check' }, el('input', { type: 'checkbox', 'data-variant': v, checked: i < 4 }), v))
    : el('p', { class: 'hint' }, isCategory() ? 'Compare is for push-your-luck games.' : 'No default variants: type one below.'));
  $('compare-go').disabled = isCategory();
}

// The comparison's table, its rows in the order the variants were asked
// for, while it runs as at the end (rows do not move when the last one
// comes): `rows[i]` is row i as the report has it, or, while it runs, a
// pending one of the plan (`{ pending, first }`: not known yet, and
// whether it is the one being worked on now).
function compareTable(title, players, rows) {
  const many = players >= 3;
  const ordinals = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth'];
  const seatCols = Array.from({ length: players }, (_, i) => (i === 0 ? "First player's chance to win" : `${ordinals[i] || `Seat ${i + 1}`} player's chance`));
  const cols = many
    ? ['Variant', ...seatCols, 'Fair head starts for the later seats (then each seat\'s chance)', 'Turns per player']
    : ['Variant', "First player's chance to win", 'Change (percentage points)', 'Fair head start for the second player (then the first wins)', 'Turns per player', 'Playing to win over playing for points (percentage points)'];
  const body = rows.map((row) => {
    if (row.pending) return pendingRow(row.pending, row.first, cols.length);
    // Too large to solve, estimated by rollouts: each seat's chance with
    // its 95% interval.
    // Where the states a game from the start reaches were solved exactly,
    // those chances, the estimate's under each.
    if (row.estimate) {
      const e = row.estimate;
      const x = row.from_start;
      // Two short lines where exact: the row's header does not wrap.
      const how = x
        ? [`exact from the start (${x.states === 1 ? 'the one state' : `${x.states.toLocaleString('en')} states`} a game reaches),`,
          el('br'), `estimated by ${e.rollouts.toLocaleString('en')} rollouts (seed ${e.seed})`]
        : `estimated by ${e.rollouts.toLocaleString('en')} rollouts (seed ${e.seed}): no exact table fits`;
      const seat = x
        ? (p, i) => el('td', { class: 'num exact-start' }, pct(x.seats[i]), el('br'), el('small', {}, `est. ${span(p)}`))
        : (p) => el('td', { class: 'num' }, pct(p.estimate), el('br'), el('small', {}, span(p)));
      return el('tr', { class: 'estimated', 'data-rollouts': e.rollouts }, el('th', { scope: 'row' }, row.variant, el('br'),
        el('small', {}, how)),
      e.seats.map(seat),
      el('td', { class: 'num head-starts' }, row.head_starts ? estimatedHeadStarts(row.head_starts) : ''),
      el('td', { class: 'num' }, x ? x.turns_per_player.toFixed(1) : ''));
    }
    if (row.not_solved) return el('tr', {}, el('th', { scope: 'row' }, row.variant), el('td', { colspan: cols.length - 1 }, row.not_solved));
    if (many) {
      const s = row.seats;
      return el('tr', {}, el('th', { scope: 'row' }, row.variant), s.seats.map((x) => el('td', { class: 'num' }, pct(x))),
        el('td', { class: 'num head-starts' }, headStarts(s.head_starts), el('br'), el('small', {}, s.head_start_seats.map(pct).join(' / '))),
        el('td', { class: 'num' }, s.turns_per_player.toFixed(1)));
    }
    const o = row.odds;
    return el('tr', {}, el('th', { scope: 'row' }, row.variant), el('td', { class: 'num' }, pct(o.first_wins)),
      el('td', { class: 'num' }, o.first_wins_change === undefined ? '' : points(o.first_wins_change)),
      el('td', { class: 'num' }, o.head_start === undefined ? '' : `${o.head_start} points (${pct(o.head_start_first_wins)})`),
      el('td', { class: 'num' }, o.turns_per_player === undefined ? '' : o.turns_per_player.toFixed(1)),
      el('td', { class: 'num' }, o.optimal_edge === undefined ? '' : points(o.optimal_edge)));
  });
  return el('div', { class: 'table-wrap' }, el('table', { id: 'compare-table', 'aria-busy': rows.some((r) => r.pending) ? 'true' : 'false' },
    el('caption', {}, el('span', {}, `${title}, ${players} players, each playing to win`)),
    el('thead', {}, el('tr', {}, cols.map((c, i) => el('th', { scope: 'col', class: i ? 'num' : null }, c)))),
    el('tbody', {}, body)));
}

// An estimate's 95% interval in percent.
function span(x) {
  return `${(x.low * 100).toFixed(1)}–${(x.high * 100).toFixed(1)}%`;
}

// Head starts in points, seat 2's first.
function headStarts(h) {
  return h.map((p) => `+${p}`).join(' / ');
}

// Head starts found by rollouts: the points, then each seat's chance with
// them as estimated afresh, with its interval, and whether every interval
// holds an even share.
function estimatedHeadStarts(f) {
  const even = f.fair_within ? 'every interval holds an even share' : 'not every interval holds an even share';
  return [headStarts(f.head_starts), el('br'),
    el('small', {}, 'with them ', f.seats.flatMap((x, i) => [i ? ', ' : '', el('span', { class: 'interval' }, span(x))]),
      ` by ${f.rollouts.toLocaleString('en')} rollouts: ${even}`)];
}

// A difference of probabilities in percentage points, signed.
function points(d) {
  return `${d >= 0 ? '+' : ''}${(d * 100).toFixed(2)}`;
}

// A row of the plan not known yet: being worked on, or still to come.
function pendingRow(p, first, span) {
  const what = first
    ? (p.solve ? 'solving…' : 'reading its table…')
    : (p.solve ? `to solve${p.estimated_seconds ? ` (about ${fmtSeconds(p.estimated_seconds)})` : ''}` : 'table ready');
  return el('tr', { class: 'pending' }, el('th', { scope: 'row' }, p.variant), el('td', { colspan: span - 1 }, what));
}

// While a comparison runs: every row in the order asked, those known
// with their numbers, the others with what they wait for, and what the
// solves left should take.
function showCompareSoFar(out, events) {
  const plan = events.find((e) => e.kind === 'plan');
  if (!plan) return;
  const done = events.filter((e) => e.kind === 'row');
  const known = new Map(done.map((e) => [e.index, e.row]));
  const next = plan.order.find((p) => !known.has(p.index));
  const rows = plan.order.slice().sort((a, b) => a.index - b.index)
    .map((p) => known.get(p.index) || { pending: p, first: p === next });
  const last = done[done.length - 1];
  const left = last ? last.remaining_seconds : plan.estimated_seconds;
  const first = !out.querySelector('#compare-table');
  const note = next && left > 0
    ? `${done.length} of ${plan.order.length} rows · about ${fmtSeconds(left)} of solving left`
    : `${done.length} of ${plan.order.length} rows`;
  clear(out, compareTable(plan.game.title, plan.players, rows), el('p', { class: 'hint', id: 'compare-so-far' }, note));
  // The first rows in view once, then the reader scrolls as they like.
  if (first) out.scrollIntoView({ block: 'start' });
}

async function runCompare() {
  const variant = [...document.querySelectorAll('#variant-list input:checked')].map((i) => i.dataset.variant);
  const extra = $('variant-extra').value.trim();
  if (extra) variant.push(extra);
  const req = { ...gameFields(), variant, 'no-defaults': true, players: Number($('compare-players').value) };
  const out = $('compare-out');
  $('compare-go').disabled = true;
  try {
    const r = await api('POST', '/api/compare', req, (events) => showCompareSoFar(out, events));
    clear(out, compareTable(r.game.title, r.players, r.rows), el('p', { class: 'hint' }, 'Loading the chart…'));
    out.scrollIntoView({ block: 'start' });
    try {
      out.lastChild.replaceWith(await picture('/api/compare/picture', req, 'The first player\'s chance to win under each variant'));
    } catch (e) {
      out.lastChild.textContent = `No chart: ${e.message}`;
    }
  } catch (e) {
    clear(out);
    fail(e);
  } finally {
    $('compare-go').disabled = isCategory();
  }
}

export function startCompare() {
  // The variants are the game's; options changed later keep the choice.
  onGameChange((kind) => {
    if (kind === 'game') renderVariants();
  });
  $('compare-go').addEventListener('click', runCompare);
}
