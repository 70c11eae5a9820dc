// A game whose whole table takes hours to solve (its listing's
// `long_solve`) may have no table on this server: then a game of it, and
// advice at its early positions, are refused. That is said before anything
// is started, with how long the table takes and the command that makes it
// (the listing's `long_solve_seconds` and `solve_command`), and the game's
// options whose tables solve quickly, each a tap away. Whether the table is
// here is the server's listing of the game (`POST /api/game`'s
// `table_present`). The page names no game: all of it comes from the
// listings.

import { $, clear, el } from './dom.js';
import { app, chooseGame, gameFields, onGameChange, optionList } from './game.js';

// The boxes the note is shown in (the Game, Advise and Play screens).
const BOXES = ['long-note-game', 'long-note-advise', 'long-note-play'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A job's end, polled quietly (at most a minute: a listing is quick).
async function jobEnd(id) {
  for (let i = 0; i < 120; i++) {
    await sleep(500);
    const j = await (await fetch(`/api/jobs/${encodeURIComponent(id)}`)).json();
    if (j.state === 'done') return { ok: true, status: 200, body: j.result };
    if (j.state === 'failed') return { ok: false, status: j.status, body: j };
  }
  return { ok: false, status: 0, body: null };
}

// A request whose answer is looked at, not shown: neither the status line
// (an error the person is reading stays) nor the progress bar is touched.
// `{ok, status, body}`.
async function probe(path, body) {
  try {
    const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const json = await res.json().catch(() => null);
    if (res.status === 202 && json && json.job) return await jobEnd(json.job);
    return { ok: res.ok, status: res.status, body: json };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}

// The options, one changed, that make the game's table quick to solve:
// each other choice of a choice option, asked of the listing.
async function quickOptions() {
  const chosen = optionList();
  const tries = [];
  for (const o of app.game.options || []) {
    if (o.kind.kind !== 'choice') continue;
    const now = app.options.has(o.name) ? app.options.get(o.name) : o.kind.default;
    const others = chosen.filter((x) => x !== o.name && !x.startsWith(`${o.name}=`));
    for (const c of o.kind.choices) {
      if (c !== now) tries.push(c === o.kind.default ? others : [...others, `${o.name}=${c}`]);
    }
  }
  const found = [];
  for (const option of tries.slice(0, 8)) {
    const r = await probe('/api/game', { ...gameFields(), option });
    if (r.ok && r.body && !r.body.long_solve) found.push({ option, title: r.body.title });
  }
  return found;
}

// A solve's time for people, as the library words it: `40 s`, `6 min`,
// `5.3 hours`.
function about(seconds) {
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} hours`;
}

// The note, or null where there is nothing to say.
async function note() {
  let listing = app.listing;
  if (!listing || !listing.long_solve) return null;
  // The listing of every game (GET /api/games) knows no tables directory:
  // this server's listing of the game says whether its table is here.
  if (listing.table_present === undefined) {
    const r = await probe('/api/game', gameFields());
    if (r.ok && r.body) listing = r.body;
  }
  // Not known (the server did not answer): nothing said, nothing held back.
  if (typeof listing.table_present !== 'boolean' || listing.table_present) return null;
  return { listing, quick: await quickOptions() };
}

function render(n, id) {
  const title = app.listing.title || app.listing.name;
  const use = (q) => el('button', { type: 'button', class: 'quick', 'data-key': `${id}-${q.option.join(',')}`,
    onclick: () => chooseGame(app.game.id, q.option) }, `Use ${q.title}`);
  return [
    el('p', {}, el('strong', {}, `${title}: its whole table is not on this server,`),
      ' so a game of it is refused here, and so is advice at its early positions.'),
    el('p', { class: 'long-words' },
      n.listing.long_solve_seconds ? `Its whole solve takes about ${about(n.listing.long_solve_seconds)} of 2 cores: ` : 'Its whole solve takes hours: ',
      el('code', {}, n.listing.solve_command), ' makes it on the server.'),
    n.quick.length ? el('p', {}, 'These rules solve quickly:') : null,
    n.quick.length ? el('div', { class: 'actions' }, n.quick.map(use)) : null,
  ];
}

// Counts the checks started: an older one's answer is dropped.
let asked = 0;

async function check() {
  const mine = ++asked;
  for (const id of BOXES) $(id).hidden = true;
  const n = await note();
  if (mine !== asked) return;
  for (const id of BOXES) {
    if (n) clear($(id), render(n, id));
    $(id).hidden = !n;
  }
  // A game that would be refused is not started.
  $('play-start').disabled = Boolean(n);
  if (n) $('play-start').setAttribute('aria-describedby', 'long-note-play');
  else $('play-start').removeAttribute('aria-describedby');
}

export function startLongSolve() {
  onGameChange((kind) => {
    if (kind === 'listing') check();
  });
}
