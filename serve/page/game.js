// The game and its options (the Game screen). The option editor is built
// from the option specs GET /api/games returns; what the game's rules allow
// under the options chosen (its sheet, locked dice, counted rolls, the
// fields of a question, the players sixdice seats) is the server's
// listing of it (POST /api/game): the page knows no game by name.

import { api } from './api.js';
import { $, clear, el, fail } from './dom.js';

export const app = {
  games: [],
  game: null, // the chosen game's listing under its default options
  listing: null, // the chosen game under the options and house rules chosen
  options: new Map(), // option name → its value ('' for a bare flag)
};

// Screens that follow the game: each called with 'game' (another game
// chosen) or 'listing' (the options changed, and the listing with them).
const listeners = [];

export function onGameChange(listener) {
  listeners.push(listener);
}

function tell(kind) {
  for (const listener of listeners) listener(kind);
}

export function isCategory() {
  return Boolean(app.game) && app.game.family === 'category';
}

// The options as the API's `option` list (`name` or `name=value`).
export function optionList() {
  return [...app.options].map(([k, v]) => (v === '' ? k : `${k}=${v}`));
}

function rulesUsed() {
  return $('rules-use').checked && $('rules-text').value.trim() !== '';
}

// The part of every request that names the game.
export function gameFields() {
  const f = { game: app.game.id, option: optionList() };
  if (rulesUsed()) f['rules-text'] = $('rules-text').value;
  return f;
}

function optionRow(opt) {
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
}

function renderOptions() {
  const opts = app.game.options || [];
  clear($('option-list'), opts.length ? opts.map(optionRow) : el('p', { class: 'hint' }, 'This game has no options.'));
}

// Counts the listings asked for, so that an answer to an older one (the
// options changed since) is dropped.
let asked = 0;

// The options or house rules changed: the game line, then the game as
// they make it (the default listing when there are none).
export async function gameChanged() {
  const opts = optionList();
  $('game-line').textContent = `${app.game.name || app.game.id}${opts.length ? ` (${opts.join(', ')})` : ''}`;
  $('game-summary').textContent = app.game.summary || '';
  $('rules-box').hidden = isCategory();
  const mine = ++asked;
  let listing = app.game;
  if (opts.length || rulesUsed()) {
    try {
      listing = await api('POST', '/api/game', gameFields());
    } catch (e) {
      fail(e);
    }
  }
  if (mine !== asked) return;
  app.listing = listing;
  tell('listing');
}

// `options` (the API's `option` list) as [name, value] pairs, without
// those of the chosen game at their default: a choice at its default is
// no option chosen (a record or a game in play may name it).
function chosenOptions(options) {
  const isDefault = ([name, value]) => (app.game.options || []).some((o) => o.name === name && o.kind.kind === 'choice' && o.kind.default === value);
  return (options || []).map((o) => {
    const at = o.indexOf('=');
    return at < 0 ? [o, ''] : [o.slice(0, at), o.slice(at + 1)];
  }).filter((kv) => !isDefault(kv));
}

// Whether game `id` under `options` (a game in play's) is the game and
// options chosen here: its sheets then fit this screen's question.
export function isChosen(id, options) {
  if (!app.game || app.game.id !== id) return false;
  const key = (pairs) => pairs.map(([k, v]) => `${k}=${v}`).sort().join(' ');
  return key(chosenOptions(options)) === key([...app.options]);
}

// Chooses game `id` with `options` (the API's `option` list, as a game
// in play names them; none: the game's defaults) and house rules as text
// (`rules`, a game in play's; none: the game's own rules), in the form too.
export function chooseGame(id, options, rules) {
  app.game = app.games.find((g) => g.id === id) || app.games[0];
  app.listing = app.game;
  app.options = new Map(chosenOptions(options));
  $('game-select').value = app.game.id;
  $('rules-use').checked = Boolean(rules);
  $('rules-text').value = rules || '';
  localStorage.setItem('sixdice-game', app.game.id);
  renderOptions();
  tell('game');
  return gameChanged();
}

async function loadRulesText() {
  try {
    const r = await api('POST', '/api/rules', { game: app.game.id, option: optionList() });
    $('rules-text').value = r.toml;
  } catch (e) {
    fail(e);
  }
}

// The games, then the Game screen's listeners; resolves once a game is
// chosen (the one chosen last time on this device, else the first
// push-your-luck game listed: dice at a table are more often those).
export async function startGames() {
  app.games = await api('GET', '/api/games');
  const select = $('game-select');
  clear(select, app.games.map((g) => el('option', { value: g.id }, `${g.name || g.id} (${g.family === 'category' ? 'score sheet' : 'push your luck'})`)));
  const saved = app.games.find((g) => g.id === localStorage.getItem('sixdice-game'));
  select.value = (saved || app.games.find((g) => g.family === 'push-luck') || app.games[0]).id;
  select.addEventListener('change', () => chooseGame(select.value));
  $('rules-load').addEventListener('click', loadRulesText);
  $('rules-use').addEventListener('change', gameChanged);
  await chooseGame(select.value);
}
