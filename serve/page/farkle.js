// A farkle of dice rolled passes the turn at once (the session asks
// nothing about a roll that scores nothing): the table would see only the
// next player's turn. These sentences say it plainly, with what it cost,
// from the events of the move and the state this phone showed before it.

// The points at stake when `seat`'s dice farkled, where the state shown
// before (`before`) was that seat's roll to make and nothing else passed
// between: the turn's points then are those lost. Null where not known.
function stakeLost(before, seat, first) {
  if (!before || !first || before.prompt.prompt !== 'roll' || before.view.mover !== seat || !before.view.turn) return null;
  return before.view.turn.at_stake;
}

// What a farkle cost, in words.
function lossWords(player, stake, penalty) {
  const lost = stake === null ? `${player} loses the points at stake this turn`
    : stake > 0 ? `${player} loses the ${stake} points at stake` : `${player} scores nothing this turn`;
  return penalty ? `${lost}, and a third farkle in a row costs ${penalty} more` : lost;
}

// One sentence per farkle of rolled dice among `state`'s events (a turn
// entered as 0 points is not one: the person said it). `before`: the
// state shown before, or null.
export function farkleWords(before, state) {
  const events = state.events || [];
  const out = [];
  let from = 0;
  events.forEach((e, k) => {
    if (e.event !== 'turn-over') return;
    const turn = events.slice(from, k);
    const first = from === 0;
    from = k + 1;
    const roll = turn.filter((r) => r.event === 'rolled' && r.seat === e.seat).pop();
    if (e.how.how !== 'farkle' || !roll || !roll.farkle) return;
    // Only the first turn's stake is known (a move's later farkles are
    // sixdice's seats rolling on).
    const stake = stakeLost(before, e.seat, first && turn.every((r) => r.event !== 'decided'));
    out.push(`Farkle! Nothing in ${e.player}'s roll ${roll.dice.join(' ')} scores: ${lossWords(e.player, stake, e.how.penalty)}`);
  });
  // The last one passed the turn to the player to move now.
  const v = state.view;
  const next = v.mover !== null && v.mover !== undefined && !state.over ? `; the turn passes to ${v.seats[v.mover].player}` : '';
  return out.map((s, i) => `${s}${i === out.length - 1 ? next : ''}.`);
}
