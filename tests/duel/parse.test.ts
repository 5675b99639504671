/** Europe Duel's text commands (duel.md D10.1) on the tiny map (Chinese names 甲都, 甲城, 甲乡, 中原 …). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { duelGraph } from '../../src/games/duel/board.ts';
import { parseDuel, type Parsed } from '../../src/games/duel/parse.ts';

const g = duelGraph(loadMapFile('tests/fixtures/tiny.json'));
const one = (text: string): Parsed => { const r = parseDuel(g, text, 'zh'); assert.equal(r.length, 1, text); return r[0]!; };
const cmd = (text: string) => { const p = one(text); assert.ok(p.ok, `${text}: ${p.ok ? '' : p.message}`); return p.command; };
const code = (text: string) => { const p = one(text); assert.ok(!p.ok, text); return p.code; };

test('D10.1 orders: all by default, 一半/半/half, 驻守 and X→X stand; a number is COUNT_NOT_ALLOWED; 撤销 X→Y reads as 撤销 X', () => {
  assert.deepEqual(cmd('【调兵】甲都→甲城'), { kind: 'order', order: { kind: 'move', from: 'a_cap', to: 'a_city', count: 'all' } });
  assert.deepEqual(cmd('【调兵】甲都->甲城 一半'), { kind: 'order', order: { kind: 'move', from: 'a_cap', to: 'a_city', count: 'half' } });
  assert.deepEqual(cmd('【调兵】甲都→甲都'), { kind: 'order', order: { kind: 'stand', from: 'a_cap' } });
  assert.equal(code('【调兵】甲都→甲城 5'), 'COUNT_NOT_ALLOWED');
  assert.deepEqual(parseDuel(g, '【驻守】甲都、甲城', 'zh').map((p) => p.ok && p.command), [{ kind: 'order', order: { kind: 'stand', from: 'a_cap' } }, { kind: 'order', order: { kind: 'stand', from: 'a_city' } }]);
  assert.deepEqual(cmd('【撤销】甲都→甲城'), { kind: 'cancel', from: 'a_cap' });
  assert.deepEqual(cmd('【撤销】全部'), { kind: 'cancel', from: 'all' });
  assert.equal(code('【调兵】甲都→甲库'), 'UNKNOWN_TERRITORY', 'an arsenal is no duel territory');
});

test('D5.2/D5.6 routes and their cancelling', () => {
  assert.deepEqual(cmd('【路线】甲都→中原→乙都 一半'), { kind: 'route', from: 'a_cap', points: ['mid', 'b_cap'], count: 'half' });
  assert.deepEqual(cmd('【撤销】路线 #3'), { kind: 'cancelRoute', target: { id: 3 } });
  assert.deepEqual(cmd('【撤销】路线 甲乡'), { kind: 'cancelRoute', target: { node: 'a_land' } });
  assert.deepEqual(cmd('【撤销】路线 全部'), { kind: 'cancelRoute', target: 'all' });
  assert.equal(code('【撤销】路线'), 'BAD_SYNTAX');
  assert.equal(code('【路线】甲都'), 'BAD_SYNTAX');
});

test('D6.9/D6.5 the helper\'s mode, paint and rally point', () => {
  assert.deepEqual(cmd('【助手】扩张'), { kind: 'helper', mode: 'expand' });
  assert.deepEqual(cmd('【助手】防守 甲都、甲城'), { kind: 'helper', mode: 'defend', paint: ['a_cap', 'a_city'] });
  assert.deepEqual(cmd('【助手】清除 全部'), { kind: 'clearPaint', ids: 'all' });
  assert.deepEqual(cmd('【助手】清除 甲都'), { kind: 'clearPaint', ids: ['a_cap'] });
  assert.equal(code('【助手】飞行'), 'BAD_SYNTAX');
  assert.deepEqual(cmd('【集结点】中原'), { kind: 'rally', at: 'mid' });
  assert.deepEqual(cmd('【集结点】取消'), { kind: 'rally', at: null });
});

test('D10.1 ready, resign, queries; New European War\'s commands are WRONG_GAME; several commands in one message', () => {
  assert.deepEqual([cmd('【完成】'), cmd('【准备】'), cmd('【取消完成】'), cmd('【认输】')], [{ kind: 'ready' }, { kind: 'ready' }, { kind: 'unready' }, { kind: 'resign' }]);
  assert.equal(code('【宣战】甲国向乙国宣战'), 'WRONG_GAME');
  assert.equal(code('【飞天】'), 'UNKNOWN_COMMAND');
  assert.equal(parseDuel(g, '【调兵】甲都→甲城；【准备】', 'zh').length, 2);
  assert.equal(parseDuel(g, 'hello, no command here', 'zh').length, 0);
});
