/**
 * duel.md D10.1 (commands.md §1's lenient reading): characters that show nothing — zero-width spaces and joiners, the
 * BOM, bidi marks — are not read, as New European War's parser does not read them (the platform's stripInvisible),
 * and a refusal never quotes one back.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { duelGraph } from '../../src/games/duel/board.ts';
import { parseDuel } from '../../src/games/duel/parse.ts';
import { DuelRules } from '../../src/games/duel/module.ts';

const g = duelGraph(loadMapFile('tests/fixtures/tiny.json'));
const INVISIBLES = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u200e', '\u200f', '\u202a', '\u202e', '\u2066', '\u2069', '\u00ad'];
const HIDDEN = new RegExp(`[${INVISIBLES.join('')}]`, 'u');

test('D10.1 【准备\\u200b】 is 【准备】: zero-width, BOM and bidi characters anywhere in a command are not read', () => {
  for (const c of INVISIBLES) {
    const code = `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    assert.deepEqual(parseDuel(g, `【准备${c}】`, 'zh').map((p) => p.ok && p.command), [{ kind: 'ready' }], `【准备${code}】`);
    assert.deepEqual(parseDuel(g, `${c}【准${c}备】${c}`, 'zh').map((p) => p.ok && p.command), [{ kind: 'ready' }], `around and inside the name, ${code}`);
    assert.deepEqual(parseDuel(g, `【调兵】甲${c}都→${c}甲城 一${c}半`, 'zh').map((p) => p.ok && p.command),
      [{ kind: 'order', order: { kind: 'move', from: 'a_cap', to: 'a_city', count: 'half' } }], `in names and the amount, ${code}`);
  }
  // New lines and tabs are white space, not invisible: two commands on two lines stay two, a list stays a list.
  assert.deepEqual(parseDuel(g, '【驻守】甲都\n甲城\t中原', 'zh').map((p) => p.ok && p.command),
    [{ kind: 'order', order: { kind: 'stand', from: 'a_cap' } }, { kind: 'order', order: { kind: 'stand', from: 'a_city' } }, { kind: 'order', order: { kind: 'stand', from: 'mid' } }]);
});

test('D10.10 a refusal never echoes an invisible character (UNKNOWN_COMMAND, UNKNOWN_TERRITORY, COUNT_NOT_ALLOWED, BAD_SYNTAX, WRONG_GAME)', () => {
  const rules = new DuelRules(loadMapFile('tests/fixtures/tiny.json'));
  const z = '\u200b\u202e\ufeff';
  for (const [text, want] of [
    [`【准${z}备一下】`, 'UNKNOWN_COMMAND'],
    [`【调兵】甲都→火${z}星`, 'UNKNOWN_TERRITORY'],
    [`【调兵】甲都→甲城 5${z}`, 'COUNT_NOT_ALLOWED'],
    [`【路线】甲${z}都`, 'BAD_SYNTAX'],
    [`【宣${z}战】甲国向乙国宣战`, 'WRONG_GAME'],
  ] as const) {
    const [p] = parseDuel(g, text, 'zh');
    assert.ok(p && !p.ok, text);
    assert.equal(p.code, want, text);
    assert.doesNotMatch(p.message, HIDDEN, `${want}: the message`);
    assert.doesNotMatch(p.text, HIDDEN, `${want}: the quoted command`);
    // What the module hands the service (the log row and the answer) quotes the same clean text.
    const [entry] = rules.parse(text, null, { kind: 'seat', seat: 'A', name: 'x' }, false, 0, 'zh');
    assert.doesNotMatch(JSON.stringify(entry), HIDDEN, `${want}: the entry`);
  }
  assert.equal(parseDuel(g, '\u200b'.repeat(5000) + '【准备】', 'zh')[0]!.ok, true, 'invisible padding does not count toward MESSAGE_TOO_LONG');
});
