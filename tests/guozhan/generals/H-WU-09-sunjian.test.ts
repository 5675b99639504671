/**
 * H-WU-09 孙坚 · 英魂: at your start phase you may choose another character and one option: it draws X then discards
 * 1; or it draws 1 then discards X (X = your lost HP; it discards what it has).
 * Seats 甲 乙 丙 丁 (0–3). 孙坚+孙权 = 5+4 half-fish → 4 HP.
 * Cards (A1): S019 ♠9 酒, S014 ♠7 杀, S084 ♦2 闪, S094 ♦7 闪, S041/S043 (甲's draw), S046 S050 S053 (later).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

// Turn 1: 甲 hits 乙 (孙坚) with a 酒杀: 4 − 2 = 2, so X = 2 at 乙's start phase (turn 2).
const WOUNDED = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  '@generals 甲=刘备+关羽 乙=孙坚+孙权 丙=曹操+许褚 丁=吕布+貂蝉',
  '@hand 甲=S019 S014', '@hand 乙=S084', '@hand 丙=S094 S010', '@hand 丁=S095', '@deck S041 S043 S046 S050 S053',
  '甲: 【不出】', '甲: 【酒】', '甲: 【杀】S014→乙', '乙: 【不出】', '甲: 【结束】',
  '乙: 【不出】'];   // 乙's turn-start reveal: no; its start phase asks 英魂

test('H-WU-09 英魂 hidden, X = 2, option 1: reveals 孙坚; 丙 draws 2 (S046 S050) then discards 1', () => {
  const s = play([...WOUNDED, '乙: 【技能】英魂', '乙: 【选择】丙', '乙: 【选择】1', '丙: 【弃牌】S010']);
  noRefusals(s);
  assert.equal(pl(s, '乙').hp, 2);
  assert.deepEqual(pl(s, '乙').revealed, [true, false]);
  assert.deepEqual(pl(s, '丙').hand, ['S094', 'S046', 'S050']);
  assert.deepEqual(skillRows(s), ['乙:英魂']);
});

test('H-WU-09 英魂 X = 2, option 2: 丙 draws 1 (S046) then discards 2', () => {
  const s = play([...WOUNDED, '乙: 【技能】英魂', '乙: 【选择】丙', '乙: 【选择】2', '丙: 【弃牌】S094、S046']);
  noRefusals(s);
  assert.deepEqual(pl(s, '丙').hand, ['S010']);
  assert.deepEqual(rows(s, 'discard').filter((r) => r.why === '英魂').map((r) => r.cards), [['S094', 'S046']]);
});

test('H-WU-09 英魂 defaults after accepting (X3.2): the character is 乙\'s next, 丙; option 1; 丙\'s lowest card discarded', () => {
  const s = play([...WOUNDED, '乙: 【确定】', '@timeout 3']);
  noRefusals(s);
  // 丙 draws 2 (S046 ♥10, S050 ♥Q) and loses its lowest card: S010 (♠5) — hand S094 S046 S050.
  assert.deepEqual(pl(s, '丙').hand, ['S094', 'S046', 'S050']);
});

test('H-WU-09 英魂 with X = 0 (unwounded, turn 1): option 1 draws nothing and discards 1; the target must be another character', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=孙坚+孙权 乙=刘备+关羽 丙=曹操+许褚 丁=吕布+貂蝉',
    '@hand 甲=S014', '@hand 乙=S084 S030', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043',
    '甲: 【不出】', '甲: 【技能】英魂', '甲: 【选择】甲', '甲: 【选择】乙', '甲: 【选择】1', '乙: 【弃牌】S030']);
  assert.deepEqual(s.commands.filter((c) => !c.ok).map((c) => c.code), ['ILLEGAL_TARGET']);
  assert.deepEqual(pl(s, '乙').hand, ['S084']);
  assert.deepEqual(rows(s, 'draw').filter((r) => r.why === '英魂'), []);
});

test('H-WU-09 英魂 declined (timeout, X3.2: no): nobody draws or discards; 孙坚 stays hidden', () => {
  const s = play([...WOUNDED, '@timeout']);
  noRefusals(s);
  assert.deepEqual([pl(s, '丙').hand, pl(s, '乙').revealed, skillRows(s)], [['S094', 'S010'], [false, false], []]);
});
