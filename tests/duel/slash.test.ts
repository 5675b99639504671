/**
 * duel.md D10.2: "text and slash end in the same typed command" — each of the duel's slash commands writes the
 * 【…】 text a player would type (names in Chinese, whatever name or id the option held), which the one parser
 * reads as the command meant; and the setup options (seed, rated) ride with the settings to the start entry.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { DuelRules } from '../../src/games/duel/module.ts';
import { parseDuel } from '../../src/games/duel/parse.ts';
import { cancelText, helperText, orderText, rallyText, routeText, standText, duelRated } from '../../src/games/duel/slash/index.ts';

const rules = new DuelRules(loadMapFile('maps/europe.json'));
const parsed = (text: string) => parseDuel(rules.g, text, 'zh').map((p) => (p.ok ? p.command : { refused: p.code }));
const zh = (id: string) => rules.map.territory.get(id)!.name.zh;
const [a, b] = ((): [string, string] => {
  for (const t of rules.g.land) { const n = rules.g.landNbrs.get(t)?.[0]; if (n) return [t, n]; }
  throw new Error('no neighbours');
})();

test('D10.2 the duel\'s slash commands as typed commands: /order, /stand, /route, /cancel, /helper, /rally', () => {
  const en = rules.map.territory.get(a)!.name.en;
  assert.equal(orderText(rules, a, b, 'half'), `【调兵】${zh(a)}→${zh(b)} 一半`, 'ids become the Chinese names');
  assert.equal(orderText(rules, en, zh(b), 'all'), `【调兵】${zh(a)}→${zh(b)}`, 'an English name too; all is the default');
  assert.deepEqual(parsed(orderText(rules, a, b, 'half')), [{ kind: 'order', order: { kind: 'move', from: a, to: b, count: 'half' } }]);
  assert.deepEqual(parsed(orderText(rules, a, a, 'half')), [{ kind: 'order', order: { kind: 'stand', from: a } }], 'to = from: stand');
  assert.deepEqual(parsed(orderText(rules, a, b, '5')), [{ refused: 'COUNT_NOT_ALLOWED' }], 'a number is passed on and refused by the parser');
  assert.deepEqual(parsed(orderText(rules, a, '没有这个地方', null)), [{ refused: 'UNKNOWN_TERRITORY' }]);
  assert.deepEqual(parsed(standText(rules, `${a}, ${b}`)), [{ kind: 'order', order: { kind: 'stand', from: a } }, { kind: 'order', order: { kind: 'stand', from: b } }]);
  assert.deepEqual(parsed(routeText(rules, `${a}→${b}`, 'half')), [{ kind: 'route', from: a, points: [b], count: 'half' }]);
  assert.deepEqual(parsed(cancelText(rules, 'all')), [{ kind: 'cancel', from: 'all' }]);
  assert.deepEqual(parsed(cancelText(rules, a)), [{ kind: 'cancel', from: a }]);
  assert.deepEqual(parsed(cancelText(rules, '#3')), [{ kind: 'cancelRoute', target: { id: 3 } }]);
  assert.deepEqual(parsed(cancelText(rules, 'routes')), [{ kind: 'cancelRoute', target: 'all' }]);
  assert.deepEqual(parsed(cancelText(rules, `路线 ${a}`)), [{ kind: 'cancelRoute', target: { node: a } }]);
  assert.deepEqual(parsed(helperText(rules, 'expand')), [{ kind: 'helper', mode: 'expand' }]);
  assert.deepEqual(parsed(helperText(rules, 'defend', `${a}、${b}`)), [{ kind: 'helper', mode: 'defend', paint: [a, b] }]);
  const balkans = parsed(helperText(rules, 'rally', null, 'balkans'))[0] as { kind: string; mode: string; paint: string[] };
  assert.equal(balkans.kind, 'helper');
  assert.ok(balkans.paint.length > 3, 'a region paints its territories');
  assert.deepEqual(parsed(helperText(rules, 'clear')), [{ kind: 'clearPaint', ids: 'all' }]);
  assert.deepEqual(parsed(helperText(rules, 'clear', a)), [{ kind: 'clearPaint', ids: [a] }]);
  assert.deepEqual(parsed(rallyText(rules, a)), [{ kind: 'rally', at: a }]);
  assert.deepEqual(parsed(rallyText(rules, 'clear')), [{ kind: 'rally', at: null }]);
});

test('D9.2 a /duel\'s rating: rated by default between people; rated:false unrated; a seed or a scripted bot unrated, and rated:true on them NOT_ALLOWED', () => {
  assert.deepEqual(duelRated({ bot: null, settings: {} }, 'zh'), { ok: true, rated: true });
  assert.deepEqual(duelRated({ bot: null, settings: { rated: false }, rated: false }, 'zh'), { ok: true, rated: false });
  assert.deepEqual(duelRated({ bot: null, settings: { seed: 7 } }, 'zh'), { ok: true, rated: false });
  assert.deepEqual(duelRated({ bot: 'greedy', settings: {} }, 'zh'), { ok: true, rated: false });
  assert.deepEqual(duelRated({ bot: 'agent', settings: {} }, 'zh'), { ok: true, rated: true }, 'the agent plays rated (D9.1)');
  for (const ask of [{ bot: null, settings: { seed: 7 }, rated: true }, { bot: 'lander', settings: {}, rated: true }, { bot: null, settings: { turnSeconds: 60 }, rated: true }]) {
    const r = duelRated(ask, 'zh');
    assert.deepEqual([r.ok, !r.ok && r.code], [false, 'NOT_ALLOWED'], JSON.stringify(ask));
  }
});

test('setup options: seed and rated are checked with the settings, kept until the start, and taken out of the game\'s settings there', () => {
  const s = rules.settings({}, { seed: 7, rated: false, turnSeconds: 60 });
  assert.ok(s.ok);
  assert.deepEqual([(s.settings as Record<string, unknown>).seed, (s.settings as Record<string, unknown>).rated], [7, false]);
  const bad = rules.settings({}, { seed: -1 });
  assert.deepEqual([bad.ok, !bad.ok && bad.key], [false, 'seed']);
  const later = rules.settings(s.settings, { turnLimit: 100 });
  assert.ok(later.ok && (later.settings as Record<string, unknown>).seed === 7, 'a later patch keeps them');
  const start = rules.setup(['A', 'B'], s.settings, 99, 0) as unknown as { seed: number; rated?: boolean; settings: Record<string, unknown> };
  assert.equal(start.seed, 7, 'the chosen seed draws');
  assert.equal(start.rated, undefined, 'unrated');
  assert.ok(!('seed' in start.settings) && !('rated' in start.settings), 'not settings of the game');
  const plain = rules.setup(['A', 'B'], {}, 99, 0) as unknown as { seed: number; rated?: boolean };
  assert.deepEqual([plain.seed, plain.rated], [99, true], 'otherwise the service\'s seed, rated');
});
