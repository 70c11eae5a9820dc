// The API: JSON in and out; long work (202 + job id) is polled with a
// progress bar and an ETA until it is done.

import { $, el, showStatus } from './dom.js';
import { fmtSeconds } from './format.js';

// `state`: a game's fresh state, when another phone moved first (409).
export class ApiError extends Error {
  constructor(message, field, state) {
    super(message);
    this.field = field || null;
    this.state = state || null;
  }
}

async function errorOf(res) {
  try {
    const e = await res.json();
    if (e.state) return new ApiError('Another phone moved first: this is the game as it is now.', e.field, e.state);
    return new ApiError(e.field ? `${e.error} (${e.field})` : e.error, e.field);
  } catch {
    return new ApiError(`The server answered ${res.status} ${res.statusText}`);
  }
}

// `onEvents`, when given, sees what a long job has told so far (a
// comparison's plan and rows) at each poll.
export async function api(method, path, body, onEvents) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  showStatus('');
  const res = await reach(path, init);
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

// A server out of reach (a phone off the network, the server restarting)
// is said in words. A GET is asked again (every 2 s, for up to ten
// minutes); a POST is not sent twice (it may have been done): it fails,
// and what was typed stays on the page to send again.
async function reach(path, init) {
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(path, init);
      if (i > 0) showStatus('');
      return res;
    } catch {
      if (init.method !== 'GET' || i >= 300) {
        throw new ApiError('The server cannot be reached: check the connection, then try again. Nothing you typed is lost.');
      }
      showStatus('The server cannot be reached: trying again…', true);
      await sleep(2000);
    }
  }
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
export async function picture(path, body, alt) {
  const svg = await api('POST', path, body);
  const text = typeof svg === 'string' ? svg : JSON.stringify(svg);
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  return el('figure', { class: 'chart' }, el('img', { src: url, alt }));
}
