// Play: a whole game on one device. The server plays sixdice's seats and
// rolls the dice (or takes typed ones); the page shows the table, offers
// the legal plays as dice to tap, and keeps the hint hidden until asked.
// What happened is said in the session's own sentences.

import { api } from './api.js';
import { renderAdvice } from './advice.js';
import { renderBoard, renderSheets, typedDicePad } from './board.js';
import { $, bringIntoView, clear, el, fail, keepFocus, showStatus } from './dom.js';
import { farkleWords } from './farkle.js';
import { chooseGame, gameFields, onGameChange } from './game.js';
import { runReview } from './review.js';
import { playersField, refreshSeats, seatsQuestion, startSeats } from './seats.js';
import { follow, mySeat, setMySeat, showJoin, unfollow } from './follow.js';
import { fmtValue, objectiveName, pct } from './format.js';
import { askCorrection, pointsEntry, renderScoreTable } from './scorepad.js';

// `step` counts the states shown, so a person (or a test) can tell a new
// state from the last one.
// `logAt`: the log's length when each position was shown, so that a game
// taken back to a position (an undo, from any phone) takes its log back.
// `farkles`: the farkles of dice rolled in the last move, in words.
const play = { state: null, choices: [], picked: [], locked: [], typed: [], log: [], logAt: new Map(), step: 0, farkles: [], estimate: null };

// The game this page shows (its state as last received; the stream keeps
// it fresh on every screen), or null: the Advise screen takes the other
// seats' sheets from it.
export const gameInPlay = () => play.state;

const path = (suffix) => `/api/play/${encodeURIComponent(play.state.id)}${suffix}`;

async function startPlay(ev) {
  ev.preventDefault();
  const asked = seatsQuestion();
  if (asked && (asked.stop || !window.confirm(asked.text))) {
    if (asked.stop) showStatus(asked.text, true);
    return;
  }
  const req = { ...gameFields(), players: playersField(), 'dice-from-me': $('play-typed').checked };
  // Typed dice have no seed (the server refuses one).
  const seed = $('play-seed').value.trim();
  if (seed !== '' && !req['dice-from-me']) req.seed = Number(seed);
  try {
    play.log = [];
    play.logAt.clear();
    await showPlay(await api('POST', '/api/play', req));
    await estimateNow();
  } catch (e) {
    fail(e);
  }
}

// Where no exact table gives the chances (the state's `estimated`), every
// player's P(win) is estimated by rollouts at the start of each turn (two
// seconds on the server): asked by the phone that made the move, kept in
// the score table and sent to every phone following the game.
async function estimateNow() {
  const st = play.state;
  if (!st || !st.estimated || st.over || st.view.last_turns) return;
  const last = st.turns[st.turns.length - 1];
  if (last && last.estimates) return;
  if (!last && play.estimate && play.estimate.id === st.id) return;
  $('play-estimating').hidden = false;
  try {
    const a = await api('POST', path('/estimate'), {});
    play.estimate = { id: a.id, position: a.position, ...a.estimate };
    await receive(a);
    renderPlay();
  } finally {
    $('play-estimating').hidden = true;
  }
}

// One line of the log for each event: its sentence, and a person's
// decision judged (the best play, the only one, or what it cost).
function eventLine(e) {
  if (e.event !== 'decided' || play.state.view.seats[e.seat].computer) return e.text;
  const cls = e.loss > 0 ? 'verdict-cost' : 'verdict-best';
  return el('span', { class: cls }, `${e.text} — ${e.verdict}`);
}

// The game in play is kept in the address (a link to bookmark or share)
// and in the browser's storage: a reload comes back to it.
const KEPT = 'sixdice-play';

function remember(id) {
  localStorage.setItem(KEPT, id);
  if (location.hash.startsWith('#play')) history.replaceState(null, '', `#play/${id}`);
}

function forget() {
  localStorage.removeItem(KEPT);
  if (location.hash.startsWith('#play/')) history.replaceState(null, '', '#play');
}

