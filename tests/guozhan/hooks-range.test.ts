/**
 * Issue 19's range hooks (triggers.ts `kind: 'rule'`), with test-only rules — the real generals' skills are taken out
 * of this file's process so only these are read: `distance` (core.ts distance), `slashes` / `noSlash` (use.ts
 * slashAllowed), `noDistance` and `extraTargets` with `announce` (use.ts checkTargets), `forbids`, `handBase` /
 * `handPlus` (core.ts handLimit), `suit` (core.ts suitOf and the judgement), and G13.4's reveal of a hidden general
 * whose rule alone makes a use legal. Six seats 甲…己: from 甲, 乙/己 at distance 1, 丙/戊 at 2, 丁 at 3.
 * 甲 = 曹操+许褚 (4+4 → 4 HP) starts; the rules are 曹操's (main) unless said.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { distance, handLimit, P, suitOf } from '../../src/games/guozhan/core.ts';
import { SLASHES } from '../../src/games/guozhan/cards.ts';
import { registerSkill, type RuleSkill } from '../../src/games/guozhan/triggers.ts';
import { runGuozhanTranscript } from '../../src/games/guozhan/transcript.ts';
import { registerGeneralSkills } from '../../src/games/guozhan/skills/index.ts';
import type { State } from '../../src/games/guozhan/types.ts';

registerGeneralSkills()();

function withRules<T>(specs: Omit<RuleSkill, 'kind' | 'general' | 'name'>[], fn: () => T, general = 'hs__caocao'): T {
  const offs = specs.map((x) => registerSkill({ kind: 'rule', general, name: x.id, ...x } as RuleSkill));
  try { return fn(); } finally { offs.forEach((o) => o()); }
}
const play = (lines: string[]) => runGuozhanTranscript('hooks-range.txt', lines.join('\n')).state;
const codes = (s: State) => s.commands.filter((c) => !c.ok).map((c) => c.code);
const skillRows = (s: State) => s.log.filter((r) => r.t === 'skill').map((r) => r.skill);
const SIX = (revealed = true, hand = 'S014 S010 S016') => ['@game guozhan', '@seats 甲 乙 丙 丁 戊 己', '@set blindOrder=held',
  '@generals 甲=曹操+许褚 乙=刘备+关羽 丙=孙权+周泰 丁=吕布+貂蝉 戊=诸葛亮+黄月英 己=甘宁+吕蒙', ...(revealed ? ['@revealed 甲=主将'] : []),
  `@hand 甲=${hand}`, '@hand 乙=S043', '@hand 丙=S050', '@hand 丁=S053', '@hand 戊=S046', '@hand 己=S048', '@deck S030 S035 S038 S040', '甲: 【不出】'];

test('G7.2 distance rule: −1 from the owner after the horses, floor 1; a fixed value overrides; only while revealed (G13.3)', () => {
  withRules([{ id: 't_minus', distance: (_s, o, from, _to, d) => (from === o ? d - 1 : d) }], () => {
    const s = play(SIX());
    assert.deepEqual([distance(s, 0, 1), distance(s, 0, 2), distance(s, 0, 3), distance(s, 3, 0)], [1, 1, 2, 3]);
    const h = play(SIX(false));
    assert.deepEqual([distance(h, 0, 2), distance(h, 0, 3)], [2, 3]);
  });
  withRules([{ id: 't_fix', distance: (_s, o, from, to, d) => (from === o && to === 3 ? 1 : d) }], () => {
    assert.deepEqual([distance(play(SIX()), 0, 3), distance(play(SIX()), 0, 2)], [1, 2]);
  });
});

test('G5.1 slashes / noSlash: +1 allows a second 杀 and refuses the third; noSlash refuses the first', () => {
  const s = withRules([{ id: 't_more', slashes: () => 1 }], () => play([...SIX(), '甲: 【杀】S014→乙', '@timeout', '甲: 【杀】S010→乙', '@timeout', '甲: 【杀】S016→乙']));
  assert.deepEqual(codes(s), ['LIMIT_EXCEEDED']);
  assert.equal(P(s, 1).hp, 2);
  const n = withRules([{ id: 't_none', noSlash: () => true }], () => play([...SIX(), '甲: 【杀】S014→乙']));
  assert.deepEqual(codes(n), ['LIMIT_EXCEEDED']);
});

test('G7.4 noDistance: a 杀 reaches 丁 at distance 3; extraTargets: a second target in a slot whose condition holds, announced', () => {
  const s = withRules([{ id: 't_free', noDistance: (_s, _o, uc) => SLASHES.has(uc.name) }], () => play([...SIX(), '甲: 【杀】S014→丁', '@timeout']));
  assert.deepEqual([codes(s), P(s, 3).hp], [[], 3]);
  const x = withRules([{ id: 't_two', announce: true, extraTargets: (_s, o, uc) => (SLASHES.has(uc.name) ? { n: 1, ok: (t) => t === 5 } : null) }],
    () => play([...SIX(), '甲: 【杀】S014→乙、丙', '甲: 【杀】S014→乙、己', '@timeout', '@timeout']));
  // 乙+丙: 丙 is out of range (ILLEGAL_TARGET); 乙+己: 己 fits the slot.
  assert.deepEqual(codes(x), ['ILLEGAL_TARGET']);
  assert.deepEqual([P(x, 1).hp, P(x, 5).hp, skillRows(x)], [3, 3, ['t_two']]);
});

test('forbids: a named target is refused; an automatic list (南蛮入侵) leaves the forbidden out, and is refused when none is left', () => {
  const one = withRules([{ id: 't_no', forbids: (_s, _o, t) => t === 1 }], () => play([...SIX(true, 'S014 S026'), '甲: 【杀】S014→乙', '甲: 【南蛮入侵】']));
  assert.deepEqual(codes(one), ['ILLEGAL_TARGET']);
  assert.deepEqual(one.log.filter((r) => r.t === 'use').map((r) => r.targets), [[2, 3, 4, 5]]);
  const all = withRules([{ id: 't_all', forbids: (_s, o, t) => t !== o }], () => play([...SIX(true, 'S014 S026'), '甲: 【南蛮入侵】']));
  assert.deepEqual(codes(all), ['ILLEGAL_TARGET']);
});

test('G19.1 handBase / handPlus and G9.2 suit: the base replaces the HP, the bonus adds; ♠ read as ♥ for the owner\'s cards and judgements only', () => {
  withRules([{ id: 't_base', handBase: () => 7 }, { id: 't_plus', handPlus: () => 2 }, { id: 't_suit', suit: (_s, _o, _id, x) => (x === '♠' ? '♥' : x) }], () => {
    const s = play(SIX());
    assert.equal(handLimit(s, 0), 9);
    assert.equal(handLimit(s, 1), P(s, 1).hp);
    assert.deepEqual([suitOf(s, 0, 'S014'), suitOf(s, 1, 'S014'), suitOf(s, 0, 'S084')], ['♥', '♠', '♦']);
  });
});

test('G13.4: a use legal only with a hidden general\'s rule reveals that general (the deputy 许褚 here) and logs the rule; refused if it cannot reveal', () => {
  const s = withRules([{ id: 't_reach', distance: (_s, o, from, _to, d) => (from === o ? d - 1 : d) }], () => play([...SIX(false), '甲: 【杀】S014→丁', '甲: 【杀】S014→丙', '@timeout']), 'hs__xuchu');
  assert.deepEqual(codes(s), ['ILLEGAL_TARGET']);
  assert.deepEqual(P(s, 0).revealed, [false, true]);
  assert.deepEqual(skillRows(s), ['t_reach']);
  assert.deepEqual(s.log.filter((r) => r.seat === 0 && ['reveal', 'use'].includes(r.t)).map((r) => r.t), ['reveal', 'use']);
  const off = withRules([{ id: 't_reach', distance: (_s, o, from, _to, d) => (from === o ? d - 1 : d) }], () => play([...SIX(false).map((l) => (l.startsWith('@set') ? `${l} skills=off` : l)), '甲: 【杀】S014→丙']), 'hs__xuchu');
  assert.deepEqual([codes(off), off.players[0]!.revealed], [['ILLEGAL_TARGET'], [false, false]]);
});
