/**
 * The invariants of issue 18's random-play proof, written apart from the engine (they must not share its code):
 * every card once, HP in bounds, the dead hold nothing, kingdoms consistent with reveals, the victory check
 * neither late nor early (G16), and exactly the rules' winners at the end.
 */
import assert from 'node:assert/strict';
import { ALL_CARD_IDS, SA_CARD_IDS } from '../../src/games/guozhan/cards.ts';
import { GENERALS } from '../../src/games/guozhan/generals.ts';
import type { State } from '../../src/games/guozhan/types.ts';

const kingdomOfGeneral = (id: string) => GENERALS[id]!.kingdom;

/** G16.3 by its words: one kingdom remains and no hidden one would turn careerist (or a single survivor). */
export function victoryHolds(s: State): boolean {
  const alive = s.players.filter((p) => p.alive);
  if (alive.length <= 1) return true;
  if (alive.some((p) => p.careerist)) return false;
  const ks = new Set(alive.map((p) => p.kingdom ?? kingdomOfGeneral(p.generals![0])));
  if (ks.size !== 1) return false;
  const k = [...ks][0];
  const count = s.players.filter((p) => p.kingdom === k && !p.careerist).length + alive.filter((p) => p.kingdom === null).length;
  return count <= s.players.length / 2;
}

/** Whether seat i's death is at G12.1 step 4: its last death row is not yet followed by step 5's discard. */
function inDeathTriggers(s: State, i: number): boolean {
  let k = s.log.length - 1;
  while (k >= 0 && !(s.log[k]!.t === 'death' && s.log[k]!.seat === i)) k--;
  if (k < 0) return false;
  return !s.log.slice(k + 1).some((r) => r.t === 'discard' && r.seat === i && r.why === 'death');
}

/**
 * Whether seat i is between the HP change that brought it to ≤ 0 and the end of its dying process (G8.1 step 3 →
 * G11): its last damage / HP-loss / dying row with HP ≤ 0 is not yet followed by a saved or death row.
 */
function inDying(s: State, i: number): boolean {
  let k = s.log.length - 1;
  const low = (r: (typeof s.log)[number]) => r.seat === i && (r.t === 'dying' || r.t === 'damage' || r.t === 'loseHp') && typeof r.hp === 'number' && r.hp <= 0;
  while (k >= 0 && !low(s.log[k]!)) k--;
  if (k < 0) return false;
  return !s.log.slice(k + 1).some((r) => (r.t === 'saved' || r.t === 'death') && r.seat === i);
}

export function checkInvariants(s: State, where = ''): void {
  const seen = new Map<string, number>();
  const add = (id: string) => seen.set(id, (seen.get(id) ?? 0) + 1);
  [s.drawPile, s.discardPile, s.processing, s.removed].forEach((z) => z.forEach(add));
  for (const p of s.players) { p.hand.forEach(add); p.judge.forEach(add); Object.values(p.equip).forEach((x) => x && add(x)); Object.values(p.pile ?? {}).forEach((xs) => xs.forEach(add)); }
  // 108 (C0), or 108 + 51 with the 势备篇 (C-SA, no 木牛流马).
  const ids = s.settings.strategicAdvantage ? [...ALL_CARD_IDS, ...SA_CARD_IDS] : ALL_CARD_IDS;
  assert.equal(seen.size, s.settings.strategicAdvantage ? 159 : 108, `${where}: every card of the game, distinct`);
  for (const id of ids) assert.equal(seen.get(id), 1, `${where}: ${id} once`);
  // G18.4: removal lasts until the end of the turn, and only other characters are removed.
  assert.ok(!s.turn.removed.includes(s.turn.seat), `${where}: the current player is not removed`);
  if (s.status === 'picking') return;
  s.players.forEach((p, i) => {
    const w = `${where} seat ${p.name}`;
    const revealedAny = p.revealed[0] || p.revealed[1];
    assert.equal(p.kingdom !== null, revealedAny, `${w}: a kingdom iff a revealed general (G14.1–G14.2)`);
    if (p.careerist) assert.ok(p.kingdom !== null, `${w}: careerist`);
    if (p.kingdom) assert.equal(p.kingdom, kingdomOfGeneral(p.generals![p.revealed[0] ? 0 : 1]), `${w}: kingdom of its generals`);
    if (p.alive) {
      assert.ok(p.hp <= p.maxHp, `${w}: hp ${p.hp} ≤ max ${p.maxHp}`);
      // G8.1 step 3 / G11: HP ≤ 0 only from the HP change to the end of its dying process — the rescue round, its own
      // skills at its place in it (G11.1: 涅槃, 不屈 …), or a skill asked at the damage's HP step before dying starts.
      if (p.hp <= 0) assert.ok((s.ask?.kind === 'peach' && s.ask.on === i) || (!!s.ask && inDying(s, i)), `${w}: HP ${p.hp} only while its rescue is asked`);
    } else {
      // G12.1: the dead's cards go to the discard pile at step 5, after the death triggers of step 4 (行殇 takes them
      // there). So a dead character holds cards only while the game waits on an ask inside its death's step 4: its
      // death row is logged and step 5's discard row is not yet.
      const held = p.hand.length + p.judge.length + Object.values(p.equip).filter(Boolean).length;
      if (held) assert.ok(s.ask && inDeathTriggers(s, i), `${w}: the dead hold no cards (G12.1 step 5)`);
      assert.ok(p.revealed[0] && p.revealed[1], `${w}: the dead are revealed (G12.1)`);
    }
    const fish = GENERALS[p.generals![0]]!.fish + GENERALS[p.generals![1]]!.fish;
    assert.equal(p.maxHp, Math.floor(fish / 2), `${w}: max HP (G3.1)`);
  });
  if (s.status === 'running') {
    assert.ok(s.ask, `${where}: a running game always waits on an ask`);
    assert.ok(!victoryHolds(s), `${where}: the victory check was due (G16.1)`);
    assert.equal(s.winners, null);
    return;
  }
  // Ended.
  assert.equal(s.ask, null);
  if (s.end?.how === 'victory') {
    assert.ok(victoryHolds(s), `${where}: the game ended with more than one kingdom left`);
    const alive = s.players.map((p, i) => [p, i] as const).filter(([p]) => p.alive);
    assert.ok(alive.every(([p]) => p.revealed[0] && p.revealed[1]), `${where}: the survivors revealed (G16.4)`);
    const head = alive[0]![0];
    const expect = head.careerist ? [alive[0]![1]] : s.players.flatMap((p, i) => (p.kingdom === head.kingdom && !p.careerist ? [i] : []));
    assert.deepEqual(s.winners, expect, `${where}: the winners (G16.4)`);
    for (const [p, i] of alive) assert.ok(s.winners!.includes(i) || p.careerist, `${where}: survivor ${p.name} wins`);
  } else {
    assert.deepEqual(s.winners, [], `${where}: a draw or an abort has no winner`);
  }
}
