/**
 * The trigger points skills will plug into (issue 18; G6.2 card use, G8.1 damage sub-steps, G11.1 the dying one's
 * own place, G12.1 step 4, G13.7). A test hook writes each point into the game's own log (so re-run steps stay
 * exact) and may change a damage, as 裸衣 or 名士 will.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ev } from '../../src/games/guozhan/flow.ts';
import { onTrigger } from '../../src/games/guozhan/triggers.ts';
import { runGuozhanTranscript } from '../../src/games/guozhan/transcript.ts';

const FILE = 'tests/guozhan/scenarios/g10-fire-chain.txt';

test('G6.2/G8.1/G11.1/G12.1: the points fire in the rules\' order around a chained fire 杀 that kills', () => {
  const off = onTrigger((ctx, e) => {
    // Card moves and recoveries have their own order test (hooks-moves.test.ts).
    if (e.point === 'cardsMoved' || e.point === 'recovered' || e.point === 'giving') return;
    const who = 'damage' in e ? e.damage.target : 'target' in e ? e.target : 'seat' in e ? e.seat : 'user' in e ? e.user : e.judgement.seat;
    ev(ctx, 'trig', { point: e.point, who });
  });
  try {
    const s = runGuozhanTranscript(FILE).state;
    // From the 火杀 on: seats 甲 0, 乙 1, 丙 2, 丁 3.
    const rows = s.log.filter((r) => r.t === 'trig' || (r.t === 'use' && r.name === '火杀'));
    const from = rows.findIndex((r) => r.t === 'use');
    const seq = rows.slice(from + 1).map((r) => `${r.point}:${r.who}`);
    assert.deepEqual(seq, [
      // Step 3 (becomeTarget), step 4 (targetConfirmed, targeted), step 5 (cardEffect, then the 闪 request's jinkAsk).
      'cardUsed:0', 'becomeTarget:1', 'targetConfirmed:1', 'targeted:1', 'cardEffect:1', 'jinkAsk:1',
      'damageCaused:1', 'damageDetermine:1', 'damageInflicted:1', 'damageDetermineInflicted:1', 'hpDamaged:1', 'damageDone:1', 'damaged:1',
      // The spread to 丙: its HP reaches 0, its own place in the rescue round (after 甲, 乙), its death (step 4),
      // then only the source's step (丙 is dead: no "damaged").
      'damageCaused:2', 'damageDetermine:2', 'damageInflicted:2', 'damageDetermineInflicted:2', 'hpDamaged:2', 'dyingSelf:2', 'death:2', 'damageDone:2',
      'damageCaused:3', 'damageDetermine:3', 'damageInflicted:3', 'damageDetermineInflicted:3', 'hpDamaged:3', 'damageDone:3', 'damaged:3',
      'cardFinished:0',
    ]);
  } finally { off(); }
});

test('G8.1: a hook at "damage caused" changes the amount (as 裸衣 will): the chained damage carries the changed amount', () => {
  const off = onTrigger((_ctx, e) => { if (e.point === 'damageCaused' && !e.damage.chained && e.damage.card?.name === '火杀') e.damage.n += 1; });
  try {
    const s = runGuozhanTranscript(FILE).state;
    // 乙 4 − 3 = 1; the chain passes 3 (G10.2): 丙 2 − 3 < 0 dies, 丁 4 − 3 = 1.
    assert.equal(s.players[1]!.hp, 1);
    assert.equal(s.players[2]!.alive, false);
    assert.equal(s.players[3]!.hp, 1);
  } finally { off(); }
  // Without the hook the same transcript gives the scenario's numbers.
  const s = runGuozhanTranscript(FILE).state;
  assert.deepEqual([s.players[1]!.hp, s.players[3]!.hp], [2, 2]);
});
