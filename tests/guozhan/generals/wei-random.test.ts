/**
 * Random legal play with the Wei skills on (issue 19's random-play proof, for the generals done so far): seeded
 * 6-player games of randomly dealt generals, skills=on, played to the end by sim.ts (which answers the skills' asks —
 * yes/no, own cards, characters, another's cards — at random or lets them time out), the invariants checked after
 * every entry, and some games replayed from their entries to the same state. `GUOZHAN_WEI_GAMES` sets the number.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { simulate } from '../../../src/games/guozhan/sim.ts';
import { applyEntry, newGame, type GzEntry, type StartEntry } from '../../../src/games/guozhan/engine.ts';
import { checkInvariants } from '../invariants.ts';
import type { State } from '../../../src/games/guozhan/types.ts';
import './helpers.ts';

const GAMES = Number(process.env.GUOZHAN_WEI_GAMES ?? 120);

const check = (s: State, where: string) => checkInvariants(s, where);

test(`random play with the Wei skills: ${GAMES} seeded 6-player games end, invariants after every entry, no stuck ask`, () => {
  const used = new Map<string, number>();
  for (let seed = 1; seed <= GAMES; seed++) {
    const r = simulate({ players: 6, seed, settings: { skills: 'on' }, check: (s, k) => check(s, `seed ${seed} step ${k}`) });
    assert.equal(r.state.status, 'ended', `seed ${seed} ended`);
    for (const row of r.state.log) if (row.t === 'skill') used.set(row.skill as string, (used.get(row.skill as string) ?? 0) + 1);
    if (seed % 10 === 0) {
      const es = JSON.parse(JSON.stringify(r.entries)) as GzEntry[];
      let s = newGame(es[0] as StartEntry);
      for (const e of es.slice(1)) s = applyEntry(s, e as Exclude<GzEntry, StartEntry>).state;
      assert.deepEqual(JSON.parse(JSON.stringify(s)), JSON.parse(JSON.stringify(r.state)), `seed ${seed} replays`);
    }
  }
  // The games reached the skills (each is asked often enough in 120 games to be accepted at random at least once).
  for (const k of ['奸雄', '反馈', '鬼才', '刚烈', '突袭', '裸衣', '遗计', '天妒', '洛神', '倾国', '神速', '巧变', '断粮', '据守', '强袭', '驱虎', '节命', '行殇', '放逐', '骁果']) assert.ok((used.get(k) ?? 0) > 0, `${k} used`);
  process.stdout.write(`# skills used: ${JSON.stringify(Object.fromEntries(used))}\n`);
});
