/** Issue 11's parser items: the cap on commands per message (2), counts after a space (25), help from the map (22). */
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/map/index.ts';
import { defaultSettings, mergeSettings, stateJson } from '../../src/engine/index.ts';
import { parseMessage } from '../../src/parse/index.ts';
import { runTranscript } from '../../src/replay/index.ts';

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
