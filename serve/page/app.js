// sixdice's page: every value shown comes from the server's JSON API
// (the same answers as the CLI's --json), so the page cannot drift from the
// solver. This file only asks, waits and renders; it computes no game value.
'use strict';

// ---------------------------------------------------------------------------
// Small helpers: elements, formatting, the status line.

const $ = (id) => document.getElementById(id);

// el('p', {class: 'x'}, 'text', child…): attributes starting with "on" are
// listeners; a null/false attribute is left out; children may be strings.
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (k === 'text') node.textContent = v;
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : String(c));
  }
  return node;
}

function clear(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

// How a value under an objective reads: P(win) as a percentage, points
// otherwise. Formatting only: the number itself is the server's.
function fmtValue(objective, v) {
  if (v === null || v === undefined) return '—';
  return objective === 'win' ? `${(v * 100).toFixed(2)}%` : `${v.toFixed(1)} points`;
}

// A cost: percentage points of P(win), or points.
function fmtLoss(objective, v) {
  return objective === 'win' ? `${(v * 100).toFixed(2)} percentage points` : `${v.toFixed(1)} points`;
}

// The same, as a bare number, where a caption gives the unit.
function fmtLossNumber(objective, v) {
  return objective === 'win' ? (v * 100).toFixed(2) : v.toFixed(1);
}

function objectiveName(objective) {
  return { win: 'chance to win', 'turn-score': "expected points of the turn", 'final-score': 'expected final score' }[objective] || objective;
}

function showStatus(text, isError) {
  const s = $('status');
  s.textContent = text;
  s.classList.toggle('error', Boolean(isError));
  s.hidden = !text;
}

function fail(err) {
  showStatus(err.message || String(err), true);
}

// ---------------------------------------------------------------------------
// The API: JSON in and out; long work (202 + job id) is polled with a
// progress bar and an ETA until it is done.

class ApiError extends Error {
  constructor(message, field) {
    super(message);
    this.field = field || null;
  }
}

async function errorOf(res) {
  try {
    const e = await res.json();
    return new ApiError(e.field ? `${e.error} (${e.field})` : e.error, e.field);
  } catch {
    return new ApiError(`The server answered ${res.status} ${res.statusText}`);
  }
}

// `onEvents`, when given, sees what a long job has told so far (a
// comparison's plan and rows) at each poll.
async function api(method, path, body, onEvents) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  showStatus('');
  const res = await fetch(path, init);
  if (res.status === 202) {
    const { job } = await res.json();
    return pollJob(job, onEvents);
  }
  if (!res.ok) throw await errorOf(res);
  if (res.status === 204) return null;
  const type = res.headers.get('Content-Type') || '';
  return type.includes('json') ? res.json() : res.text();
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function fmtSeconds(s) {
  if (s < 60) return `${Math.max(1, Math.round(s))} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.round(s - m * 60)} s`;
}

// A job is polled at most this many times (every 0.5 s to 2 s: hours of
// work); a server that never finishes it then gets an error, not a spin.
const MAX_POLLS = 10000;

async function pollJob(id, onEvents) {
  const box = $('progress');
  const bar = $('progress-bar');
  const text = $('progress-text');
  box.hidden = false;
  try {
    for (let i = 0; i < MAX_POLLS; i++) {
      await sleep(Math.min(2000, 500 + i * 50));
      const res = await fetch(`/api/jobs/${encodeURIComponent(id)}`);
      if (!res.ok) throw await errorOf(res);
      const j = await res.json();
      if (j.state === 'done') return j.result;
      if (j.state === 'failed') throw new ApiError(j.field ? `${j.error} (${j.field})` : j.error, j.field);
      if (onEvents && (j.events || []).length) onEvents(j.events);
      if (j.total) {
        bar.max = j.total;
        bar.value = j.done || 0;
      } else {
        bar.removeAttribute('value');
      }
      const parts = [j.stage || 'Working'];
      if (j.total) parts.push(`${j.done || 0} of ${j.total}`);
      if (j.eta_seconds !== null && j.eta_seconds !== undefined) parts.push(`about ${fmtSeconds(j.eta_seconds)} left`);
      text.textContent = parts.join(' · ') + ((j.notes || []).length ? ` — ${j.notes[j.notes.length - 1]}` : '');
    }
    throw new ApiError('The work is taking far longer than expected; try again later');
  } finally {
    box.hidden = true;
  }
}

// An SVG picture from the server, shown as an image (never inserted as
// markup, so nothing in it runs).
async function picture(path, body, alt) {
  const svg = await api('POST', path, body);
  const text = typeof svg === 'string' ? svg : JSON.stringify(svg);
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  return el('figure', { class: 'chart' }, el('img', { src: url, alt }));
}

// ---------------------------------------------------------------------------
// The game and its options (the Game screen): the editor is built from the
// option specs GET /api/games returns.

const app = {
  games: [],
  game: null, // the chosen game's listing
  options: new Map(), // option name → its value ('' for a bare flag)
};

function renderOptions() {
  const list = $('option-list');
  const opts = app.game.options || [];
  if (!opts.length) {
    clear(list, el('p', { class: 'hint' }, 'This game has no options.'));
    return;
  }
  clear(list, opts.map((opt) => {
    const kind = opt.kind;
    const id = `opt-${opt.name}`;
    const has = app.options.has(opt.name);
    const value = app.options.get(opt.name) || '';
    const set = (v) => {
      if (v === null) app.options.delete(opt.name);
      else app.options.set(opt.name, v);
      gameChanged();
    };
    const describe = { 'aria-describedby': `${id}-help` };
    const help = el('p', { class: 'help', id: `${id}-help` }, `${opt.help} (${opt.range})`);
    let row;
    if (kind.kind === 'switch' && !kind.words.length) {
      // On or off.
      const box = el('input', { type: 'checkbox', id, checked: has, ...describe });
      box.addEventListener('change', () => set(box.checked ? '' : null));
      row = el('label', { class: 'check', for: id }, box, opt.name);
    } else if (kind.kind === 'switch' || kind.kind === 'choice') {
      // Off (or the default choice), on, or one of its words.
      const values = kind.kind === 'switch' ? [['', 'on'], ...kind.words.map((w) => [w, w])]
        : kind.choices.filter((c) => c !== kind.default).map((c) => [c, c]);
      const offLabel = kind.kind === 'switch' ? 'off' : `${kind.default} (the default)`;
      const sel = el('select', { id, ...describe }, el('option', { value: '\u0000' }, offLabel),
        values.map(([v, l]) => el('option', { value: v, selected: has && value === v }, l)));
      sel.addEventListener('change', () => set(sel.value === '\u0000' ? null : sel.value));
      row = el('div', {}, el('label', { for: id }, opt.name), sel);
    } else if (kind.default !== null && kind.default !== undefined) {
      // A number whose bare name means its default: a switch with a number.
      const box = el('input', { type: 'checkbox', id, checked: has, ...describe });
      const num = el('input', { type: 'number', id: `${id}-n`, min: kind.min, max: kind.max, value, placeholder: String(kind.default), inputmode: 'numeric', 'aria-label': `${opt.name}: its number (blank: ${kind.default})` });
      box.addEventListener('change', () => set(box.checked ? num.value : null));
      num.addEventListener('change', () => { box.checked = true; set(num.value); });
      row = el('div', { class: 'row' }, el('label', { class: 'check', for: id }, box, opt.name), num);
    } else {
      // A number that must be given.
      const input = el('input', { type: 'number', id, min: kind.min, max: kind.max, value, inputmode: 'numeric', ...describe });
      input.addEventListener('change', () => set(input.value === '' ? null : input.value));
      row = el('div', {}, el('label', { for: id }, `${opt.name} (blank: the game's own)`), input);
    }
    return el('div', { class: 'option' }, row, help);
  }));
}

// The options as the API's `option` list (`name` or `name=value`).
function optionList() {
  return [...app.options].map(([k, v]) => (v === '' ? k : `${k}=${v}`));
}

// The part of every request that names the game.
function gameFields() {
  const f = { game: app.game.id, option: optionList() };
  if ($('rules-use').checked && $('rules-text').value.trim()) f['rules-text'] = $('rules-text').value;
  return f;
}

function isCategory() {
  return app.game && app.game.family === 'category';
}

function gameChanged() {
  const opts = optionList();
  $('game-line').textContent = `${app.game.name || app.game.id}${opts.length ? ` (${opts.join(', ')})` : ''}`;
  $('game-summary').textContent = app.game.summary || '';
  $('rules-box').hidden = isCategory();
  advise.sheetBoxes = null;
  adviseLayout();
}

function chooseGame(id) {
  app.game = app.games.find((g) => g.id === id) || app.games[0];
  app.options = new Map();
  $('rules-use').checked = false;
  $('rules-text').value = '';
  localStorage.setItem('sixdice-game', app.game.id);
  // Another game rolls other dice: the roll entered so far goes.
  advise.dice = [];
  advise.locked = [];
  renderOptions();
  // The variants are the game's; options changed later keep the choice.
  renderVariants();
  gameChanged();
}

async function loadRulesText() {
  try {
    const r = await api('POST', '/api/rules', { game: app.game.id, option: optionList() });
    $('rules-text').value = r.toml;
  } catch (e) {
    fail(e);
  }
}

// ---------------------------------------------------------------------------
// Advise: tap faces to enter a roll, the position around it, the ranked
// plays from POST /api/advise.

const advise = { dice: [], locked: [], sheetBoxes: null };

function isSixHundred() {
  return app.game && app.game.id === 'sixhundred';
}

function renderAdviseDice() {
  const lockable = isSixHundred() && Number($('advise-roll').value) > 1;
  $('advise-lock-hint').hidden = !lockable;
  clear($('advise-dice'), advise.dice.map((face, i) => {
    const die = el('button', {
      type: 'button', class: `die${advise.locked[i] ? ' locked' : ''}`, 'data-index': i,
      'aria-label': `Die ${i + 1}: a ${face}${advise.locked[i] ? ', locked' : ''}. Tap to take it out`,
      onclick: () => {
        advise.dice.splice(i, 1);
        advise.locked.splice(i, 1);
        renderAdviseDice();
      },
    }, String(face));
    if (!lockable) return die;
    const lock = el('button', {
      type: 'button', class: 'lock', 'aria-pressed': String(Boolean(advise.locked[i])),
      'aria-label': `Lock die ${i + 1} (a ${face})`,
      onclick: () => {
        advise.locked[i] = !advise.locked[i];
        renderAdviseDice();
      },
    }, advise.locked[i] ? 'locked' : 'lock');
    return el('div', { class: 'die-wrap' }, die, lock);
  }));
}

function adviseLayout() {
  const cat = isCategory();
  $('advise-luck').hidden = cat;
  $('advise-cat').hidden = !cat;
  const players = Number($('advise-players').value);
  $('advise-score-l').hidden = players < 2;
  $('advise-opp1-l').hidden = players < 2;
  $('advise-opp2-l').hidden = players < 3;
  $('advise-opp1-l').firstChild.textContent = players === 3 ? "Next player's total " : "Opponent's total ";
  renderAdviseDice();
  if (cat && location.hash === '#advise') loadSheet();
  clear($('advise-out'));
}

// A category game's boxes, in sheet order. The games list names them under
// the default options; other options (a shorter card) may change them, and
// then a new session's table view lists them (the page keeps no list).
async function sheetBoxes() {
  if (!app.options.size && !$('rules-use').checked && app.game.boxes) return app.game.boxes;
  const s = await api('POST', '/api/play', { ...gameFields(), players: 'me', seed: 1 });
  api('DELETE', `/api/play/${encodeURIComponent(s.id)}`).catch(() => {});
  return s.view.seats[0].sheet.boxes.map((b) => b.name);
}

async function loadSheet() {
  if (advise.sheetBoxes) return;
  const holder = $('advise-sheet');
  clear(holder, el('p', { class: 'hint' }, 'Loading the score sheet…'));
  try {
    const boxes = await sheetBoxes();
    advise.sheetBoxes = boxes;
    clear(holder, boxes.map((name) => el('label', { class: 'box-field' }, name,
      el('input', { type: 'text', 'data-box': name, placeholder: 'open', autocomplete: 'off', 'aria-label': `${name}: points written, x if crossed out, blank if open` }))));
  } catch (e) {
    clear(holder);
    fail(e);
  }
}

function adviseRequest() {
  const req = { ...gameFields(), dice: advise.dice.join(',') };
  if (isCategory()) {
    req.roll = Number($('advise-roll').value) || 1;
    const sheet = [...document.querySelectorAll('#advise-sheet input[data-box]')]
      .filter((i) => i.value.trim() !== '')
      .map((i) => `${i.dataset.box}=${i.value.trim()}`);
    if (sheet.length) req.sheet = sheet.join(' ');
    const locked = advise.dice.filter((_, i) => advise.locked[i]);
    if (isSixHundred() && req.roll > 1 && locked.length) req.locked = locked.join(',');
    return req;
  }
  req.banked = Number($('advise-banked').value) || 0;
  const players = Number($('advise-players').value);
  if (players === 1) req.objective = 'score';
  else {
    req.score = Number($('advise-score').value) || 0;
    if (players === 2) req.opponent = Number($('advise-opp1').value) || 0;
    else req.opponents = `${Number($('advise-opp1').value) || 0},${Number($('advise-opp2').value) || 0}`;
  }
  const nonzero = [['farkles', 'advise-farkles'], ['ones', 'advise-ones']];
  if (players === 2) nonzero.push(['opponent-farkles', 'advise-ofarkles']);
  for (const [field, id] of nonzero) {
    const v = Number($(id).value) || 0;
    if (v) req[field] = v;
  }
  return req;
}

// A ranked alternative in words: category answers carry their own;
// push-your-luck ones are put together from their parts.
function playWords(alt) {
  if (alt.description) return alt.description;
  const aside = `Set aside ${alt.set_aside.join(',')} (${alt.counted_as})`;
  if (alt.instant_win) return `${aside}: an instant win`;
  if (alt.then === 'bank') return `${aside}, bank ${alt.at_stake}`;
  return `${aside}, roll ${alt.roll_dice} ${alt.roll_dice === 1 ? 'die' : 'dice'} with ${alt.at_stake} at stake`;
}

function renderAdvice(a, holder, limit) {
  const alts = a.alternatives || [];
  const shown = limit ? alts.slice(0, limit) : alts;
  const best = alts[0];
  const head = a.farkle || !best
    ? el('div', { class: 'best' }, el('p', { class: 'what' }, 'Farkle: nothing in this roll scores'))
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

async function runAdvise() {
  if (!advise.dice.length) {
    showStatus('Tap the faces you rolled first.', true);
    return;
  }
  const btn = $('advise-go');
  btn.disabled = true;
  clear($('advise-out'), el('p', { class: 'hint' }, 'Asking the solver…'));
  try {
    renderAdvice(await api('POST', '/api/advise', adviseRequest()), $('advise-out'));
    // On a phone the answer is below the fold: bring the best play into
    // view, scrolling no further than that (the roll stays in sight).
    const best = document.querySelector('#advise-out .best');
    if (best) best.scrollIntoView({ block: 'nearest' });
  } catch (e) {
    clear($('advise-out'));
    fail(e);
  } finally {
    btn.disabled = false;
  }
}

// ---------------------------------------------------------------------------
// Play: a whole game on one device. The server plays the computer seats and
// rolls the dice (or takes typed ones); the page shows the table, offers the
// legal plays as dice to tap, and keeps the hint hidden until asked.

// `step` counts the states shown, so a person (or a test) can tell a new
// state from the last one.
const play = { state: null, choices: [], picked: [], locked: [], typed: [], log: [], step: 0 };

// sixdice's players, grouped so that the closed list shows a short name.
const COMPUTERS = [['optimal', 'optimal'], ['ev', 'expected points'], ['threshold', 'bank at 350']];

function seatRow(kind, name) {
  const sel = el('select', {}, el('option', { value: 'person', selected: kind === 'person' }, 'Person'),
    el('optgroup', { label: 'sixdice' }, COMPUTERS.map(([v, l]) => el('option', { value: v, selected: v === kind }, l))));
  const nameInput = el('input', { type: 'text', value: name, autocomplete: 'off', maxlength: 24, placeholder: 'sixdice' });
  const syncName = () => { nameInput.disabled = sel.value !== 'person'; };
  sel.addEventListener('change', syncName);
  syncName();
  const row = el('div', { class: 'seat-row' },
    el('label', {}, el('span', { class: 'seat-n' }), nameInput), el('label', {}, 'Plays', sel),
    el('button', { type: 'button', class: 'seat-remove', onclick: () => { row.remove(); renumberSeats(); } }, 'Remove'));
  return row;
}

// Seat numbers (and the labels screen readers read) follow the rows left.
function renumberSeats() {
  const rows = [...document.querySelectorAll('#seat-list .seat-row')];
  rows.forEach((row, i) => {
    row.querySelector('.seat-n').textContent = `Seat ${i + 1}`;
    row.querySelector('input').setAttribute('aria-label', `Seat ${i + 1}: name`);
    row.querySelector('select').setAttribute('aria-label', `Seat ${i + 1}: who plays`);
    const remove = row.querySelector('.seat-remove');
    remove.setAttribute('aria-label', `Remove seat ${i + 1}`);
    remove.disabled = rows.length <= 1;
  });
}

function playersField() {
  return [...document.querySelectorAll('#seat-list .seat-row')].map((row) => {
    const kind = row.querySelector('select').value;
    if (kind === 'person') return row.querySelector('input').value.trim().replace(/[\s,]+/g, '-') || 'me';
    return kind === 'threshold' ? 'threshold=350' : kind;
  }).join(',');
}

async function startPlay(ev) {
  ev.preventDefault();
  const req = { ...gameFields(), players: playersField(), 'dice-from-me': $('play-typed').checked };
  // Typed dice have no seed (the server refuses one).
  const seed = $('play-seed').value.trim();
  if (seed !== '' && !req['dice-from-me']) req.seed = Number(seed);
  try {
    play.log = [];
    await showPlay(await api('POST', '/api/play', req));
  } catch (e) {
    fail(e);
  }
}

const seatName = (i) => (play.state ? play.state.view.seats[i].player : `seat ${i + 1}`);

// One line of the log for each event; the coach's verdicts come from the
// Decided events (loss 0: the best play).
function eventLine(e, objective) {
  switch (e.event) {
    case 'rolled':
      return `${e.player} rolled ${e.dice.join(',')}${e.farkle ? ': nothing scores' : ''}`;
    case 'decided': {
      const who = play.state.view.seats[e.seat];
      const base = `${e.player}: ${e.played}`;
      if (who && who.computer) return base;
      if (e.forced) return `${base} (the only play)`;
      if (e.loss <= 0) return el('span', { class: 'verdict-best' }, `${base} — the best play`);
      return el('span', { class: 'verdict-cost' }, `${base} — cost ${fmtLoss(objective, e.loss)}; best: ${e.best}`);
    }
    case 'turn-over': {
      const h = e.how;
      const what = h.how === 'bank' ? (h.counted ? `banked ${h.points}` : `banked ${h.points}, which does not count`)
        : h.how === 'farkle' ? (h.penalty ? `farkled, a penalty of ${h.penalty}` : 'farkled')
          : h.how === 'returned' ? `gave back ${h.points} inherited points`
            : h.how === 'instant-win' ? 'won at once'
              : `scored ${h.points} in ${h.category}${h.bonus ? ` and a bonus of ${h.bonus}` : ''}`;
      return `${e.player} ${what}: total ${e.total}`;
    }
    case 'game-over':
      return `Game over: ${e.winners.map(seatName).join(' and ')} ${e.winners.length > 1 ? 'win' : 'wins'} (${e.totals.join(' – ')})`;
    default:
      return JSON.stringify(e);
  }
}

async function showPlay(state, note) {
  play.state = state;
  play.picked = [];
  play.locked = [];
  play.typed = [];
  play.choices = [];
  $('play-setup').hidden = true;
  $('play-game').hidden = false;
  $('play-hint-out').hidden = true;
  $('play-hint').setAttribute('aria-expanded', 'false');
  if (note) play.log.push(note);
  for (const e of state.events || []) play.log.push(eventLine(e, state.objective));
  clear($('play-log'), play.log.slice().reverse().map((l) => el('li', {}, l)));
  $('play-record').href = `/api/play/${encodeURIComponent(state.id)}/record`;
  $('play-undo').disabled = !state.can_undo;
  const p = state.prompt;
  const person = p.seat !== undefined && !state.view.seats[p.seat].computer;
  $('play-hint').disabled = !(person && (p.prompt === 'decide' || p.prompt === 'offer'));
  if (person && (p.prompt === 'decide' || p.prompt === 'offer')) {
    play.choices = await api('GET', `/api/play/${encodeURIComponent(state.id)}/choices`);
  }
  // Six Hundred: dice locked on an earlier roll stay locked (every lock
  // play includes them), so they come picked and cannot be untapped.
  if (p.prompt === 'decide' && play.choices.some((c) => c.decision.action === 'lock') && state.view.turn) {
    const left = [...state.view.turn.kept];
    p.dice.forEach((f, i) => {
      const j = left.indexOf(f);
      if (j < 0) return;
      left.splice(j, 1);
      play.picked[i] = true;
      play.locked[i] = true;
    });
  }
  renderPlay();
  $('play-game').dataset.step = String(++play.step);
}

function renderBoard() {
  const v = play.state.view;
  clear($('play-board'), v.seats.map((s, i) => el('div', { class: `seat${v.mover === i ? ' mover' : ''}`, 'aria-current': v.mover === i ? 'step' : null },
    el('p', { class: 'name' }, `${s.player}${s.computer ? ' (sixdice)' : ''}${v.mover === i ? ' — to play' : ''}`),
    el('p', { class: 'total', 'aria-label': `${s.player}'s total: ${s.total}` }, String(s.total)),
    el('p', { class: 'meta' }, [
      s.on_board === false ? 'not on the board' : null,
      s.farkles ? `${s.farkles} farkle${s.farkles > 1 ? 's' : ''} in a row` : null,
      `${objectiveName(v.objective)}: ${fmtValue(v.objective, s.value)}`,
    ].filter(Boolean).join(' · ')))));
}

function renderSheet(seat, scoreChoices) {
  const sheet = seat.sheet;
  if (!sheet) return null;
  const byBox = new Map(scoreChoices.map((c) => [c.decision.category, c]));
  return el('div', { class: 'sheet', role: 'group', 'aria-label': `${seat.player}'s score sheet` }, sheet.boxes.map((b) => {
    const c = byBox.get(b.name);
    if (b.points !== null && b.points !== undefined) {
      return el('button', { type: 'button', class: 'box filled', disabled: true }, el('span', {}, b.name), el('span', { class: 'pts' }, String(b.points)));
    }
    if (!c) return el('button', { type: 'button', class: 'box', disabled: true }, el('span', {}, b.name), el('span', { class: 'pts' }, ''));
    return el('button', { type: 'button', class: 'box', 'data-box': b.name, 'aria-label': `Score ${c.score} in ${b.name}`, onclick: () => decide(c.words) },
      el('span', {}, b.name), el('span', { class: 'pts' }, String(c.score)));
  }));
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

function typedDicePad(count) {
  const shown = el('div', { class: 'dice', role: 'group', 'aria-label': 'The dice typed so far' },
    play.typed.map((f, i) => el('button', { type: 'button', class: 'die', 'aria-label': `Typed die ${i + 1}: a ${f}. Tap to take it out`, onclick: () => { play.typed.splice(i, 1); renderPlay(); } }, String(f))));
  const pad = el('div', { class: 'pad', role: 'group', 'aria-label': 'Type a die' },
    [1, 2, 3, 4, 5, 6].map((f) => el('button', { type: 'button', class: 'face', 'aria-label': `Type a ${f}`, onclick: () => { if (play.typed.length < count) { play.typed.push(f); renderPlay(); } } }, String(f))));
  return [pad, shown];
}

function renderPlay() {
  renderBoard();
  const st = play.state;
  const v = st.view;
  const p = st.prompt;
  const turn = $('play-turn');
  const actions = $('play-actions');
  const parts = [];
  if (v.turn && !v.over) {
    parts.push(el('p', {}, `Roll ${v.turn.roll}` + (isCategory() ? '' : ` · ${v.turn.at_stake} at stake`) + (v.turn.kept.length ? ` · kept ${v.turn.kept.join(',')}` : '')));
  }
  if (v.last_turns) parts.push(el('p', { class: 'hint' }, `${seatName(v.last_turns.leader)} reached ${v.last_turns.leader_total}: the others' last turns.`));
  const buttons = [];
  if (p.prompt === 'over') {
    parts.push(el('p', { class: 'best', id: 'play-over' }, 'The game is over. Download the record or review it.'));
  } else if (p.prompt === 'roll') {
    const who = v.seats[p.seat];
    if (st.dice_from_me) {
      parts.push(el('p', {}, `${who.player}: type the ${p.dice} dice rolled`));
      parts.push(...typedDicePad(p.dice));
      buttons.push(el('button', { type: 'button', class: 'primary', id: 'play-enter', disabled: play.typed.length === 0, onclick: () => roll({ dice: play.typed.join('') }) }, 'Enter this roll'));
    } else {
      let count = p.dice;
      if (p.fewer) {
        const sel = el('select', { id: 'play-count', 'aria-label': 'How many dice to roll' },
          Array.from({ length: p.dice }, (_, i) => el('option', { value: i + 1, selected: i + 1 === p.dice }, `${i + 1}`)));
        parts.push(el('label', {}, 'Dice to roll (keep the others for later)', sel));
        count = null;
      }
      buttons.push(el('button', { type: 'button', class: 'primary', id: 'play-roll', onclick: () => {
        const n = count === null ? Number($('play-count').value) : null;
        roll(n && n !== p.dice ? { count: n } : {});
      } }, `${who.player}: roll ${p.dice} ${p.dice === 1 ? 'die' : 'dice'}`));
    }
  } else if (p.prompt === 'offer') {
    parts.push(el('p', {}, `${p.player}: the previous player left ${p.dice} dice with ${p.points} points.`));
    buttons.push(el('button', { type: 'button', class: 'primary', onclick: () => decide('take') }, `Take ${p.dice} dice and ${p.points} points`));
    buttons.push(el('button', { type: 'button', onclick: () => decide('fresh') }, 'Start fresh'));
  } else if (p.prompt === 'decide') {
    const acts = new Set(play.choices.map((c) => c.decision.action || c.decision.decision));
    parts.push(el('p', {}, `${p.player} rolled: ` + (acts.has('farkle') ? 'nothing scores.' : 'tap the dice to ' + (acts.has('set-aside') ? 'set aside.' : acts.has('lock') ? 'lock.' : 'keep.'))));
    parts.push(el('div', { class: 'dice', id: 'play-dice', role: 'group', 'aria-label': 'The roll' }, p.dice.map((f, i) => el('button', {
      type: 'button', class: `die${play.locked[i] ? ' locked' : ''}`, 'data-face': f, 'aria-pressed': String(Boolean(play.picked[i])),
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
    if (acts.has('score')) {
      parts.push(el('p', { class: 'hint' }, 'Or write this roll in a box:'));
      parts.push(renderSheet(v.seats[p.seat], play.choices.filter((c) => c.decision.action === 'score')));
    }
  }
  if (p.prompt !== 'decide' && isCategory() && v.mover !== null && v.mover !== undefined) parts.push(renderSheet(v.seats[v.mover], []));
  clear(turn, parts);
  clear(actions, buttons);
}

async function playCall(method, suffix, body, note) {
  try {
    const s = await api(method, `/api/play/${encodeURIComponent(play.state.id)}${suffix}`, body);
    await showPlay(s, note);
  } catch (e) {
    fail(e);
  }
}

const roll = (body) => playCall('POST', '/roll', body);
const decide = (words) => playCall('POST', '/decide', { decision: words });

async function showHint() {
  const out = $('play-hint-out');
  try {
    const a = await api('GET', `/api/play/${encodeURIComponent(play.state.id)}/hint`);
    out.className = 'hint-box';
    renderAdvice(a, out, 5);
    const best = (a.alternatives || [])[0];
    if (best && best.set_aside) {
      out.dataset.dice = best.set_aside.join(',');
      out.dataset.then = best.then;
    }
    out.hidden = false;
    $('play-hint').setAttribute('aria-expanded', 'true');
  } catch (e) {
    fail(e);
  }
}

async function reviewPlayed() {
  try {
    const text = await api('GET', `/api/play/${encodeURIComponent(play.state.id)}/record`);
    $('review-text').value = text;
    location.hash = '#review';
    await runReview();
  } catch (e) {
    fail(e);
  }
}

function newGame() {
  if (play.state) api('DELETE', `/api/play/${encodeURIComponent(play.state.id)}`).catch(() => {});
  play.state = null;
  $('play-game').hidden = true;
  $('play-setup').hidden = false;
}

// ---------------------------------------------------------------------------
// Review: a record uploaded or pasted; the chart, each player's summary and
// the costliest decisions with their positions.

async function readFile() {
  const f = $('review-file').files[0];
  if (f) $('review-text').value = await f.text();
}

function positionText(d) {
  return `turn ${d.turn}, ${d.player} rolled ${d.dice.join(',')}` + (d.at_stake !== null && d.at_stake !== undefined ? ` with ${d.at_stake} at stake` : '') + `; totals ${d.totals.join(' – ')}`;
}

async function runReview() {
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

// ---------------------------------------------------------------------------
// Compare: the chosen game's default variants (and any typed one), solved
// where missing, with progress; the table and the chart.

function renderVariants() {
  const list = $('variant-list');
  const vars = app.game.compare_variants || [];
  clear(list, vars.length
    ? vars.map((v, i) => el('label', { class: 'check' }, el('input', { type: 'checkbox', 'data-variant': v, checked: i < 4 }), v))
    : el('p', { class: 'hint' }, isCategory() ? 'Compare is for push-your-luck games.' : 'No default variants: type one below.'));
  $('compare-go').disabled = isCategory();
}

function pct(v) {
  return v === null || v === undefined ? '—' : `${(v * 100).toFixed(2)}%`;
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

// ---------------------------------------------------------------------------
// Screens: the address's #name picks one, so every screen can be linked to
// and the back button works.

const SCREENS = ['game', 'advise', 'play', 'review', 'compare'];

function showScreen() {
  const name = SCREENS.includes(location.hash.slice(1)) ? location.hash.slice(1) : 'game';
  for (const s of SCREENS) $(`screen-${s}`).hidden = s !== name;
  for (const a of document.querySelectorAll('nav a')) {
    if (a.dataset.screen === name) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  showStatus('');
  if (name === 'advise' && isCategory()) loadSheet();
}

// ---------------------------------------------------------------------------
// Start: the games, then the listeners.

async function start() {
  window.addEventListener('hashchange', showScreen);
  try {
    app.games = await api('GET', '/api/games');
  } catch (e) {
    fail(e);
    return;
  }
  const select = $('game-select');
  clear(select, app.games.map((g) => el('option', { value: g.id }, `${g.name || g.id} (${g.family === 'category' ? 'score sheet' : 'push your luck'})`)));
  const saved = localStorage.getItem('sixdice-game');
  select.value = app.games.some((g) => g.id === saved) ? saved : (app.games.some((g) => g.id === 'farkle') ? 'farkle' : app.games[0].id);
  chooseGame(select.value);
  select.addEventListener('change', () => chooseGame(select.value));
  $('rules-load').addEventListener('click', loadRulesText);
  $('rules-use').addEventListener('change', gameChanged);

  for (const b of document.querySelectorAll('#screen-advise .face')) {
    b.addEventListener('click', () => {
      if (advise.dice.length >= app.game.dice) return;
      advise.dice.push(Number(b.dataset.face));
      advise.locked.push(false);
      renderAdviseDice();
    });
  }
  $('advise-players').addEventListener('change', adviseLayout);
  $('advise-roll').addEventListener('change', renderAdviseDice);
  $('advise-go').addEventListener('click', runAdvise);

  $('seat-list').append(seatRow('person', 'me'), seatRow('optimal', ''));
  renumberSeats();
  $('seat-add').addEventListener('click', () => {
    $('seat-list').append(seatRow('optimal', ''));
    renumberSeats();
  });
  $('play-setup').addEventListener('submit', startPlay);
  $('play-typed').addEventListener('change', () => { $('play-seed').disabled = $('play-typed').checked; });
  $('play-hint').addEventListener('click', showHint);
  $('play-undo').addEventListener('click', () => playCall('POST', '/undo', {}, 'Undone: back before the last decision.'));
  $('play-review').addEventListener('click', reviewPlayed);
  $('play-new').addEventListener('click', newGame);

  $('review-file').addEventListener('change', () => readFile().catch(fail));
  $('review-go').addEventListener('click', runReview);
  $('compare-go').addEventListener('click', runCompare);
  showScreen();
}

start();
