// Review: a record uploaded or pasted; the chart, each player's summary
// and the costliest decisions with their positions.

import { api, picture } from './api.js';
import { $, clear, el, fail, showStatus } from './dom.js';
import { fmtLoss, fmtLossNumber, objectiveName } from './format.js';

async function readFile() {
  const f = $('review-file').files[0];
  if (f) $('review-text').value = await f.text();
}

function positionText(d) {
  return `turn ${d.turn}, ${d.player} rolled ${d.dice.join(',')}` + (d.at_stake !== null && d.at_stake !== undefined ? ` with ${d.at_stake} at stake` : '') + `; totals ${d.totals.join(' – ')}`;
}

export async function runReview() {
  const record = $('review-text').value;
  const out = $('review-out');
  if (!record.trim()) {
    showStatus('Choose a record file or paste its text first.', true);
    return;
  }
  $('review-go').disabled = true;
  try {
    const r = await api('POST', '/api/review', { record });
    const obj = r.objective;
    const names = r.players.map((p) => p.player);
    const head = el('p', { class: 'best', id: 'review-head' },
      `${r.game.title}: ${r.finished ? 'finished' : 'stopped'} after ${r.turns_played} turns` +
      (r.winners && r.winners.length ? `; ${r.winners.map((w) => names[w]).join(' and ')} won` : ''));
    const summary = el('div', { class: 'table-wrap' }, el('table', { id: 'review-players' },
      el('caption', {}, el('span', {}, `Losses in ${obj === 'win' ? 'percentage points of the chance to win' : 'points'}`)),
      el('thead', {}, el('tr', {}, ['Player', 'Decisions', 'Doubtful, mistakes, blunders', 'Total loss', 'Rating']
        .map((h, i) => el('th', { scope: 'col', class: i > 0 && i < 4 ? 'num' : null }, h)))),
      el('tbody', {}, r.players.map((p) => el('tr', {},
        el('th', { scope: 'row' }, p.player), el('td', { class: 'num' }, p.decisions),
        el('td', { class: 'num' }, `${p.doubtful} · ${p.mistakes} · ${p.blunders}`),
        el('td', { class: 'num' }, fmtLossNumber(obj, p.total_loss)), el('td', {}, p.rating))))));
    const costly = (r.costliest || []).map((i) => r.decisions[i]).filter(Boolean);
    const list = costly.length
      ? el('ol', { class: 'log', id: 'review-costliest' }, costly.map((d) => el('li', {},
        el('strong', {}, `#${d.number} `), `${positionText(d)}: played ${d.played}; best ${d.best}; cost `,
        el('span', { class: d.class ? `class-${d.class}` : null }, `${fmtLoss(obj, d.loss)}${d.class ? ` (${d.class})` : ''}`))))
      : el('p', {}, 'No decision cost anything: every play was the best.');
    clear(out, head, el('h3', {}, 'The game'), el('p', { class: 'hint' }, 'Loading the chart…'),
      el('h3', {}, 'Each player'), summary, el('h3', {}, 'The costliest decisions'), list);
    out.scrollIntoView({ block: 'start' });
    try {
      const fig = await picture('/api/review/picture', { record }, `The game turn by turn: ${objectiveName(obj)} of each player, mistakes marked`);
      out.children[2].replaceWith(fig);
      // Taller now: the result can come up to the top.
      out.scrollIntoView({ block: 'start' });
    } catch (e) {
      out.children[2].textContent = `No chart: ${e.message}`;
    }
  } catch (e) {
    clear(out);
    fail(e);
  } finally {
    $('review-go').disabled = false;
  }
}

export function startReview() {
  $('review-file').addEventListener('change', () => readFile().catch(fail));
  $('review-go').addEventListener('click', runReview);
}
