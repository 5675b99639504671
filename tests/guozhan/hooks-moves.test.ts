/**
 * Issue 19's card-move and HP points (triggers.ts), with test-only skills — the real generals' skills are taken out
 * of this file's process so only these hear: `cardsMoved` (core.ts move: once per batch, each card's from/to, the
 * discard flag — not for a recast or a replaced equipment card), `recovered` (core.ts recover: the HP that rose),
 * and the play phase's used-card record (skills/common.ts usedInPlay: equipment and delayed tricks included).
 * Seats 甲 乙 丙 丁; 甲 = 曹操+许褚 (4 HP) starts, 乙 = 刘备+关羽 (4 HP).
 * Cards (A1): S011 ♠5 +1马 绝影, S054 ♥K +1马 爪黄飞电, S014 ♠7 杀, S024 ♠Q / S078 ♣Q / S080 ♣K 铁索连环,
 * S067 ♣6 乐不思蜀, S035 ♥4 桃; draws S041 S043 (甲), S046 S050 (乙), S053.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { draw } from '../../src/games/guozhan/core.ts';
import { ev } from '../../src/games/guozhan/flow.ts';
import { onTrigger, registerSkill, type SkillSpec } from '../../src/games/guozhan/triggers.ts';
import { usedInPlay } from '../../src/games/guozhan/skills/common.ts';
import { runGuozhanTranscript } from '../../src/games/guozhan/transcript.ts';
import { registerGeneralSkills } from '../../src/games/guozhan/skills/index.ts';
import type { State } from '../../src/games/guozhan/types.ts';

registerGeneralSkills()();

const play = (lines: string[]) => runGuozhanTranscript('hooks-moves.txt', lines.join('\n')).state;
const codes = (s: State) => s.commands.filter((c) => !c.ok).map((c) => c.code);
const HEAD = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held', '@generals 甲=曹操+许褚 乙=刘备+关羽 丙=孙权+周泰 丁=吕布+貂蝉',
  '@revealed 甲=主将', '@revealed 乙=主将',
  '@hand 甲=S011 S054 S014 S024 S078 S080 S067', '@hand 乙=S035', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S046 S050 S053'];
// 甲: equips 绝影, then 爪黄飞电 (绝影 replaced), 杀 on 乙 (4 → 3), 乐不思蜀 on 丙 (it waits in 丙's judgement area), recasts S024.
const TURN1 = ['甲: 【+1马】S011', '甲: 【+1马】S054', '甲: 【杀】S014→乙', '乙: 【不出】', '甲: 【乐不思蜀】S067→丙', '甲: 【重铸】S024'];

test('cardsMoved: one event per batch with each card\'s from/to; discarded only for a discard (not a use, a recast or a replaced 绝影)', () => {
  // A row in the log (a step may be re-run after an ask: the log is rebuilt with it, a closure's array would not be).
  const off = onTrigger((ctx, e) => {
    if (e.point !== 'cardsMoved') return;
    ev(ctx, 'trig', { text: e.moves.map((m) => `${m.id}:${m.from.zone}>${m.to.zone}${m.discarded ? '!' : ''}`).join(' ') + (e.why ? `(${e.why})` : '') });
  });
  try {
    // 甲 holds 7 + 2 drawn = 9; uses S011 S054 S014 S067 and recasts S024 (+1 drawn: S046) → 5 cards over HP 4: one to discard.
    const s = play([...HEAD, '甲: 【不出】', ...TURN1, '甲: 【结束】', '甲: 【弃牌】S078']);
    assert.deepEqual(codes(s), []);
    const seen = s.log.filter((r) => r.t === 'trig').map((r) => r.text);
    assert.deepEqual(seen, [
      'S011:hand>equip', 'S011:equip>discard(put)', 'S054:hand>equip',
      'S014:hand>processing', 'S014:processing>discard',
      'S067:hand>judge',
      'S024:hand>discard(recast)',
      'S078:hand>discard!',
    ]);
  } finally { off(); }
});

test('cardsMoved with a test-only locked skill: 甲 draws 1 once per batch that takes its equipment away (the replaced 绝影: one draw)', () => {
  const sk: SkillSpec = { id: 't_eq', name: '测装', general: 'hs__caocao', kind: 'locked', point: 'cardsMoved',
    can: (_c, o, e) => e.point === 'cardsMoved' && e.moves.some((m) => m.from.zone === 'equip' && 'seat' in m.from && m.from.seat === o),
    effect: (ctx, o) => draw(ctx, o, 1, '测装') };
  const off = registerSkill(sk);
  try {
    const s = play([...HEAD, '甲: 【不出】', '甲: 【+1马】S011', '甲: 【+1马】S054']);
    assert.deepEqual(codes(s), []);
    assert.deepEqual(s.log.filter((r) => r.t === 'draw' && r.why === '测装').map((r) => r.n), [1]);
    assert.deepEqual(s.log.filter((r) => r.t === 'skill').map((r) => r.skill), ['测装']);
  } finally { off(); }
});

test('recovered: after 乙\'s 桃 (3 → 4) a test-only skill hears n = 1 and draws that many; no point at full HP (the 桃 is refused)', () => {
  const heard: number[] = [];
  const sk: SkillSpec = { id: 't_rec', name: '测回', general: 'hs__liubei', kind: 'locked', point: 'recovered',
    can: (_c, o, e) => e.point === 'recovered' && e.seat === o,
    effect: (ctx, o, e) => { if (e.point === 'recovered') { heard.push(e.n); draw(ctx, o, e.n, '测回'); } } };
  const off = registerSkill(sk);
  try {
    // 甲: 7 + 2 − 1 (the 杀) = 8 cards over HP 4: four discarded.
    const s = play([...HEAD, '@hand 乙=S035 S038', '甲: 【不出】', '甲: 【杀】S014→乙', '乙: 【不出】', '甲: 【结束】', '甲: 【弃牌】S078、S080、S024、S011',
      '乙: 【不出】', '乙: 【桃】S035', '乙: 【桃】S038']);
    // The second 桃 finds 乙 at 4/4: refused (notWounded), no second recovery.
    assert.deepEqual(codes(s), ['ILLEGAL_CARD']);
    assert.deepEqual(heard, [1]);
    assert.equal(s.players[1]!.hp, 4);
    // 乙 drew S046 S050 in its draw phase, then S053 for 测回.
    assert.ok(s.players[1]!.hand.includes('S053'));
  } finally { off(); }
});

test('usedInPlay: the record of 甲\'s play phase holds the two horses, the 杀 and the delayed 乐不思蜀 — not the recast', () => {
  let rec: string[] = [];
  const sk: SkillSpec = { id: 't_rec2', name: '测录', general: 'hs__caocao', kind: 'locked', point: 'phaseStart',
    can: (c, o, e) => { if (e.point === 'phaseStart' && e.phase === 'discard' && e.seat === o) rec = usedInPlay(c.s, o).map((u) => `${u.name}/${u.suit}/${u.type}`); return false; },
    effect: () => undefined };
  const off = registerSkill(sk);
  try {
    play([...HEAD, '甲: 【不出】', ...TURN1, '甲: 【结束】']);
    assert.deepEqual(rec, ['+1马 绝影/♠/equip', '+1马 爪黄飞电/♥/equip', '杀/♠/basic', '乐不思蜀/♣/trick'].map((x) => x.replace(/^\+1马 /, '')));
  } finally { off(); }
});