// A state from this phone's own request or from the event stream: shown
// unless it is one already shown (the stream and the answer to a move
// both bring the move's state).
function receive(state, note) {
  const now = play.state;
  if (now && now.id === state.id && state.version <= now.version) {
    // Shown already (the stream was first): this phone's own note still.
    if (note && state.version === now.version) {
      play.log.push(note);
      play.logAt.set(state.position, play.log.length);
      renderLog();
    }
    return Promise.resolve();
  }
  // The same position again (a stream that reconnected after a restart of
  // the server): nothing changed, so nothing is drawn again, and dice half
  // typed or tapped stay as they are.
  if (now && now.id === state.id && state.position === now.position && !(state.events || []).length && !note
    && JSON.stringify(state.turns) === JSON.stringify(now.turns)) {
    play.state = { ...now, version: state.version };
    return Promise.resolve();
  }
  return showPlay(state, note);
}

// The log, newest first; only its newest line is said to screen readers.
function renderLog() {
  clear($('play-log'), play.log.slice().reverse().map((l) => el('li', {}, l)));
  const last = play.log[play.log.length - 1];
  const said = last === undefined ? '' : (last instanceof Node ? last.textContent : String(last));
  if ($('play-said').textContent !== said) $('play-said').textContent = said;
}

async function showPlay(state, note) {
  const before = play.state && play.state.id === state.id ? play.state : null;
  play.state = state;
  play.farkles = farkleWords(before, state);
  remember(state.id);
  follow(state.id, (st) => receive(st).catch(fail));
  play.picked = [];
  play.locked = [];
  play.typed = [];
  play.choices = [];
  $('play-setup').hidden = true;
  $('play-game').hidden = false;
  $('play-hint-out').hidden = true;
  $('play-correct').hidden = true;
  $('play-hint').setAttribute('aria-expanded', 'false');
  const back = play.logAt.get(state.position);
  if (back !== undefined) play.log.length = back;
  if (note) play.log.push(note);
  for (const e of state.events || []) play.log.push(eventLine(e));
  // Said last, so that a screen reader says it (the newest line).
  play.log.push(...play.farkles);
  play.logAt.set(state.position, play.log.length);
  renderLog();
  $('play-record').href = path('/record');
  $('play-undo').disabled = !state.can_undo;
  const p = state.prompt;
  const person = p.seat !== undefined && !state.view.seats[p.seat].computer;
  const asks = person && (p.prompt === 'decide' || p.prompt === 'offer');
  $('play-hint').disabled = !asks;
  if (asks) play.choices = await api('GET', path('/choices'));
  // Dice locked on an earlier roll stay locked (every play keeps them):
  // they come picked and cannot be untapped.
  if (p.prompt === 'decide') {
    const left = [...(p.locked || [])];
    p.dice.forEach((f, i) => {
      const j = left.indexOf(f);
      if (j < 0) return;
      left.splice(j, 1);
      play.picked[i] = true;
      play.locked[i] = true;
    });
  }
  renderPlay();
  // The table of turns changes with the state only (not at each die tapped).
  renderScoreTable(state, (t) => askCorrection(t, correct));
  $('play-game').dataset.step = String(++play.step);
}

