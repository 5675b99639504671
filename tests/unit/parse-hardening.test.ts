/** Issue 11's parser items: the cap on commands per message (2), counts after a space (25), help from the map (22). */
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { applyEntry, defaultSettings, helpText, mergeSettings, newGame, stateJson } from '../../src/games/neuwar/engine/index.ts';
import { parseMessage } from '../../src/games/neuwar/parse/index.ts';
import { runTranscript } from '../../src/replay/index.ts';
import { liveSetup, twoPlayerGame, say, alice, sam, TINY } from '../helpers/live.ts';

const tiny = loadMapFile('tests/fixtures/tiny.json');

test('item 2: maxCommandsPerMessage is a setting, 100 by default, a whole number of at least 1', () => {
  assert.equal(defaultSettings().maxCommandsPerMessage, 100);
  assert.equal(mergeSettings(defaultSettings(), { maxCommandsPerMessage: 5 }).ok, true);
  assert.equal(mergeSettings(defaultSettings(), { maxCommandsPerMessage: 0 }).ok, false);
  assert.equal(mergeSettings(defaultSettings(), { maxCommandsPerMessage: 2.5 }).ok, false);
});

test('item 2: a message of more commands than the limit is refused whole with TOO_MANY_COMMANDS, saying how many and the limit', () => {
  const flood = '【完成】'.repeat(1000);
  const r = parseMessage(flood, tiny);
  assert.equal(r.length, 1, 'one refusal for the whole message');
  const p = r[0]!;
  assert.ok(!p.ok);
  assert.equal(p.code, 'TOO_MANY_COMMANDS');
  assert.match(p.message, /1000/);
  assert.match(p.message, /100/);
  assert.match(p.message, /命令/);
  assert.equal(p.text, flood);

  const en = parseMessage('【完成】'.repeat(101), tiny, { lang: 'en' });
  assert.equal(en.length, 1);
  assert.ok(!en[0]!.ok);
  assert.equal(en[0]!.code, 'TOO_MANY_COMMANDS');
  assert.match(en[0]!.message, /101 commands/);
  assert.match(en[0]!.message, /limit is 100/);

  const at = parseMessage('【完成】'.repeat(100), tiny);
  assert.equal(at.length, 100, 'exactly the limit is accepted');
  assert.ok(at.every((x) => x.ok));
});

test('item 2: the limit comes from the settings passed to the parser', () => {
  const settings = { ...defaultSettings(), maxCommandsPerMessage: 3 };
  const r = parseMessage('【完成】；【状态】；【命令】；【地图】', tiny, { settings });
  assert.equal(r.length, 1);
  assert.equal(!r[0]!.ok && r[0]!.code, 'TOO_MANY_COMMANDS');
  assert.match(!r[0]!.ok ? r[0]!.message : '', /4/);
  assert.equal(parseMessage('【完成】；【状态】；【命令】', tiny, { settings }).length, 3);
  // 【规则】 with several settings is several log entries: they count too.
  const rules = parseMessage('【规则】latePenalty=5 warCost=5 breakCost=5 pactCost=5', tiny, { settings });
  assert.equal(rules.length, 1);
  assert.equal(!rules[0]!.ok && rules[0]!.code, 'TOO_MANY_COMMANDS');
});

test('item 2: a flood in a transcript writes one refused log entry and applies nothing', () => {
  const text = [
    '@map tests/fixtures/tiny.json',
    '@players A B',
    `甲国: ${'【完成】'.repeat(1000)}`,
    '@set maxCommandsPerMessage=2',
    '乙国: 【完成】；【状态】；【命令】',
  ].join('\n');
  const { game } = runTranscript('flood.txt', text);
  const log = stateJson(game.state, game.map).log as { command: string; ok: boolean; code?: string; line?: number }[];
  assert.equal(log.length, 2, 'one entry per refused message');
  assert.deepEqual(log.map((e) => [e.line, e.ok, e.code]), [[3, false, 'TOO_MANY_COMMANDS'], [5, false, 'TOO_MANY_COMMANDS']]);
  assert.equal(game.state.countries.A!.committed, false, 'nothing applied');
  assert.equal(game.state.countries.B!.committed, false);
});

/** tests/fixtures/glue.json: the tiny map plus a territory named Aland1 (id a_one) and one named St. Ives. */
const glue = loadMapFile('tests/fixtures/glue.json');
const move = (text: string, map = glue) => {
  const r = parseMessage(text, map);
  assert.equal(r.length, 1, text);
  assert.ok(r[0]!.ok, `${text}: ${JSON.stringify(r[0])}`);
  return r[0]!.command;
};
const to = (id: string, count: { kind: 'n'; n: number } | { kind: 'all' }, from = 'a_cap') => ({ kind: 'move', from, to: id, count });

