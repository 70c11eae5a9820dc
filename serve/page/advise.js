// Advise: tap faces to enter a roll, the position around it, the ranked
// plays from POST /api/advise. Which fields a position has comes from the
// game's listing: the sheet's boxes, locked dice, the roll of the turn.

import { api } from './api.js';
import { renderAdvice } from './advice.js';
import { $, clear, el, fail, showStatus } from './dom.js';
import { app, gameFields, isCategory, onGameChange } from './game.js';
import { clearOthersError, layoutOthers, otherSheets, othersAsked, showOthersError, startOthers } from './others.js';

// `others`: the other players' sheets of the question last sent (what to
// call each in the answer, which row a refusal names).
const advise = { dice: [], locked: [], sheetShown: null, others: null };

// The fields only a house rule gives a meaning (the penalty's farkles in a
// row, Van't Hof's 1s, piggyback's leftover), with their inputs.
const HOUSE_FIELDS = [['farkles', 'advise-farkles'], ['opponent-farkles', 'advise-ofarkles'], ['ones', 'advise-ones'],
  ['leftover', 'advise-leftover'], ['inherited', 'advise-inherited']];
// Fields of the turn where the rules count rolls (Yahtzix) or let dice be
// kept back near an exact goal: shown beside the points at stake.
const TURN_FIELDS = [['roll', 'advise-plroll'], ['held', 'advise-held']];

// Whether the game's rules, as chosen, take `field` in a question.
const takes = (field) => Boolean(app.listing) && app.listing.advise_fields.includes(field);

// Dice are locked between rolls where the rules lock them.
function lockable() {
  return Boolean(app.listing && app.listing.locked_dice) && Number($('advise-roll').value) > 1;
}

function renderDice() {
  const locks = lockable();
  $('advise-lock-hint').hidden = !locks;
  clear($('advise-dice'), advise.dice.map((face, i) => {
    const die = el('button', {
      type: 'button', class: `die${advise.locked[i] ? ' locked' : ''}`, 'data-index': i,
      'aria-label': `Die ${i + 1}: a ${face}${advise.locked[i] ? ', locked' : ''}. Tap to take it out`,
      onclick: () => {
        advise.dice.splice(i, 1);
        advise.locked.splice(i, 1);
        renderDice();
      },
    }, String(face));
    if (!locks) return die;
    const lock = el('button', {
      type: 'button', class: 'lock', 'aria-pressed': String(Boolean(advise.locked[i])),
      'aria-label': `Lock die ${i + 1} (a ${face})`,
      onclick: () => {
        advise.locked[i] = !advise.locked[i];
        renderDice();
      },
    }, advise.locked[i] ? 'locked' : 'lock');
    return el('div', { class: 'die-wrap' }, die, lock);
  }));
}

// The score sheet of the game as its options make it (the listing's
// boxes), one field a box; drawn again only when the boxes change.
function renderSheet() {
  const boxes = ((app.listing && app.listing.sheet) || { boxes: [] }).boxes.map((b) => b.name);
  const key = boxes.join(' ');
  if (advise.sheetShown === key) return;
  advise.sheetShown = key;
  clear($('advise-sheet'), boxes.map((name) => el('label', { class: 'box-field' }, name,
    el('input', { type: 'text', 'data-box': name, placeholder: 'open', autocomplete: 'off', 'aria-label': `${name}: points written, x if crossed out, blank if open` }))));
}

function layout(kind) {
  const cat = isCategory();
  $('advise-luck').hidden = cat;
  $('advise-cat').hidden = !cat;
  const rolls = app.listing && app.listing.rolls;
  // The roll of the turn: the sheet's (category) or the turn's (Yahtzix).
  if (rolls) $('advise-roll').max = $('advise-plroll').max = rolls;
  const players = Number($('advise-players').value);
  // One total a player after you, in turn order.
  for (let k = 1; k <= 7; k++) $(`advise-opp${k}-l`).hidden = players < k + 1;
  $('advise-opp1-l').firstChild.textContent = players >= 3 ? "Next player's total " : "Opponent's total ";
  // The counters a house rule gives a meaning, with that rule only.
  for (const [field, id] of [...HOUSE_FIELDS, ...TURN_FIELDS]) $(id).closest('label').hidden = !takes(field);
  $('advise-more').hidden = !HOUSE_FIELDS.some(([field]) => takes(field));
  renderDice();
  if (cat) renderSheet();
  layoutOthers(kind);
  clear($('advise-out'));
}

