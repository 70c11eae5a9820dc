// sixdice's page: every value shown comes from the server's JSON API (the
// same answers as the CLI's --json), so the page cannot drift from the
// solver. These modules only ask, wait and render; they compute no game
// value and know no game by name (what a game's rules allow is its
// listing). This one shows the screens and starts the others.

import { startAdvise } from './advise.js';
import { startCompare } from './compare.js';
import { $, fail, showStatus } from './dom.js';
import { startGames } from './game.js';
import { startLongSolve } from './longsolve.js';
import { startPlaying } from './play.js';
import { startReview } from './review.js';

// The address's #name picks a screen, so every screen can be linked to
// and the back button works.
const SCREENS = ['game', 'advise', 'play', 'review', 'compare'];

// A game in play adds its id (`#play/ID`): the link comes back to it.
function showScreen() {
  const asked = location.hash.slice(1).split('/')[0];
  const name = SCREENS.includes(asked) ? asked : 'game';
  for (const s of SCREENS) $(`screen-${s}`).hidden = s !== name;
  for (const a of document.querySelectorAll('nav a')) {
    if (a.dataset.screen === name) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  showStatus('');
}

async function start() {
  window.addEventListener('hashchange', showScreen);
  // The status line shows over the page (at the bottom): a tap closes it.
  $('status').addEventListener('click', () => { $('status').hidden = true; });
  // The screens listen for the game before it is chosen.
  startAdvise();
  startCompare();
  startReview();
  startLongSolve();
  try {
    await startGames();
  } catch (e) {
    fail(e);
    return;
  }
  startPlaying();
  showScreen();
  // The page's files kept for a moment the server is out of reach (only
  // where the browser allows a service worker: this machine, or https).
  if ('serviceWorker' in navigator && window.isSecureContext) navigator.serviceWorker.register('/sw.js').catch(() => {});
}

start();