test('item 25: a space before a count ends the name: a_land 1 is a_land and 1 even where a name Aland1 exists', () => {
  assert.deepEqual(move('【调兵】a_cap→a_land 1'), to('a_land', { kind: 'n', n: 1 }));
  assert.deepEqual(move('【调兵】a_cap→Aland 1'), to('a_land', { kind: 'n', n: 1 }));
  assert.deepEqual(move('【调兵】a_cap→A_LAND 12'), to('a_land', { kind: 'n', n: 12 }));
  assert.deepEqual(move('【调兵】a_cap→ａ＿ｌａｎｄ　１'), to('a_land', { kind: 'n', n: 1 }), 'full-width letters and spaces fold first');
  // Longest-first still applies to the characters as typed.
  assert.deepEqual(move('【调兵】a_cap→Aland1 2'), to('a_one', { kind: 'n', n: 2 }));
  assert.deepEqual(move('【调兵】a_cap→Aland12'), to('a_one', { kind: 'n', n: 2 }));
  assert.deepEqual(move('【调兵】a_cap→Aland1'), to('a_one', { kind: 'all' }));
  assert.deepEqual(move('【调兵】a_cap→aland1 全部'), to('a_one', { kind: 'all' }));
  // A stray space inside a name, not before a count, is passed over.
  assert.deepEqual(move('【调兵】甲都→甲 乡 20'), to('a_land', { kind: 'n', n: 20 }));
  assert.deepEqual(move('【调兵】a_cap→Aland 全部'), to('a_land', { kind: 'all' }));
  // Where no longer name exists, a count glued to the name with a stray space inside is still one number.
  assert.deepEqual(move('【调兵】Acap→Aland1 2', tiny), to('a_land', { kind: 'n', n: 12 }));
});

test('item 25: names with spaces and dots are matched as typed, with or without the dots', () => {
  for (const name of ['St. Ives', 'St Ives', 'StIves', 'st.ives', 'st_ives', '圣艾夫斯']) {
    assert.deepEqual(move(`【调兵】乙乡→${name} 3`), to('st_ives', { kind: 'n', n: 3 }, 'b_land'), name);
  }
  assert.deepEqual(move('【调兵】乙乡→St. Ives'), to('st_ives', { kind: 'all' }, 'b_land'));
  assert.deepEqual(move('【交易】甲国向乙国提出交易申请，以Aland1交换St. Ives。'),
    { kind: 'trade', from: 'A', to: 'B', give: [{ kind: 'territory', id: 'a_one' }], get: [{ kind: 'territory', id: 'st_ives' }] });
  assert.deepEqual(move('【动员】部分 a_land 60 Aland1 40'),
    { kind: 'mobilize', type: 'partial', placement: [{ territory: 'a_land', n: 60 }, { territory: 'a_one', n: 40 }] });
});

const EUROPE = /法国|德国|巴黎|里尔|柏林|汉堡|France|Paris|Berlin/;

test('item 22: 【帮助】 on the tiny map names the tiny map\'s countries and adjacent territories, in zh and en', () => {
  const zh = helpText('zh', tiny);
  assert.doesNotMatch(zh, EUROPE);
  assert.match(zh, /【宣战】甲国向乙国宣战/);
  assert.match(zh, /【调兵】甲都→甲城 20/, 'a move between two adjacent territories of the first country');
  assert.ok(tiny.adj.get('a_cap')!.has('a_city'));
  assert.match(zh, /割让乙城/, 'terms name a territory of the other country');
  assert.match(zh, /【动员】全国 甲都100 甲城100/);
  const en = helpText('en', tiny);
  assert.doesNotMatch(en, EUROPE);
  assert.match(en, /【宣战】Alpha向Beta宣战/);
  assert.match(en, /【调兵】Acap→Acity 20/);
  // Every example in it parses on that map.
  for (const ex of ['【宣战】甲国向乙国宣战', '【调兵】甲都→甲城 20', '【动员】全国 甲都100 甲城100']) assert.ok(parseMessage(ex, tiny)[0]!.ok, ex);
});

test('item 22: the engine answers 【帮助】 with the game\'s own map', () => {
  const g = newGame(tiny, { players: ['A', 'B'], settings: defaultSettings(), at: 0 });
  const step = applyEntry(g, { type: 'command', at: 0, speaker: { kind: 'country', id: 'A' }, command: { kind: 'query', what: 'help' } });
  assert.ok(step.outcome?.ok);
  assert.match(step.outcome!.message, /甲都→甲城/);
  assert.doesNotMatch(step.outcome!.message, EUROPE);
});

test('item 22: the live game answers 【帮助】 from its map, in the lobby, to a player and to a spectator', async () => {
  const l = await liveSetup();
  const c = await l.svc.createGame('lobby', alice, { map: TINY });
  assert.ok(c.ok, c.text);
  const lobby = await say(l, 'lobby', alice, '【帮助】');
  assert.match(lobby.text, /甲都→甲城/);
  await twoPlayerGame(l);
  for (const who of [alice, sam]) {
    const r = await say(l, 'ch1', who, '【帮助】');
    assert.equal(r.ok, true, r.text);
    assert.match(r.text, /【宣战】甲国向乙国宣战/);
    assert.doesNotMatch(r.text, EUROPE);
  }
  await l.svc.idle();
  l.svc.close();
});
