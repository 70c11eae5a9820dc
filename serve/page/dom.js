// Elements and the status line: the small helpers every screen uses.

export const $ = (id) => document.getElementById(id);

// el('p', {class: 'x'}, 'text', child…): attributes starting with "on" are
// listeners; a null/false attribute is left out; children may be strings.
export function el(tag, attrs, ...children) {
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

export function clear(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

export function showStatus(text, isError) {
  const s = $('status');
  s.textContent = text;
  s.classList.toggle('error', Boolean(isError));
  s.hidden = !text;
}

export function fail(err) {
  showStatus(err.message || String(err), true);
}

// Draws again with `draw`, keeping the focus where the person left it: a
// redraw replaces the controls, so the one focused is found again by its
// `data-key` (or id) in the new ones; where that control is gone (or off),
// `fallback()` names the one to focus instead. Without this a tap on a
// die or a typed face would leave the focus on the page's body.
export function keepFocus(draw, fallback) {
  const was = document.activeElement;
  const key = was && was !== document.body ? (was.dataset.key || was.id) : '';
  draw();
  if (!key || document.contains(was)) return;
  const found = document.querySelector(`[data-key="${CSS.escape(key)}"]`) || document.getElementById(key);
  const target = found && !found.disabled && !found.closest('[hidden]') ? found : fallback && fallback();
  if (target) target.focus({ preventScroll: true });
}

// Scrolls `node` into view below the sticky header (it may have opened
// below the fold on a phone): its top where it is taller than the screen,
// else just enough to show it whole.
export function bringIntoView(node) {
  const r = node.getBoundingClientRect();
  const top = document.querySelector('header').getBoundingClientRect().bottom;
  if (r.top >= top && r.bottom <= window.innerHeight) return;
  node.scrollIntoView({ block: r.height > window.innerHeight - top ? 'start' : 'end' });
}
