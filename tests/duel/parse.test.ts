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

test('D10.1 Traditional Chinese reads as Simplified (commands.md §1, the war mode\'s converter): command names, keywords and place names', () => {
  assert.deepEqual(cmd('【調兵】甲都→甲城 一半'), { kind: 'order', order: { kind: 'move', from: 'a_cap', to: 'a_city', count: 'half' } });
  assert.deepEqual([cmd('【準備】'), cmd('【認輸】'), cmd('【取消準備】')], [{ kind: 'ready' }, { kind: 'resign' }, { kind: 'unready' }]);
  assert.deepEqual(cmd('【撤銷】路線 全部'), { kind: 'cancelRoute', target: 'all' });
  assert.deepEqual(cmd('【路線】甲都→中原→乙都'), { kind: 'route', from: 'a_cap', points: ['mid', 'b_cap'], count: 'all' });
  assert.deepEqual(cmd('【集結點】中原'), { kind: 'rally', at: 'mid' });
  assert.deepEqual(cmd('【助手】擴張'), { kind: 'helper', mode: 'expand' });
  assert.deepEqual(cmd('【結算】'), { kind: 'judge', command: { kind: 'resolve' } });
  const europe = duelGraph(loadMapFile('maps/europe.json'));
  // 華沙 → 华沙 (warsaw), 巴塞羅那 → 巴塞罗那 (barcelona), 維也納 → 维也纳 (vienna).
  const p = parseDuel(europe, '【調兵】華沙→柏林 一半；【路線】巴塞羅那→馬德里；【集結點】維也納', 'zh');
  assert.deepEqual(p.map((x) => x.ok && x.command), [
    { kind: 'order', order: { kind: 'move', from: 'warsaw', to: 'berlin', count: 'half' } },
    { kind: 'route', from: 'barcelona', points: ['madrid'], count: 'all' },
    { kind: 'rally', at: 'vienna' },
  ]);
});

test('D10.1 the judge\'s commands and the queries; 【规则】 checks D10.9 at the syntax (BAD_SYNTAX)', () => {
  assert.deepEqual([cmd('【结算】'), cmd('【暂停】'), cmd('【继续】')], [{ kind: 'judge', command: { kind: 'resolve' } }, { kind: 'judge', command: { kind: 'pause' } }, { kind: 'judge', command: { kind: 'resume' } }]);
  assert.deepEqual(cmd('【规则】turnSeconds=60 turnLimit=80'), { kind: 'judge', command: { kind: 'rule', patch: { turnSeconds: '60', turnLimit: '80' } } });
  assert.equal(code('【规则】turnSeconds=3'), 'BAD_SYNTAX');
  assert.match((() => { const p = one('【规则】latePenalty=5'); return !p.ok ? p.message : ''; })(), /没有"latePenalty"这个对决设置/);
  assert.deepEqual([cmd('【结束】'), cmd('【结束】红方'), cmd('【结束】B')], [{ kind: 'judge', command: { kind: 'end' } }, { kind: 'judge', command: { kind: 'end', winner: 'A' } }, { kind: 'judge', command: { kind: 'end', winner: 'B' } }]);
  assert.deepEqual(parseDuel(g, '【结束】北军', 'zh', { sides: { B: ['北军'] } }).map((p) => p.ok && p.command), [{ kind: 'judge', command: { kind: 'end', winner: 'B' } }]);
  assert.equal(code('【结束】绿方'), 'BAD_SYNTAX');
  assert.deepEqual(['【地图】', '【状态】', '【命令】', '【分数】', '【帮助】', '【排行】', '【等级分】'].map((t) => (cmd(t) as { what: string }).what), ['map', 'status', 'orders', 'scores', 'help', 'leaderboard', 'rating']);
});

test('D10.8/D10.10 refusals carry their log kind: a war-mode command keeps its war-mode kind (WRONG_GAME), an unknown name is `unknown`', () => {
  const kind = (text: string) => { const p = one(text); assert.ok(!p.ok, text); return [p.code, p.kind]; };
  assert.deepEqual(kind('【宣战】甲国向乙国宣战'), ['WRONG_GAME', 'declareWar']);
  assert.deepEqual(kind('【延时】5分钟'), ['WRONG_GAME', 'extend']);
  assert.deepEqual(kind('【空运】甲都→乙都 5'), ['WRONG_GAME', 'airlift']);
  assert.deepEqual(kind('【飞天】'), ['UNKNOWN_COMMAND', 'unknown']);
  assert.deepEqual(kind('【调兵】甲都→甲城 5'), ['COUNT_NOT_ALLOWED', 'move']);
  assert.deepEqual(kind('【驻守】柏临'), ['UNKNOWN_TERRITORY', 'stand']);
  assert.deepEqual(kind('【撤销】路线'), ['BAD_SYNTAX', 'cancelRoute']);
  // WRONG_GAME is decided at the name, before any place name is read (D10.10).
  assert.deepEqual(kind('【空运】不存在→也不存在 5'), ['WRONG_GAME', 'airlift']);
});

test('commands.md §1: a message over 4,000 characters is refused whole (MESSAGE_TOO_LONG); a trailing ； ends a command', () => {
  const long = parseDuel(g, `【准备】${'啊'.repeat(4000)}`, 'zh');
  assert.deepEqual(long.map((p) => !p.ok && p.code), ['MESSAGE_TOO_LONG']);
  assert.deepEqual(parseDuel(g, '【调兵】甲都→甲城；【准备】', 'zh').map((p) => p.ok && p.command), [{ kind: 'order', order: { kind: 'move', from: 'a_cap', to: 'a_city', count: 'all' } }, { kind: 'ready' }]);
});
