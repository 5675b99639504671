/**
 * Issue 19's targeting and response hooks (triggers.ts), with test-only skills — the real generals' skills are taken
 * out of this file's process so only these hear: `becomeTarget` (G6.2 step 3: cancel, transfer — the new target hears
 * it too), `targeted` (step 4: the TargetHit's noJink, noEffect, jinks, duel counts, source), `jinkAsk` (a skill as
 * 八卦阵), `jinkUsed` (after any 闪) and `slashOffset` (G21.2, before 贯石斧), and the per-turn invalidation of a
 * general's non-locked skills (invalidateSkills). Seats 甲 乙 丙 丁; 甲 = 曹操+许褚 starts; 4 HP each.
 * Cards (A1): S014 ♠7 杀, S001 ♠A 决斗, S026 ♠K 南蛮入侵, S010 ♠5 杀, S084/S094/S095/S096 ♦ 闪; 甲 draws S041 S043, then S046 ♥10.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { P } from '../../src/games/guozhan/core.ts';
import { ev } from '../../src/games/guozhan/flow.ts';
import { invalidateSkills, registerSkill, type SkillSpec, type TargetHit, type TriggerSkill } from '../../src/games/guozhan/triggers.ts';
import { runGuozhanTranscript } from '../../src/games/guozhan/transcript.ts';
import { registerGeneralSkills } from '../../src/games/guozhan/skills/index.ts';
import type { State } from '../../src/games/guozhan/types.ts';

registerGeneralSkills()();

function withSkills<T>(specs: SkillSpec[], fn: () => T): T {
  const offs = specs.map(registerSkill);
  try { return fn(); } finally { offs.forEach((o) => o()); }
}
const play = (lines: string[]) => runGuozhanTranscript('hooks-target.txt', lines.join('\n')).state;
const codes = (s: State) => s.commands.filter((c) => !c.ok).map((c) => c.code);
const HEAD = (a = 'S014', b = 'S084') => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held', '@generals 甲=曹操+许褚 乙=刘备+关羽 丙=孙权+周泰 丁=吕布+貂蝉',
  `@hand 甲=${a}`, `@hand 乙=${b}`, '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050', '@revealed 甲=全部 乙=全部 丙=全部 丁=全部'];
const hp = (s: State) => s.players.map((p) => p.hp);
/** A locked test skill of `general` at `point`. */
const lock = (id: string, general: string, point: TriggerSkill['point'], can: TriggerSkill['can'], effect: TriggerSkill['effect']): SkillSpec =>
  ({ id, name: id, general, kind: 'locked', point, can, effect });

test('becomeTarget: a cancel removes the target (no 闪 request, no damage); a transfer puts 丙 in its place, and 丙 hears the point too', () => {
  const heard: number[] = [];
  const cancel = lock('t_cancel', 'hs__liubei', 'becomeTarget', (_c, o, e) => e.point === 'becomeTarget' && e.target === o && e.targets.includes(o),
    (_c, o, e) => { if (e.point === 'becomeTarget') e.targets.splice(e.targets.indexOf(o), 1); });
  const s1 = withSkills([cancel], () => play([...HEAD(), '甲: 【杀】S014→乙']));
  assert.deepEqual([codes(s1), hp(s1), s1.ask?.kind], [[], [4, 4, 4, 4], 'play']);
  const pass = lock('t_pass', 'hs__liubei', 'becomeTarget', (_c, o, e) => { if (e.point === 'becomeTarget') heard.push(e.target); return e.point === 'becomeTarget' && e.target === o; },
    (_c, o, e) => { if (e.point === 'becomeTarget') e.targets[e.targets.indexOf(o)] = 2; });
  const s2 = withSkills([pass], () => play([...HEAD(), '甲: 【杀】S014→乙', '丙: 【不出】']));
  assert.deepEqual([codes(s2), hp(s2)], [[], [4, 4, 3, 4]]);
  assert.deepEqual([...new Set(heard)], [1, 2]);   // `can` is read again while skills settle (G21.1); each target once
});

test('targeted: noJink skips the 闪 request; noEffect skips the target (杀 and 南蛮入侵 before its window); source moves the damage\'s source', () => {
  const set = (f: (h: TargetHit) => void) => lock('t_hit', 'hs__caocao', 'targeted', (_c, o, e) => e.point === 'targeted' && e.user === o && e.target === 1, (_c, _o, e) => { if (e.point === 'targeted') f(e.hit); });
  const noJink = withSkills([set((h) => { h.noJink = true; })], () => play([...HEAD(), '甲: 【杀】S014→乙']));
  assert.deepEqual([codes(noJink), hp(noJink), P(noJink, 1).hand], [[], [4, 3, 4, 4], ['S084']]);
  const none = withSkills([set((h) => { h.noEffect = true; })], () => play([...HEAD(), '甲: 【杀】S014→乙']));
  assert.deepEqual([hp(none), none.log.filter((r) => r.t === 'noEffect').map((r) => r.seat)], [[4, 4, 4, 4], [1]]);
  // 南蛮入侵 → 乙 丙 丁: 乙 skipped (no window, no 杀 asked); 丙 takes 1 from 丁 (source = 3), 丁 then plays its … none: 丁 takes 1.
  const src = lock('t_src', 'hs__caocao', 'targeted', (_c, o, e) => e.point === 'targeted' && e.user === o && e.card.name === '南蛮入侵',
    (_c, _o, e) => { if (e.point !== 'targeted') return; if (e.target === 1) e.hit.noEffect = true; else if (e.target === 2) e.hit.source = 3; });
  const sa = withSkills([src], () => play([...HEAD('S026'), '甲: 【南蛮入侵】S026', '@timeout', '丙: 【不出】', '@timeout', '丁: 【不出】']));
  assert.deepEqual(codes(sa), []);
  assert.deepEqual(sa.log.filter((r) => r.t === 'damage').map((r) => `${r.seat}<-${r.source}`), ['2<-3', '3<-0']);
});