function request() {
  const req = { ...gameFields(), dice: advise.dice.join(',') };
  advise.others = null;
  if (isCategory()) {
    // Other players' sheets make the question one of winning; without
    // dice it is then the chance before the turn (no roll to name).
    if (othersAsked()) {
      advise.others = otherSheets();
      req['opponent-sheet'] = advise.others.map((o) => o.text);
    }
    if (!advise.dice.length) delete req.dice;
    if (req.dice) req.roll = Number($('advise-roll').value) || 1;
    const sheet = [...document.querySelectorAll('#advise-sheet input[data-box]')]
      .filter((i) => i.value.trim() !== '')
      .map((i) => `${i.dataset.box}=${i.value.trim()}`);
    if (sheet.length) req.sheet = sheet.join(' ');
    const locked = advise.dice.filter((_, i) => advise.locked[i]);
    if (lockable() && locked.length) req.locked = locked.join(',');
    return req;
  }
  req.banked = Number($('advise-banked').value) || 0;
  const players = Number($('advise-players').value);
  // A total of 0 is a player not on the board yet (where the rules have
  // an entry threshold, a bank below it does not count).
  req.score = Number($('advise-score').value) || 0;
  if (players === 1) req.objective = 'score';
  else {
    if (players === 2) req.opponent = Number($('advise-opp1').value) || 0;
    else {
      const totals = [];
      for (let k = 1; k < players; k++) totals.push(Number($(`advise-opp${k}`).value) || 0);
      req.opponents = totals.join(',');
    }
  }
  for (const [field, id] of [...HOUSE_FIELDS, ...TURN_FIELDS]) {
    const v = Number($(id).value) || 0;
    if (v && takes(field) && (field !== 'opponent-farkles' || players === 2)) req[field] = v;
  }
  // A leftover offered is weighed instead of a roll.
  if (req.leftover) delete req.dice;
  return req;
}

async function run() {
  const noDice = takes('leftover') ? Number($('advise-leftover').value) > 0 : isCategory() && othersAsked();
  if (!advise.dice.length && !noDice) {
    showStatus('Tap the faces you rolled first.', true);
    return;
  }
  const btn = $('advise-go');
  btn.disabled = true;
  clear($('advise-out'), el('p', { class: 'hint' }, 'Asking the solver…'));
  clearOthersError();
  try {
    renderAdvice(await api('POST', '/api/advise', request()), $('advise-out'), 0, (advise.others || []).map((o) => o.name));
    // On a phone the answer is below the fold: bring the best play into
    // view, scrolling no further than that (the roll stays in sight).
    const best = document.querySelector('#advise-out .best');
    if (best) best.scrollIntoView({ block: 'nearest' });
  } catch (e) {
    clear($('advise-out'));
    // A sheet refused is said beside the rows too, where it is mended.
    if (e.field === 'opponent-sheet') showOthersError(e, advise.others);
    fail(e);
  } finally {
    btn.disabled = false;
  }
}

export function startAdvise() {
  startOthers();
  onGameChange((kind) => {
    // Another game rolls other dice: the roll entered so far goes.
    if (kind === 'game') {
      advise.dice = [];
      advise.locked = [];
    }
    layout(kind);
  });
  for (const b of document.querySelectorAll('#screen-advise .face')) {
    b.addEventListener('click', () => {
      if (advise.dice.length >= app.listing.dice) return;
      advise.dice.push(Number(b.dataset.face));
      advise.locked.push(false);
      renderDice();
    });
  }
  $('advise-players').addEventListener('change', () => layout());
  $('advise-roll').addEventListener('change', renderDice);
  $('advise-go').addEventListener('click', run);
}
