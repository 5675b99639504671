/**
 * duel.md D10.4: an arena game between two bots resolves every turn at its opening (the engine plays it to its end
 * within the start entry); page.ts arenaTurns plays the same game again turn by turn so chat can tell each turn. It
 * must be the same game: the same end, the same final board, one told turn per resolved turn, in order.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { DuelRules } from '../../src/games/duel/module.ts';
import { newDuel, scores } from '../../src/games/duel/engine.ts';
import { arenaTurns } from '../../src/games/duel/page.ts';

const rules = new DuelRules(loadMapFile('maps/europe.json'));

test('D10.4 arenaTurns is the engine\'s bot game, turn by turn: same outcome, same last turn and scores, each turn told once in order', () => {
  for (const [A, B, seed, turnLimit] of [['greedy', 'lander', 1, 150], ['lander', 'greedy', 2, 150], ['greedy', 'greedy', 3, 20], ['lander', 'lander', 5, 9]] as const) {
    const start = { type: 'start' as const, at: 5_000, seed, settings: { turnLimit }, bots: { A, B } };
    const s = newDuel(rules.map, start);
    assert.equal(s.status, 'ended');
    const r = arenaTurns(rules.map, rules.g, start, 'zh');
    const label = `${A} vs ${B}, seed ${seed}`;
    assert.deepEqual(r.outcome, s.outcome, label);
    assert.deepEqual(r.turns.map((t) => t.turn), Array.from({ length: s.endTurn ?? s.turn }, (_, i) => i + 1), label);
    const last = r.turns.at(-1)!.text;
    const sc = scores(rules.g, s);
    assert.match(last, new RegExp(`分数：红方 ${sc.A}（[+−-]?\\d+）? ?· 蓝方 ${sc.B}|红方 ${sc.A}.*蓝方 ${sc.B}`), `${label}: the last summary's scores are the game's`);
  }
  // A game without two bots has nothing to tell this way.
  assert.deepEqual(arenaTurns(rules.map, rules.g, { type: 'start', at: 0, seed: 1, bots: { A: 'greedy' } }, 'zh'), { turns: [], outcome: null });
});
