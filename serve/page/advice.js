// Advice as a table of plays, best first: `advise`'s answer on the Advise
// screen and a session's hint on the Play screen.

import { clear, el } from './dom.js';
import { fmtValue, objectiveName } from './format.js';

// A ranked alternative in words: category answers carry their own;
// push-your-luck ones are put together from their parts.
function playWords(alt) {
  if (alt.description) return alt.description;
  const aside = `Set aside ${alt.set_aside.join(',')} (${alt.counted_as})`;
  if (alt.instant_win) return `${aside}: an instant win`;
  if (alt.then === 'bank') return `${aside}, bank ${alt.at_stake}`;
  return `${aside}, roll ${alt.roll_dice} ${alt.roll_dice === 1 ? 'die' : 'dice'} with ${alt.at_stake} at stake`;
}

// `a`'s situation, its best play and (at most `limit` of) its plays,
// into `holder`.
export function renderAdvice(a, holder, limit) {
  const alts = a.alternatives || [];
  const shown = limit ? alts.slice(0, limit) : alts;
  const best = alts[0];
  const head = a.farkle || !best
    ? el('div', { class: 'best' }, el('p', { class: 'what' }, 'A farkle: nothing in this roll scores'))
    : el('div', { class: 'best', 'data-best': playWords(best), 'data-value': best.expected_score },
      el('p', { class: 'what' }, `Best: ${playWords(best)}`),
      el('p', { class: 'value' }, `${fmtValue(a.objective, best.expected_score)} (${objectiveName(a.objective)})`));
  const table = alts.length
    ? el('div', { class: 'table-wrap' }, el('table', { class: 'alternatives' },
      el('caption', {}, el('span', {}, limit && alts.length > limit ? `The ${limit} best of ${alts.length} plays` : `All ${alts.length} plays, best first`)),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col', class: 'num' }, '#'), el('th', { scope: 'col' }, 'Play'),
        el('th', { scope: 'col', class: 'num' }, objectiveName(a.objective)))),
      el('tbody', {}, shown.map((alt, i) => el('tr', { class: i === 0 ? 'is-best' : null, 'data-value': alt.expected_score },
        el('td', { class: 'num' }, String(i + 1)), el('td', {}, playWords(alt)),
        el('td', { class: 'num' }, fmtValue(a.objective, alt.expected_score)))))))
    : null;
  clear(holder, el('p', { class: 'situation' }, a.situation), head, table);
}
