// Review: a record uploaded or pasted; the chart, each player's summary,
// their luck and skill, and the costliest decisions with their positions,
// each opening onto every play there was (the review of that decision).

import { api, picture } from './api.js';
import { renderAdvice } from './advice.js';
import { $, clear, el, fail, showStatus } from './dom.js';
import { fmtLoss, fmtLossNumber, objectiveName } from './format.js';
import { luckSection } from './luck.js';

async function readFile() {
  const f = $('review-file').files[0];
  if (f) {
    $('review-text').value = await f.text();
    rulesText = null;
  }
}

function positionText(d) {
  return `turn ${d.turn}, ${d.player} rolled ${d.dice.join(',')}` + (d.at_stake !== null && d.at_stake !== undefined ? ` with ${d.at_stake} at stake` : '') + `; totals ${d.totals.join(' – ')}`;
}

// Every play at decision `d` of `record`, ranked as advise ranks them:
// asked of the review when first opened (the review of one decision fills
// its alternatives), into `holder`.
// House rules sent as text that go with the record shown (a game played
// here with them); none once the record is replaced by hand.
let rulesText = null;

// A record's body: the record, and its house rules where they are known.
const body = (record, more) => ({ record, ...(rulesText ? { 'rules-text': rulesText } : {}), ...more });

async function showAlternatives(record, d, holder) {
  if (holder.dataset.loaded) return;
  holder.dataset.loaded = 'yes';
  clear(holder, el('p', { class: 'hint' }, 'Asking the solver…'));
  try {
    const r = await api('POST', '/api/review', body(record, { decision: d.number }));
    const shown = r.decisions[r.shown[0]];
    if (!shown || !shown.advice) throw new Error(`The review did not give decision ${d.number}'s plays`);
    renderAdvice(shown.advice, holder);
  } catch (e) {
    delete holder.dataset.loaded;
    clear(holder);
    fail(e);
  }
}

// A costliest decision: where it was, what it cost, and a fold with every play.
function costlyItem(record, obj, d) {
  const holder = el('div', { class: 'alts-out', id: `review-alts-${d.number}` });
  const fold = el('details', { class: 'alts', 'data-decision': d.number }, el('summary', {}, `Every play at decision #${d.number}`), holder);
  fold.addEventListener('toggle', () => { if (fold.open) showAlternatives(record, d, holder); });
  return el('li', {},
    el('strong', {}, `#${d.number} `), `${positionText(d)}: played ${d.played}; best ${d.best}; cost `,
    el('span', { class: d.class ? `class-${d.class}` : null }, `${fmtLoss(obj, d.loss)}${d.class ? ` (${d.class})` : ''}`), fold);
}

// `rules`: the house rules (TOML text) of a game played here, if any.
export async function runReview(rules) {
  if (rules !== undefined) rulesText = rules || null;
  const record = $('review-text').value;
  const out = $('review-out');
  if (!record.trim()) {
    showStatus('Choose a record file or paste its text first.', true);
    return;
  }
  $('review-go').disabled = true;
  try {
    const r = await api('POST', '/api/review', body(record));
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
      ? el('ol', { class: 'log', id: 'review-costliest' }, costly.map((d) => costlyItem(record, obj, d)))
      : el('p', {}, 'No decision cost anything: every play was the best.');
    clear(out, head, el('h3', {}, 'The game'), el('p', { class: 'hint' }, 'Loading the chart…'),
      el('h3', {}, 'Each player'), summary, el('h3', {}, 'Luck and skill'), luckSection(r),
      el('h3', {}, 'The costliest decisions'), list);
    out.scrollIntoView({ block: 'start' });
    try {
      const fig = await picture('/api/review/picture', body(record), `The game turn by turn: ${objectiveName(obj)} of each player, mistakes marked`);
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
  $('review-go').addEventListener('click', () => runReview());
  $('review-text').addEventListener('input', () => { rulesText = null; });
}
