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

// A chance to win, with the digits that tell close plays apart (the CLI's).
const pct4 = (v) => `${(v * 100).toFixed(4)}%`;

// A final score's distribution in a line: its mean and middle 90%.
function spread(d) {
  const at = (share, or) => (d.quantiles.find((q) => Math.abs(q.share - share) < 1e-9) || { score: or }).score;
  return `mean ${d.mean.toFixed(2)}, 90% between ${at(0.05, d.lowest)} and ${at(0.95, d.highest)}`;
}

// Playing to win against other sheets (`a.to_win`): what the chance is
// and what it assumes, the other sheets, then each play's chances beside
// those of playing for points. `names`: what to call the other sheets,
// in the order sent (else "other sheet N"); `limit`: as for renderAdvice.
function renderToWin(a, holder, limit, names) {
  const w = a.to_win;
  const exact = w.rule === 'exact';
  const name = (i) => (names && names[i]) || `Other sheet ${i + 1}`;
  const alts = a.alternatives || [];
  const best = alts[0];
  const head = best
    ? el('div', { class: 'best', 'data-best': best.description, 'data-value': best.win.chance, 'data-chance': best.win.chance, 'data-win-or-tie': best.win.win_or_tie },
      el('p', { class: 'what' }, `Best: ${best.description}`),
      el('p', { class: 'value' }, `${pct4(best.win.chance)} chance to win · ${pct4(best.win.win_or_tie)} win or tie`))
    : el('div', { class: 'best', 'data-value': a.chance, 'data-chance': a.chance, 'data-expected': a.expected_score },
      el('p', { class: 'what' }, `Chance to win from this sheet, before the turn: ${pct4(a.chance)}`),
      el('p', { class: 'value' }, `Playing for points instead: expected final score ${a.expected_score.toFixed(2)}`));
  const goal = exact
    ? `To win: a final score above ${w.to_beat}, the best other total (every other sheet is full). A tie at ${w.to_beat} is counted apart.`
    : "To win: a final score above every other player's. A tie is counted apart.";
  const others = el('ul', { class: 'others-list' }, w.opponents.map((o, i) => el('li', { 'data-finished': String(o.finished), 'data-points': o.points_so_far },
    el('strong', {}, `${name(i)}: `), o.finished ? `finished with ${o.points_so_far}` : `${o.points_so_far} so far; final score ${spread(o.distribution)}`)));
  const rival = exact ? null : el('p', { class: 'rival' }, `Best other final score: ${spread(w.best_opponent)}`);
  const num = (text) => el('th', { scope: 'col', class: 'num' }, text);
  const cell = (text) => el('td', { class: 'num' }, text);
  // The difference is the page's only sum: two of the server's chances
  // apart, in percentage points, as the CLI prints it.
  const behind = (alt) => ((alt.win.chance - best.win.chance) * 100).toFixed(4).replace('-', '\u2212');
  const row = (alt, i) => el('tr', {
    class: i === 0 ? 'is-best' : null, 'data-value': alt.win.chance, 'data-chance': alt.win.chance, 'data-win-or-tie': alt.win.win_or_tie,
    'data-points-win': alt.win.expected_play, 'data-points-tie': alt.win.expected_play_tie, 'data-expected': alt.expected_score,
  }, cell(String(i + 1)), el('td', {}, alt.description), cell(pct4(alt.win.chance)), cell(i === 0 ? 'best' : behind(alt)),
  cell(pct4(alt.win.win_or_tie)), cell(pct4(alt.win.expected_play)), cell(pct4(alt.win.expected_play_tie)), cell(alt.expected_score.toFixed(2)));
  const table = alts.length
    ? el('div', { class: 'table-wrap' }, el('table', { class: 'alternatives to-win' },
      el('caption', {}, el('span', {}, limit && alts.length > limit ? `The ${limit} best of ${alts.length} plays` : `All ${alts.length} plays, best chance to win first`)),
      el('thead', {}, el('tr', {}, num('#'), el('th', { scope: 'col' }, 'Play'), num('Chance to win'), num('From the best (percentage points)'),
        num('Win or tie'), num('Points play: win'), num('Points play: tie'), num('Expected final score'))),
      el('tbody', {}, (limit ? alts.slice(0, limit) : alts).map(row))))
    : null;
  // How the chance is reckoned, as the CLI says it.
  // Without dice there are no plays: the chance is the sheet's.
  const each = alts.length ? "Each play's chance" : 'The chance';
  const how = exact
    ? [`${each} is exact: the best chance of a final score above ${w.to_beat}, playing for that from then on.`]
    : [alts.length
      ? 'A sheet is still in play, so each play is valued by its chance to win if the best other final score were known now (its best chance of passing each score that may be, weighted by that score\'s chance). No play does better than this figure; the best play\'s chance lies between it and its points play\'s chance to win.'
      : 'A sheet is still in play, so the chance is reckoned as if the best other final score were known now (the best chance of passing each score that may be, weighted by that score\'s chance): no way of playing does better.',
    'Assumed: each sheet still in play is played for points (the best expected score), independently of the others.'];
  if (alts.length) how.push('Points play: the exact chances to win and to tie when playing for points from then on. Expected final score: that play\'s, playing for points.');
  clear(holder, el('p', { class: 'situation' }, a.situation), head, el('p', { class: 'goal' }, goal), others, rival, table,
    el('div', { class: 'how' }, how.map((t) => el('p', {}, t))));
}

