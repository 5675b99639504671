/**
 * H-WEI-06 郭嘉 · 天妒: after one of your judgement cards takes effect, you may take it. 甲 (刘备+关羽) puts 乐不思蜀
 * S039 ♥6 on 乙 and ends; in 乙's judge phase (a nullify window, then the judgement S014 ♠7) — 乙 = 郭嘉+… .
 * (遗计 waits for the 【给出】 distribution.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noRefusals, pl, play, rows, skillRows } from './helpers.ts';

const LE = (b: string, revealed = '') => ['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
  `@generals 甲=刘备+关羽 乙=${b} 丙=孙权+周泰 丁=吕布+貂蝉`, ...(revealed ? [`@revealed ${revealed}`] : []),
  '@hand 甲=S039 S001', '@hand 乙=S084 S053', '@hand 丙=S094', '@hand 丁=S095', '@deck S041 S043 S014 S046 S050',
  '甲: 【不出】', '甲: 【乐不思蜀】→乙', '甲: 【结束】', '乙: 【不出】', '@timeout'];

test('天妒 hidden (reveals 郭嘉): the ♠7 takes effect (play phase skipped), then 郭嘉 takes it', () => {
  const s = play([...LE('郭嘉+荀彧'), '乙: 【技能】天妒']);
  noRefusals(s);
  assert.deepEqual(pl(s, '乙').revealed, [true, false]);
  assert.ok(rows(s, 'skip').some((r) => r.phase === 'play'));
  // 乙: S084 S053, S014 taken, then the draw phase's S046 S050.
  assert.deepEqual(pl(s, '乙').hand, ['S084', 'S053', 'S014', 'S046', 'S050']);
  assert.ok(!s.discardPile.includes('S014'));
});

test('天妒 declined (timeout, X3.2): the judgement card goes to the discard pile', () => {
  const s = play([...LE('郭嘉+荀彧', '乙=主将'), '@timeout']);
  noRefusals(s);
  assert.ok(s.discardPile.includes('S014'));
  assert.deepEqual(skillRows(s), []);
});

test('鬼才 then 天妒 on one character (司马懿+郭嘉): the ♥K replaces the ♠7, 乐不思蜀 fails, and 天妒 takes the ♥K back', () => {
  const s = play([...LE('司马懿+郭嘉', '乙=全部'), '乙: 【确定】', '乙: 【选择】S053', '乙: 【确定】']);
  noRefusals(s);
  assert.deepEqual(skillRows(s), ['乙:鬼才', '乙:天妒']);
  assert.ok(!rows(s, 'skip').some((r) => r.phase === 'play'));
  assert.deepEqual(pl(s, '乙').hand, ['S084', 'S053', 'S046', 'S050']);
  assert.ok(s.discardPile.includes('S014'));
});

test('天妒 only for its owner\'s judgements: 甄姬\'s 洛神 judgement is not offered to 郭嘉', () => {
  const s = play(['@game guozhan', '@seats 甲 乙 丙 丁', '@set blindOrder=held',
    '@generals 甲=甄姬+曹丕 乙=郭嘉+荀彧 丙=孙权+周泰 丁=吕布+貂蝉', '@revealed 甲=主将 乙=主将',
    '@hand 甲=S001', '@hand 乙=S084', '@hand 丙=S094', '@hand 丁=S095', '@deck S046 S062 S014',
    '甲: 【不出】', '甲: 【确定】']); // 洛神: S046 ♥10, red — discarded, no ask to 乙; 甲 draws S062 S014
  noRefusals(s);
  assert.deepEqual([s.ask?.kind, s.ask?.seats], ['play', [0]]);
  assert.ok(s.discardPile.includes('S046'));
});