test('targeted: jinks = 2 asks twice (one 闪 is not enough); duel.target = 2 makes the target play two 杀 each time', () => {
  const two = lock('t_two', 'hs__caocao', 'targeted', (_c, o, e) => e.point === 'targeted' && e.user === o,
    (_c, _o, e) => { if (e.point === 'targeted') { e.hit.jinks = 2; e.hit.duel.target = 2; } });
  const s = withSkills([two], () => play([...HEAD('S014', 'S084 S096'), '甲: 【杀】S014→乙', '乙: 【闪】S084', '乙: 【不出】']));
  assert.deepEqual([codes(s), hp(s), P(s, 1).hand], [[], [4, 3, 4, 4], ['S096']]);
  const d = withSkills([two], () => play([...HEAD('S001', 'S010'), '甲: 【决斗】S001→乙', '@timeout', '乙: 【杀】S010']));
  // 乙's one 杀 is spent, the second is missing: 乙 takes 1 from 甲.
  assert.deepEqual([codes(d), hp(d), d.discardPile.includes('S010')], [[], [4, 3, 4, 4], true]);
});

test('jinkAsk opens 八卦阵 for the request (`by` names the skill); jinkUsed and slashOffset follow a 闪, slashOffset before the axe', () => {
  const seen: string[] = [];
  const diagram = lock('t_diagram', 'hs__liubei', 'jinkAsk', (_c, o, e) => e.point === 'jinkAsk' && e.seat === o, (_c, _o, e) => { if (e.point === 'jinkAsk') { e.ask.eightDiagram = true; e.ask.by = 't_diagram'; } });
  const used = lock('t_used', 'hs__liubei', 'jinkUsed', (_c, o, e) => { if (e.point === 'jinkUsed' && e.seat === o) seen.push(`used:${e.card.skill ?? e.card.ids[0]}:${e.against?.name}`); return false; }, () => undefined);
  const off = lock('t_off', 'hs__caocao', 'slashOffset', (_c, o, e) => { if (e.point === 'slashOffset' && e.user === o) seen.push(`offset:${e.target}:${e.jink.skill ?? e.jink.ids[0]}`); return false; }, () => undefined);
  const s = withSkills([diagram, used, off], () => play([...HEAD(), '甲: 【杀】S014→乙', '乙: 【技能】t_diagram']));
  assert.deepEqual([codes(s), hp(s)], [[], [4, 4, 4, 4]]);
  assert.deepEqual(s.log.filter((r) => r.t === 'judge').map((r) => r.card), ['S046']);
  assert.deepEqual(seen, ['used:t_diagram:杀', 'offset:1:t_diagram']);
  const s2 = withSkills([used, off], () => play([...HEAD(), '甲: 【杀】S014→乙', '乙: 【闪】S084']));
  assert.deepEqual(seen.slice(2), ['used:S084:杀', 'offset:1:S084']);
  assert.deepEqual(codes(s2), []);
});

test('invalidateSkills: a general\'s trigger skills stop for the rest of the turn (locked ones still apply)', () => {
  let fired = 0, locked = 0;
  const mark = lock('t_mark', 'hs__caocao', 'targeted', (_c, o, e) => e.point === 'targeted' && e.user === o, (ctx, _o, e) => { if (e.point === 'targeted') { invalidateSkills(ctx.s, 1, 0); ev(ctx, 'x', {}); } });
  const trig: SkillSpec = { id: 't_trig', name: '测触', general: 'hs__liubei', kind: 'trigger', point: 'damaged', can: (_c, o, e) => e.point === 'damaged' && e.damage.target === o, effect: () => { fired++; } };
  const lk = lock('t_lk', 'hs__liubei', 'damaged', (_c, o, e) => e.point === 'damaged' && e.damage.target === o, () => { locked++; });
  const s = withSkills([mark, trig, lk], () => play([...HEAD(), '甲: 【杀】S014→乙', '乙: 【不出】']));
  assert.deepEqual([codes(s), s.turn.invalid, fired, locked, s.ask?.kind], [[], ['1:0'], 0, 1, 'play']);
});
