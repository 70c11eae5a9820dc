// How numbers read: formatting only, every number itself is the server's.

// A value under an objective: P(win) as a percentage, points otherwise.
export function fmtValue(objective, v) {
  if (v === null || v === undefined) return '—';
  return objective === 'win' ? `${(v * 100).toFixed(2)}%` : `${v.toFixed(1)} points`;
}

// A cost: percentage points of P(win), or points.
export function fmtLoss(objective, v) {
  return objective === 'win' ? `${(v * 100).toFixed(2)} percentage points` : `${v.toFixed(1)} points`;
}

// The same, as a bare number, where a caption gives the unit.
export function fmtLossNumber(objective, v) {
  return objective === 'win' ? (v * 100).toFixed(2) : v.toFixed(1);
}

export function objectiveName(objective) {
  return { win: 'chance to win', 'turn-score': 'expected points of the turn', 'final-score': 'expected final score' }[objective] || objective;
}

export function fmtSeconds(s) {
  if (s < 60) return `${Math.max(1, Math.round(s))} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.round(s - m * 60)} s`;
}

export function pct(v) {
  return v === null || v === undefined ? '—' : `${(v * 100).toFixed(2)}%`;
}
