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

// The comparison's table: `rows` are the report's rows (or, while it
// runs, those known so far), `pending` the plan's rows still to come.
function compareTable(title, players, rows, pending) {
  const three = players === 3;
  const cols = three ? ['Variant', 'Seat 1 wins', 'Seat 2 wins', 'Seat 3 wins', 'Turns each']
    : ['Variant', 'First player wins', 'Change (points of %)', 'Head start for seat 2 → first wins', 'Turns each', "Optimal's edge over max. points"];
  const body = rows.map((row) => {
    if (row.not_solved) return el('tr', {}, el('th', { scope: 'row' }, row.variant), el('td', { colspan: cols.length - 1 }, row.not_solved));
    if (three) {
      const s = row.seats;
      return el('tr', {}, el('th', { scope: 'row' }, row.variant), s.seats.map((x) => el('td', { class: 'num' }, pct(x))), el('td', { class: 'num' }, s.turns_per_player.toFixed(1)));
    }
    const o = row.odds;
    return el('tr', {}, el('th', { scope: 'row' }, row.variant), el('td', { class: 'num' }, pct(o.first_wins)),
      el('td', { class: 'num' }, o.first_wins_change === undefined ? '' : `${o.first_wins_change >= 0 ? '+' : ''}${(o.first_wins_change * 100).toFixed(2)}`),
      el('td', { class: 'num' }, `${o.head_start} → ${pct(o.head_start_first_wins)}`),
      el('td', { class: 'num' }, o.turns_per_player.toFixed(1)), el('td', { class: 'num' }, pct(o.optimal_edge)));
  });
  const waiting = pending.map((p, i) => el('tr', { class: 'pending' }, el('th', { scope: 'row' }, p.variant),
    el('td', { colspan: cols.length - 1 }, i === 0
      ? (p.solve ? 'solving…' : 'reading its table…')
      : (p.solve ? `to solve${p.estimated_seconds ? ` (about ${fmtSeconds(p.estimated_seconds)})` : ''}` : 'table ready'))));
  return el('div', { class: 'table-wrap' }, el('table', { id: 'compare-table', 'aria-busy': pending.length ? 'true' : 'false' },
    el('caption', {}, el('span', {}, `${title}, ${players} players, each playing to win`)),
    el('thead', {}, el('tr', {}, cols.map((c, i) => el('th', { scope: 'col', class: i ? 'num' : null }, c)))),
    el('tbody', {}, body, waiting)));
}

// While a comparison runs: its rows in the order they came, then those
// still to come, with what the solves left should take.
function showCompareSoFar(out, events) {
  const plan = events.find((e) => e.kind === 'plan');
  if (!plan) return;
  const done = events.filter((e) => e.kind === 'row');
  const seen = new Set(done.map((e) => e.index));
  const pending = plan.order.filter((p) => !seen.has(p.index));
  const last = done[done.length - 1];
  const left = last ? last.remaining_seconds : plan.estimated_seconds;
  const first = !out.querySelector('#compare-table');
  const note = pending.length && left > 0
    ? `${done.length} of ${plan.order.length} rows · about ${fmtSeconds(left)} of solving left`
    : `${done.length} of ${plan.order.length} rows`;
  clear(out, compareTable(plan.game.title, plan.players, done.map((e) => e.row), pending),
    el('p', { class: 'hint', id: 'compare-so-far' }, note));
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
    clear(out, compareTable(r.game.title, r.players, r.rows, []), el('p', { class: 'hint' }, 'Loading the chart…'));
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