// `a`'s situation, its best play and (at most `limit` of) its plays,
// into `holder`; `names`: what to call the other sheets of a question of
// winning against them.
export function renderAdvice(a, holder, limit, names) {
  if (a.to_win) return renderToWin(a, holder, limit, names);
  const alts = a.alternatives || [];
  const shown = limit ? alts.slice(0, limit) : alts;
  const best = alts[0];
  // Estimated by rollouts: each chance with its 95% interval, and how
  // far below the best each play is on the same dice.
  const r = a.rollouts;
  const span = (i) => `${(i.low * 100).toFixed(1)}–${(i.high * 100).toFixed(1)}%`;
  // Percentage points below the best, with the difference's interval
  // (on the same dice), e.g. "1.37 points below the best (−1.24 to 3.98)".
  const pp = (x) => (x * 100).toFixed(2).replace('-', '−');
  const below = (alt) => {
    const d = alt.estimate && alt.estimate.below_best;
    return d ? `${pp(d.estimate)} points below the best (95%: ${pp(d.low)} to ${pp(d.high)})` : '';
  };
  const head = a.farkle || !best
    ? el('div', { class: 'best' }, el('p', { class: 'what' }, 'A farkle: nothing in this roll scores'))
    : el('div', { class: 'best', 'data-best': playWords(best), 'data-value': best.expected_score },
      el('p', { class: 'what' }, `Best: ${playWords(best)}`),
      el('p', { class: 'value' }, r && best.estimate
        ? `${fmtValue(a.objective, best.expected_score)} (${objectiveName(a.objective)}, estimated: 95% interval ${span(best.estimate.chance)})`
        : `${fmtValue(a.objective, best.expected_score)} (${objectiveName(a.objective)})`));
  const estimate = r
    ? el('p', { class: 'hint estimate', 'data-rollouts': r.rollouts, 'data-separated': String(r.separated) },
      `Estimated by ${r.rollouts.toLocaleString('en')} rollouts (seed ${r.seed}): ${r.reason}. `
      + (r.separated === false ? 'The best two plays are not separated: either may be the better. ' : '')
      + `Every seat's play: ${r.policy}.`)
    : null;
  // Three columns at any width: an estimate's interval goes under its
  // chance, its distance below the best under the play.
  const cols = [el('th', { scope: 'col', class: 'num' }, '#'), el('th', { scope: 'col' }, 'Play'),
    el('th', { scope: 'col', class: 'num' }, r ? `${objectiveName(a.objective)} (95% interval)` : objectiveName(a.objective))];
  const cells = (alt, i) => {
    const e = r && alt.estimate;
    return [el('td', { class: 'num' }, String(i + 1)),
      el('td', {}, playWords(alt), ...(e && e.below_best ? [el('br'), el('small', { class: 'below-best' }, below(alt))] : [])),
      el('td', { class: 'num' }, fmtValue(a.objective, alt.expected_score), ...(e ? [el('br'), el('small', { class: 'interval' }, span(e.chance))] : []))];
  };
  const table = alts.length
    ? el('div', { class: 'table-wrap' }, el('table', { class: 'alternatives' },
      el('caption', {}, el('span', {}, limit && alts.length > limit ? `The ${limit} best of ${alts.length} plays` : `All ${alts.length} plays, best first`)),
      el('thead', {}, el('tr', {}, cols)),
      el('tbody', {}, shown.map((alt, i) => el('tr', { class: i === 0 ? 'is-best' : null, 'data-value': alt.expected_score }, cells(alt, i))))))
    : null;
  clear(holder, el('p', { class: 'situation' }, a.situation), head, estimate, table);
}
