/**
 * Issue 11 item 6: privacy is decided from the parsed command (the engine's list), never from the raw text, so a
 * mistyped private order spelled loosely is still answered only to its author and never posted.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { isPrivateEntry, type LogEntry } from '../../src/games/neuwar/engine/index.ts';
import { parseMessage } from '../../src/games/neuwar/parse/index.ts';
import { entriesFromText } from '../../src/replay/index.ts';
import { liveSetup, twoPlayerGame, say, alice, bob, tinyMap } from '../helpers/live.ts';

const tiny = tinyMap();

/** Mistyped private orders (波兹兰 is no territory of the tiny map, 丁国 no country), spelled loosely. */
const LOOSE = [
  '【调 兵】甲都→波兹兰 7',
  '【调\u200b兵】甲都→波兹兰 7',
  '【调 兵】甲\u200b都→波兹兰 7',
  '\u200b【调兵】甲都→波兹兰 7',
  '［调兵］甲都→波兹兰 7',
  '〔 调兵 〕甲都→波兹兰 7',
  '【調兵】甲都→波茲蘭 7',
  '【空 運】甲都→波兹兰 7',
  '【撤 銷】甲都→波兹兰',
  '【軍 事】丁国 30',
  '【科\u2060技】空艇 很多',
  '【動員】部分 波兹兰100',
  '【窺 探】丁国',
  '【狀 態】丁国',
  '【命\u200d令】丁国',
  '好的。【调 兵】甲都→波兹兰 7',
];

test('item 6: the parser records the command a refused text was meant as, however its bracket head is spelled', () => {
  const kinds = LOOSE.map((t) => {
    const r = parseMessage(t, tiny);
    assert.equal(r.length, 1, t);
    assert.ok(!r[0]!.ok, `${t} is refused`);
    return r[0]!.kind;
  });
  assert.deepEqual(kinds, ['move', 'move', 'move', 'move', 'move', 'move', 'move', 'airlift', 'cancel', 'buy', 'tech', 'mobilize', 'spy', 'query', 'query', 'move']);
  const unknown = parseMessage('【调兵兵】甲都→甲城', tiny)[0]!;
  assert.ok(!unknown.ok && unknown.code === 'UNKNOWN_COMMAND' && unknown.kind === undefined, 'no kind for an unknown command');
  const entry = entriesFromText(tiny, '【调 兵】甲都→波兹兰 7', { kind: 'country', id: 'A' }, 0, 'zh')[0]!;
  assert.equal(entry.type === 'refused' && entry.kind, 'move', 'the refused log entry carries it');
});

test('item 6: isPrivateEntry is one list for accepted and refused entries', () => {
  const sp = { kind: 'country' as const, id: 'A' };
  const cmd = (command: Extract<LogEntry, { type: 'command' }>['command']): LogEntry => ({ type: 'command', at: 0, speaker: sp, command });
  const refused = (kind?: Extract<LogEntry, { type: 'refused' }>['kind']): LogEntry => ({ type: 'refused', at: 0, speaker: sp, code: 'BAD_SYNTAX', message: '', ...(kind ? { kind } : {}) });
  assert.equal(isPrivateEntry(cmd({ kind: 'move', from: 'a_cap', to: 'a_city', count: { kind: 'all' } })), true);
  assert.equal(isPrivateEntry(cmd({ kind: 'buy', n: 3 })), true);
  assert.equal(isPrivateEntry(cmd({ kind: 'industry' })), true);
  assert.equal(isPrivateEntry(cmd({ kind: 'query', what: 'status' })), true);
  assert.equal(isPrivateEntry(cmd({ kind: 'query', what: 'help' })), true);
  assert.equal(isPrivateEntry(cmd({ kind: 'query', what: 'map' })), false);
  assert.equal(isPrivateEntry(cmd({ kind: 'declareWar', from: 'A', to: 'B' })), false);
  assert.equal(isPrivateEntry(cmd({ kind: 'commit' })), false);
  for (const k of ['move', 'airlift', 'cancel', 'buy', 'industry', 'tech', 'mobilize', 'spy', 'query'] as const) assert.equal(isPrivateEntry(refused(k)), true, k);
  assert.equal(isPrivateEntry(refused('declareWar')), false);
  assert.equal(isPrivateEntry(refused()), false);
  assert.equal(isPrivateEntry({ type: 'tick', at: 0 }), false);
});

test('item 6: a loosely spelled, mistyped private order is answered only privately and never posted', async () => {
  const l = await liveSetup();
  await twoPlayerGame(l);
  await l.svc.idle(); // the opening map is posted in the background
  for (const text of LOOSE) {
    l.chat.clear();
    const reply = await say(l, 'ch1', alice, text);
    await l.svc.idle();
    assert.equal(reply.ok, false, text);
    assert.equal(reply.private, true, `${text}: the reply is private`);
    assert.equal(reply.deleteOriginal, true, `${text}: the typed message is taken down`);
    assert.deepEqual(l.chat.posts('ch1'), [], `${text}: nothing posted in the channel`);
    const priv = l.chat.privates(alice.id).map((p) => p.msg.text).join('\n');
    assert.match(priv, /波兹兰|丁国|【科技】|波茲蘭/, `${text}: the refusal reaches its author: ${priv}`);
    assert.ok(l.chat.log.some((p) => p.kind === 'delete'), `${text}: the message is deleted`);
  }
  // Diplomacy is public: a mistyped declaration is still answered in the channel.
  l.chat.clear();
  const war = await say(l, 'ch1', bob, '【宣 战】乙国向丁国宣战');
  await l.svc.idle();
  assert.equal(war.private, false);
  assert.match(l.chat.posts('ch1').join('\n'), /丁国/);
  l.svc.close();
});

test('item 6: a whole-message refusal holding a private order is private too', async () => {
  const l = await liveSetup();
  await twoPlayerGame(l);
  await l.svc.idle();
  l.chat.clear();
  const flood = '【完成】'.repeat(120) + '【调兵】甲都→甲城 5';
  const r = parseMessage(flood, tiny)[0]!;
  assert.ok(!r.ok && r.code === 'TOO_MANY_COMMANDS' && r.kind === 'move');
  const reply = await say(l, 'ch1', alice, flood);
  await l.svc.idle();
  assert.equal(reply.code, 'TOO_MANY_COMMANDS');
  assert.equal(reply.private, true);
  assert.deepEqual(l.chat.posts('ch1'), []);
  const long = parseMessage('【调兵】甲都→甲城 5' + ' '.repeat(4000) + 'x', tiny)[0]!;
  assert.ok(!long.ok && long.code === 'MESSAGE_TOO_LONG' && long.kind === 'move');
  const chat = parseMessage('【完成】'.repeat(120), tiny)[0]!;
  assert.ok(!chat.ok && chat.kind === undefined, 'nothing private in it: no kind');
  l.svc.close();
});
