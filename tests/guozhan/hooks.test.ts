/**
 * Issue 19's engine hooks (triggers.ts), with test-only skills — the real generals' skills are taken out of this
 * file's process so only these hear: `phaseBefore` + skipPhase (any phase, no start/end for it, G4.10), `drawPhase`
 * (a skill raising the draw, 英姿-like), an active skill (`kind: 'active'`: its owner only, its limit, a hidden owner
 * revealed, the command checked before it asks), a conversion (`kind: 'convert'`), and the 拼点 helper.
 * Seats 甲 乙 丙 丁; 甲 = 曹操+许褚 starts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { draw, P } from '../../src/games/guozhan/core.ts';
import { card } from '../../src/games/guozhan/cards.ts';
import { refuse } from '../../src/games/guozhan/flow.ts';
import { registerSkill, skipPhase, type SkillSpec } from '../../src/games/guozhan/triggers.ts';
import { pointFight } from '../../src/games/guozhan/skillasks.ts';
import { runGuozhanTranscript } from '../../src/games/guozhan/transcript.ts';
import { registerGeneralSkills } from '../../src/games/guozhan/skills/index.ts';
import type { State } from '../../src/games/guozhan/types.ts';

registerGeneralSkills()();

function withSkills<T>(specs: SkillSpec[], fn: () => T): T {
  const offs = specs.map(registerSkill);
  try { return fn(); } finally { offs.forEach((o) => o()); }
}
const play = (lines: string[]) => runGuozhanTranscript('hooks.txt', lines.join('\n')).state;
const codes = (s: State) => s.commands.filter((c) => !c.ok).map((c) => c.code);
const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held', '@generals 甲=曹操+许褚 乙=刘备+关羽 丙=孙权+周泰 丁=吕布+貂蝉',
  '@hand 甲=S014 S027', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050'];

test('G4.10 phaseBefore: a locked skill skips 甲\'s prepare and discard phases — no phase row, no start or end point for them', () => {
  const seen: string[] = [];
  const skip: SkillSpec = { id: 't_skip', name: '测跳', general: 'hs__caocao', kind: 'locked', point: 'phaseBefore',
    can: (_c, o, e) => e.point === 'phaseBefore' && e.seat === o && (e.phase === 'prepare' || e.phase === 'discard'),
    effect: (ctx, _o, e) => { if (e.point === 'phaseBefore') skipPhase(ctx.s, e.phase); } };
  const log: SkillSpec = { id: 't_log', name: '测记', general: 'hs__caocao', kind: 'locked', point: 'phaseStart',
    can: (_c, o, e) => { if (e.point === 'phaseStart' && e.seat === o) seen.push(e.phase); return false; }, effect: () => undefined };
  const s = withSkills([skip, log], () => play([...HEAD, '@revealed 甲=主将', '甲: 【不出】', '甲: 【结束】']));
  assert.deepEqual(codes(s), []);
  assert.deepEqual(s.log.filter((r) => r.t === 'skip' && r.seat === 0).map((r) => r.phase), ['prepare', 'discard']);
  assert.deepEqual(s.log.filter((r) => r.t === 'phase' && r.seat === 0).map((r) => r.phase), ['draw', 'play', 'finish']);
  assert.ok(!seen.includes('prepare') && !seen.includes('discard'));
});

test('G4.5 drawPhase: a skill raising the count by 1 — 甲 draws 3 in one draw row; with skills=off it draws 2', () => {
  const more: SkillSpec = { id: 't_more', name: '测摸', general: 'hs__caocao', kind: 'locked', point: 'drawPhase',
    can: (_c, o, e) => e.point === 'drawPhase' && e.seat === o, effect: (_c, _o, e) => { if (e.point === 'drawPhase') e.draw.n += 1; } };
  const on = withSkills([more], () => play([...HEAD, '@revealed 甲=主将', '甲: 【不出】']));
  assert.deepEqual(on.log.filter((r) => r.t === 'draw' && r.why === 'drawPhase').map((r) => r.n), [3]);
  assert.deepEqual(P(on, 0).hand, ['S014', 'S027', 'S041', 'S043', 'S046']);
  const off = withSkills([more], () => play([...HEAD.map((l) => (l.startsWith('@set') ? `${l} skills=off` : l)), '@revealed 甲=主将', '甲: 【不出】']));
  assert.deepEqual(off.log.filter((r) => r.t === 'draw' && r.why === 'drawPhase').map((r) => r.n), [2]);
});

test('G4.6 active skill: only its owner, once per turn, checks before asking; a hidden owner is revealed by the use; 拼点 decides', () => {
  const fights: boolean[] = [];
  const act: SkillSpec = { id: 't_act', name: '测拼', general: 'hs__xuchu', kind: 'active', limit: 'turn',
    use: (ctx, o, cmd) => {
      if (cmd.targets.length !== 1) refuse('BAD_SYNTAX', '写法：【技能】测拼→角色');
      const t = ctx.s.players.findIndex((p) => p.name === cmd.targets[0]);
      const r = pointFight(ctx, o, t, '测拼');
      fights.push(r.win);
      if (r.win) draw(ctx, o, 1, '测拼');
    } };
  const s = withSkills([act], () => play([...HEAD, '甲: 【不出】', '甲: 【技能】测拼', '甲: 【技能】测拼→乙', '甲: 【拼点】S027', '乙: 【拼点】S084', '甲: 【技能】测拼→乙', '甲: 【技能】没有的技能']));
  // BAD_SYNTAX before any ask; the second use this turn; an unknown name.
  assert.deepEqual(codes(s), ['BAD_SYNTAX', 'LIMIT_EXCEEDED', 'UNKNOWN_SKILL']);
  assert.deepEqual(P(s, 0).revealed, [false, true]);
  // ♠K 13 > ♦2 2: won; both cards discarded; 甲 drew 1 (S046).
  assert.deepEqual(fights, [true]);
  assert.ok(s.discardPile.includes('S027') && s.discardPile.includes('S084'));
  assert.ok(P(s, 0).hand.includes('S046'));
  assert.equal(s.ask?.kind, 'play');
});

test('G6.4 conversion: any black hand card as 酒 for 许褚 (a test converter) — `（K）` optional when it is the only one; a red card is refused', () => {
  const conv: SkillSpec = { id: 't_conv', name: '测酒', general: 'hs__xuchu', kind: 'convert', makes: ['酒'],
    can: (s2, o, ids) => ids.length === 1 && P(s2, o).hand.includes(ids[0]!) && ['♠', '♣'].includes(card(ids[0]!).suit) };
  const s = withSkills([conv], () => play([...HEAD, '甲: 【不出】', '甲: 【酒】S041', '甲: 【酒】S014']));
  assert.deepEqual(codes(s), ['ILLEGAL_CARD']);
  assert.equal(s.turn.wineBuff, true);
  assert.deepEqual(P(s, 0).revealed, [false, true]);
  assert.deepEqual(s.log.filter((r) => r.t === 'skill').map((r) => r.skill), ['测酒']);
});
