/**
 * X6.1–X6.2: the text commands players type, read without the state (the engine resolves cards and seats).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardRef, parseCommands } from '../../src/games/guozhan/parse.ts';

const one = (t: string) => { const p = parseCommands(t); assert.equal(p.length, 1, t); return p[0]!; };
const cmd = (t: string) => { const p = one(t); assert.ok(p.ok && 'cmd' in p, `${t}: ${!p.ok ? p.message : ''}`); return (p as { cmd: unknown }).cmd; };

test('X6.1: card references — physical ids, suit/rank/name in any combination, Chinese suit words', () => {
  assert.deepEqual(cardRef('S014'), { id: 'S014' });
  assert.deepEqual(cardRef('s014'), { id: 'S014' });
  assert.deepEqual(cardRef('♠7'), { suit: '♠', rank: 7 });
  assert.deepEqual(cardRef('♥Q'), { suit: '♥', rank: 12 });
  assert.deepEqual(cardRef('♠10杀'), { suit: '♠', rank: 10, name: '杀' });
  assert.deepEqual(cardRef('黑桃A决斗'), { suit: '♠', rank: 1, name: '决斗' });
  assert.deepEqual(cardRef('方块13'), { suit: '♦', rank: 13 });
  assert.deepEqual(cardRef('♥K闪'), { suit: '♥', rank: 13, name: '闪' });
  assert.deepEqual(cardRef('+1马'), { name: '+1马' });
  assert.deepEqual(cardRef('闪'), { name: '闪' });
  assert.equal(cardRef('乙'), null);
  assert.equal(cardRef(''), null);
});

test('X6.2: 【N】[C、…][（K）][→P、…[→P]] — uses, conversions, targets, 借刀杀人\'s victim, 全势力', () => {
  assert.deepEqual(cmd('【杀】→乙'), { k: 'card', name: '杀', cards: [], targets: ['乙'] });
  assert.deepEqual(cmd('【杀】♠7→乙'), { k: 'card', name: '杀', cards: [{ suit: '♠', rank: 7 }], targets: ['乙'] });
  assert.deepEqual(cmd('【杀】S051（武圣）→乙'), { k: 'card', name: '杀', cards: [{ id: 'S051' }], skill: '武圣', targets: ['乙'] });
  assert.deepEqual(cmd('【杀】♠3、♣5（丈八蛇矛）->乙'), { k: 'card', name: '杀', cards: [{ suit: '♠', rank: 3 }, { suit: '♣', rank: 5 }], skill: '丈八蛇矛', targets: ['乙'] });
  assert.deepEqual(cmd('【借刀杀人】→乙→丙'), { k: 'card', name: '借刀杀人', cards: [], targets: ['乙'], victim: '丙' });
  assert.deepEqual(cmd('【铁索连环】→乙、丙'), { k: 'card', name: '铁索连环', cards: [], targets: ['乙', '丙'] });
  assert.deepEqual(cmd('[铁索连环]→乙,丙'), { k: 'card', name: '铁索连环', cards: [], targets: ['乙', '丙'] });
  assert.deepEqual(cmd('【无懈可击·国】全势力'), { k: 'card', name: '无懈可击·国', cards: [], targets: [], whole: true });
  assert.deepEqual(cmd('【国无懈】 全势力'), { k: 'card', name: '国无懈', cards: [], targets: [], whole: true });
  assert.deepEqual(cmd('【闪】'), { k: 'card', name: '闪', cards: [], targets: [] });
  // Traditional reads as Simplified (commands.md §1).
  assert.deepEqual(cmd('【無懈可擊】'), { k: 'card', name: '无懈可击', cards: [], targets: [] });
});

test('X6.2: the other commands', () => {
  assert.deepEqual(cmd('【不出】'), { k: 'pass' });
  assert.deepEqual(cmd('【过】'), { k: 'pass' });
  assert.deepEqual(cmd('【确定】'), { k: 'ok' });
  assert.deepEqual(cmd('【结束】'), { k: 'end' });
  assert.deepEqual(cmd('【明置】主将'), { k: 'reveal', which: 'main' });
  assert.deepEqual(cmd('【明置】全部'), { k: 'reveal', which: 'both' });
  assert.deepEqual(cmd('【标记】先驱'), { k: 'marker', marker: 'vanguard' });
  assert.deepEqual(cmd('【标记】阴阳鱼 手牌上限'), { k: 'marker', marker: 'yinyang', option: 'limit' });
  assert.deepEqual(cmd('【标记】珠联璧合 桃→乙'), { k: 'marker', marker: 'companion', option: 'peach', target: '乙' });
  assert.deepEqual(cmd('【重铸】♣Q'), { k: 'recast', card: { suit: '♣', rank: 12 } });
  assert.deepEqual(cmd('【弃牌】♠7杀、♥K闪'), { k: 'discard', cards: [{ suit: '♠', rank: 7, name: '杀' }, { suit: '♥', rank: 13, name: '闪' }] });
  assert.deepEqual(cmd('【技能】八卦阵'), { k: 'skill', skill: '八卦阵', cards: [], targets: [] });
  assert.deepEqual(cmd('【技能】三尖两刃刀 ♠3→丙'), { k: 'skill', skill: '三尖两刃刀', cards: [{ suit: '♠', rank: 3 }], targets: ['丙'] });
  assert.deepEqual(cmd('【选择】曹操+典韦'), { k: 'choose', pair: ['hs__caocao', 'hs__dianwei'], text: '曹操+典韦' });
  const c = cmd('【选择】2') as { option: number };
  assert.equal(c.option, 2);
  const h = cmd('【选择】手牌2') as { other: unknown[] };
  assert.deepEqual(h.other, [{ pos: 2 }]);
  const g = cmd('【选择】乙 副将') as { general: unknown };
  assert.deepEqual(g.general, { player: '乙', which: 'deputy' });
  assert.deepEqual((cmd('【选择】防具') as { other: unknown }).other, [{ slot: 'armor' }]);
  assert.deepEqual(cmd('【状态】'), { k: 'query', what: 'status' });
});

test('X6.4 codes: refusals the parser can tell', () => {
  const r = (t: string) => { const p = one(t); assert.ok(!p.ok, t); return (p as { code: string }).code; };
  assert.equal(r('【法术】'), 'UNKNOWN_COMMAND');
  assert.equal(r('【杀】♠7马超→乙'), 'UNKNOWN_CARD');
  assert.equal(r('【明置】左边'), 'BAD_SYNTAX');
  assert.equal(r('【选择】曹操+诸葛孔明'), 'UNKNOWN_CARD');
  // Not two names: the form (BAD_SYNTAX), not an unknown general — an empty side or a third name.
  for (const t of ['【选择】 ＋ ', '【选择】曹操+', '【选择】曹操+典韦+许褚']) {
    const p = one(t) as { ok: false; code: string; message: string };
    assert.deepEqual([p.ok, p.code], [false, 'BAD_SYNTAX'], t);
    assert.match(p.message, /要两名武将，用\+隔开：【选择】主将\+副将/);
  }
  // G18.3: 连横 parses (the engine refuses it without strategicAdvantage); a target is required.
  assert.equal(r('【连横】♠A'), 'BAD_SYNTAX');
  assert.deepEqual(cmd('【连横】SA29、♠6酒→乙'), { k: 'alliance', cards: [{ id: 'SA29' }, { suit: '♠', rank: 6, name: '酒' }], target: '乙' });
  assert.equal((parseCommands('x'.repeat(4001))[0] as { code: string }).code, 'MESSAGE_TOO_LONG');
  assert.equal((parseCommands('【过】'.repeat(101))[0] as { code: string }).code, 'TOO_MANY_COMMANDS');
  assert.equal(parseCommands('【过】'.repeat(100)).length, 100);
  // Several commands in one message, separated by ； or new lines.
  assert.equal(parseCommands('【杀】→乙；【结束】').length, 2);
  assert.equal(parseCommands('hello').length, 0);
});