function sameDice(a, b) {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

// The legal play for the picked dice and what follows ("roll", "bank",
// "keep", "lock"), if there is one.
function pickedChoice(then) {
  const dice = play.state.prompt.dice.filter((_, i) => play.picked[i]);
  return play.choices.find((c) => {
    const d = c.decision;
    if (then === 'roll' || then === 'bank') return d.action === 'set-aside' && d.then === then && sameDice(d.dice, dice);
    return d.action === then && sameDice(d.dice, dice);
  });
}

// A roll is due: typed at the table, or rolled here (near an exact goal,
// with how many of the dice).
function rollPrompt(st, parts, buttons) {
  const p = st.prompt;
  const who = st.view.seats[p.seat];
  if (st.dice_from_me) {
    const n = st.computer_dice || p.dice;
    parts.push(el('p', {}, `${who.player}: type the ${n} dice rolled`), ...typedDicePad(play.typed, n, renderPlay));
    buttons.push(el('button', { type: 'button', class: 'primary', id: 'play-enter', disabled: play.typed.length === 0, onclick: () => roll({ dice: play.typed.join('') }) }, 'Enter this roll'));
    pointsEntry(st, buttons, score);
    return;
  }
  if (p.fewer) {
    const sel = el('select', { id: 'play-count', 'aria-label': 'How many dice to roll' },
      Array.from({ length: p.dice }, (_, i) => el('option', { value: i + 1, selected: i + 1 === p.dice }, `${i + 1}`)));
    parts.push(el('label', {}, 'Dice to roll (keep the others for later)', sel));
  }
  buttons.push(el('button', { type: 'button', class: 'primary', id: 'play-roll', onclick: () => {
    const n = p.fewer ? Number($('play-count').value) : p.dice;
    roll(n !== p.dice ? { count: n } : {});
  } }, `${who.player}: roll ${p.dice} ${p.dice === 1 ? 'die' : 'dice'}`));
}

// A roll to decide on: the dice to tap, then the ways on the legal plays
// offer (set aside and roll on or bank; keep; lock; a box of the sheet).
function decidePrompt(st, parts, buttons) {
  const p = st.prompt;
  const acts = new Set(play.choices.map((c) => c.decision.action || c.decision.decision));
  const stake = st.view.turn ? st.view.turn.at_stake : 0;
  parts.push(acts.has('farkle')
    ? el('p', { class: 'farkle-note', id: 'play-farkle-note' }, el('strong', {}, 'Farkle! '),
      `Nothing in ${p.player}'s roll scores: ${stake ? `the ${stake} points at stake are lost` : 'this turn scores nothing'}. Pass the dice to the next player.`)
    : el('p', {}, `${p.player} rolled: tap the dice to ${acts.has('set-aside') ? 'set aside.' : acts.has('lock') ? 'lock.' : 'keep.'}`));
  parts.push(el('div', { class: 'dice', id: 'play-dice', role: 'group', 'aria-label': 'The roll' }, p.dice.map((f, i) => el('button', {
    type: 'button', class: `die${play.locked[i] ? ' locked' : ''}`, 'data-face': f, 'data-key': `die-${i}`, 'aria-pressed': String(Boolean(play.picked[i])),
    'aria-label': `Die ${i + 1}: a ${f}${play.locked[i] ? ', locked' : ''}`, disabled: acts.has('farkle') || play.locked[i],
    onclick: () => { play.picked[i] = !play.picked[i]; renderPlay(); },
  }, String(f)))));
  const act = (label, id, then) => el('button', { type: 'button', class: 'primary', id, onclick: () => {
    const c = pickedChoice(then);
    if (c) decide(c.words);
    else showStatus(`Those dice cannot be ${then === 'keep' ? 'kept' : then === 'lock' ? 'locked' : 'set aside'} that way: tap the dice of a legal play.`, true);
  } }, label);
  if (acts.has('farkle')) {
    const c = play.choices.find((x) => x.decision.action === 'farkle');
    buttons.push(el('button', { type: 'button', class: 'primary', id: 'play-farkle', onclick: () => decide(c.words) }, 'Pass the dice'));
  }
  if (acts.has('set-aside')) {
    buttons.push(act('Set aside, roll on', 'play-roll-on', 'roll'));
    buttons.push(act('Set aside, bank', 'play-bank', 'bank'));
  }
  if (acts.has('keep')) buttons.push(act('Keep these, roll the rest', 'play-keep', 'keep'));
  if (acts.has('lock')) buttons.push(act('Lock these, roll the rest', 'play-lock', 'lock'));
  if (acts.has('score')) parts.push(el('p', { class: 'hint' }, `Or write this roll in a box of ${p.player}'s sheet:`));
}

// "This phone is": the seats to choose from, and this phone's seat said
// first with its value.
function renderMe(st, parts) {
  const me = mySeat(st.id);
  const sel = $('play-me');
  clear(sel, el('option', { value: '', selected: me === null }, 'anyone (a shared phone)'),
    st.view.seats.map((s, i) => el('option', { value: i, selected: me === i }, s.player)));
  const seat = me !== null ? st.view.seats[me] : null;
  if (seat) parts.push(el('p', { class: 'me-line' }, `This phone: ${seat.player} · ${seat.total} points · ${objectiveName(st.view.objective)}: ${fmtValue(st.view.objective, seat.value)}`));
}

// Every seat's chance now, where it is estimated by rollouts: the last
// turn's estimate (or, before the first turn, the game's first), each with
// its 95% interval.
function chancesNow(st) {
  if (!st.estimated) return null;
  const last = st.turns[st.turns.length - 1];
  const first = !last && play.estimate && play.estimate.id === st.id ? play.estimate.seats : null;
  const seats = last ? last.estimates : first;
  if (!seats) return null;
  const count = play.estimate && play.estimate.position === st.position ? ` by ${play.estimate.rollouts.toLocaleString('en')} rollouts` : '';
  return el('div', { class: 'chances-now', id: 'play-chances' },
    el('p', {}, `Chances to win now, estimated${count} (95% intervals):`),
    el('ul', {}, st.view.seats.map((s, i) => el('li', {},
      el('span', { class: 'who' }, s.player), ' ', el('strong', {}, pct(seats[i].estimate)),
      ' ', el('span', { class: 'interval' }, `${pct(seats[i].low)}–${pct(seats[i].high)}`)))));
}

// Where the focus goes when the control it was on is gone after a redraw
// (a roll entered, a decision made): the first action of the new state.
function firstAction() {
  return document.querySelector('#play-actions button:not(:disabled), #play-turn button:not(:disabled), #play-turn input');
}

function renderPlay() {
  keepFocus(drawPlay, firstAction);
}

function drawPlay() {
  const st = play.state;
  const v = st.view;
  const p = st.prompt;
  renderBoard(v, mySeat(st.id));
  const parts = [];
  const buttons = [];
  renderMe(st, parts);
  // What the values are, where a game of several is not judged by the
  // chance to win: the library's sentence.
  if (st.judging) parts.push(el('p', { class: 'hint', id: 'play-judging' }, st.judging));
  // Where the chances are exact over the states a game from the start
  // reaches (no whole table fits): the library's sentence.
  if (st.exact_from) parts.push(el('p', { class: 'hint', id: 'play-exact-from' }, `Chances to win: ${st.exact_from}.`));
  // How sixdice's optimal seats play where the chances are estimated.
  if (st.optimal_plays) parts.push(el('p', { class: 'hint', id: 'play-optimal' }, `${st.optimal_plays}.`));
  const chances = chancesNow(st);
  if (chances) parts.push(chances);
  // A farkle the last move rolled passed the turn at once: said plainly
  // while the next player's turn is on.
  if (play.farkles.length) parts.push(el('div', { class: 'farkle-note', id: 'play-farkled-note' }, play.farkles.map((f) => el('p', {}, f))));
  const sheets = v.seats.some((s) => s.sheet);
  if (v.turn && !v.over) {
    parts.push(el('p', {}, `Roll ${v.turn.roll}` + (sheets ? '' : ` · ${v.turn.at_stake} at stake`) + (v.turn.kept.length ? ` · kept ${v.turn.kept.join(',')}` : '')));
  }
  if (v.last_turns) parts.push(el('p', { class: 'hint' }, `${v.seats[v.last_turns.leader].player} reached ${v.last_turns.leader_total}: the others' last turns.`));
  if (p.prompt === 'over') {
    parts.push(el('p', { class: 'best', id: 'play-over' }, 'The game is over. Download the record or review it.'));
  } else if (p.prompt === 'roll') {
    rollPrompt(st, parts, buttons);
  } else if (p.prompt === 'offer') {
    parts.push(el('p', {}, `${p.player}: the previous player left ${p.dice} dice with ${p.points} points.`));
    buttons.push(el('button', { type: 'button', class: 'primary', onclick: () => decide('take') }, `Take ${p.dice} dice and ${p.points} points`));
    buttons.push(el('button', { type: 'button', onclick: () => decide('fresh') }, 'Start fresh'));
  } else if (p.prompt === 'decide') {
    decidePrompt(st, parts, buttons);
  }
  // Every seat's sheet, from the turn's first roll on.
  parts.push(renderSheets(v, p.prompt === 'decide' ? play.choices.filter((c) => c.decision.action === 'score') : [], decide));
  clear($('play-turn'), parts);
  clear($('play-actions'), buttons);
}

// A move, said to be made at the position this phone shows: if another
// phone moved first, the server refuses it and sends the game as it is.
async function playCall(method, suffix, body, note) {
  try {
    await receive(await api(method, path(suffix), { ...body, position: play.state.position }), note);
    await estimateNow();
  } catch (e) {
    if (e.state) await receive(e.state).catch(() => {});
    fail(e);
  }
}

const roll = (body) => playCall('POST', '/roll', body);
const decide = (words) => playCall('POST', '/decide', { decision: words });
const score = (points) => playCall('POST', '/score', { points });
const correct = (turn, points) => playCall('POST', '/score', { turn, points }, `Turn ${turn} corrected to ${points} points.`);

async function showHint() {
  const out = $('play-hint-out');
  try {
    const a = await api('GET', path('/hint'));
    out.className = 'hint-box';
    // Against the other sheets (a score-sheet game to win), those are the
    // other seats', in seat order.
    const seat = play.state.prompt.seat;
    renderAdvice(a, out, 5, play.state.view.seats.filter((_, i) => i !== seat).map((s) => s.player));
    const best = (a.alternatives || [])[0];
    if (best && best.set_aside) {
      out.dataset.dice = best.set_aside.join(',');
      out.dataset.then = best.then;
    }
    out.hidden = false;
    $('play-hint').setAttribute('aria-expanded', 'true');
    // On a phone the hint opens below the fold: brought up to be read.
    bringIntoView(out);
  } catch (e) {
    fail(e);
  }
}

async function reviewPlayed() {
  try {
    $('review-text').value = await api('GET', path('/record'));
    location.hash = '#review';
    await runReview(play.state.rules_text || null);
  } catch (e) {
    fail(e);
  }
}

// Back to the set-up: the game stays kept on the server, listed there to
// continue, review or delete.
function newGame() {
  if (play.state && !play.state.over && !window.confirm('This game is not over. Leave it? (It stays kept on the server, listed under the set-up.)')) return;
  play.state = null;
  unfollow();
  forget();
  $('play-game').hidden = true;
  $('play-setup').hidden = false;
  listKept();
}

// Opens game `id` (from the address, storage or the list).
async function openGame(id) {
  const state = await api('GET', `/api/play/${encodeURIComponent(id)}`);
  // The game's options and house rules go back into the Game screen's
  // form too.
  chooseGame(state.view.game.id, state.view.game.options, state.rules_text);
  play.log = [];
  play.logAt.clear();
  await showPlay(state, 'Back to this game.');
}

async function listKept() {
  let games = [];
  try {
    games = await api('GET', '/api/play');
  } catch (e) {
    fail(e);
  }
  $('play-kept').hidden = games.length === 0;
  clear($('play-kept-list'), games.map((g) => el('li', {},
    `${g.game}${g.option.length ? ` (${g.option.join(', ')})` : ''}: ${g.players.join(', ')} · ${g.turns} turns${g.over ? ' · over' : ''} `,
    el('button', { type: 'button', onclick: () => openGame(g.id).catch(fail) }, g.over ? 'Open' : 'Continue'),
    el('button', { type: 'button', onclick: () => api('DELETE', `/api/play/${encodeURIComponent(g.id)}`).then(listKept, fail) }, 'Delete'),
  )));
}

// At start: the game of the address, else the one this browser played.
async function restore() {
  const fromHash = location.hash.match(/^#play\/([0-9a-f]{16})$/);
  const id = fromHash ? fromHash[1] : localStorage.getItem(KEPT);
  if (id) {
    try {
      await openGame(id);
      return;
    } catch (e) {
      forget();
      if (fromHash) fail(e);
    }
  }
  listKept();
}

export function startPlaying() {
  startSeats();
  onGameChange(refreshSeats);
  $('play-setup').addEventListener('submit', startPlay);
  $('play-typed').addEventListener('change', () => { $('play-seed').disabled = $('play-typed').checked; });
  $('play-hint').addEventListener('click', showHint);
  $('play-undo').addEventListener('click', () => playCall('POST', '/undo', {}, 'Undone: back before the last decision.'));
  $('play-review').addEventListener('click', reviewPlayed);
  $('play-new').addEventListener('click', newGame);
  $('play-me').addEventListener('change', () => {
    const v = $('play-me').value;
    setMySeat(play.state.id, v === '' ? null : Number(v));
    renderPlay();
  });
  $('play-join').addEventListener('toggle', () => {
    if ($('play-join').open && play.state) showJoin(play.state.id, $('play-join-out')).catch(fail);
  });
  restore();
}
