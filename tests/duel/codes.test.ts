/**
 * duel.md D10.10: every error code a duel can give, each reached by a test — through the module (the platform's
 * path: parse, then apply, answered in Chinese) where a chat message can reach it, else through the engine or the
 * transcript runner; NO_SUCH_REQUEST through the challenge book of the chat flow (D10.3; tests/unit/discord-duel.test.ts
 * reaches it through Discord's buttons).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { duelGraph, type DuelGraph } from '../../src/games/duel/board.ts';
import { DuelRules, duelBot, type Duel } from '../../src/games/duel/module.ts';
import { applyDuel, newDuel, NO_HELPER } from '../../src/games/duel/engine.ts';
import { runDuelTranscript } from '../../src/games/duel/transcript.ts';
import { clearPaint, paintRegion } from '../../src/games/duel/helpers.ts';
import { GameService, type Entry, type Speaker } from '../../src/platform/session/index.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { neuwar } from '../../src/games/neuwar/module.ts';
import { duel } from '../../src/games/duel/module.ts';
import { ChallengeBook, CHALLENGE_SECONDS } from '../../src/games/duel/slash/index.ts';
import { FakeChat, T0, TINY, alice, bob, judy } from '../helpers/live.ts';

const tinyMap = loadMapFile('tests/fixtures/tiny.json');
const islandsMap = loadMapFile('tests/fixtures/islands.json');

/** A duel hosted by its module, capitals 甲都 (A) / 乙都 (B) on the tiny map, or 西港 / 东都 on the islands. */
function hosted(map = tinyMap, opts: { capitals?: { A: string; B: string }; bots?: { A?: string; B?: string }; rated?: boolean; settings?: Record<string, unknown> } = {}) {
  const rules = new DuelRules(map);
  const start = { type: 'start', at: 0, seed: 1, capitals: opts.capitals ?? { A: 'a_cap', B: 'b_cap' }, bots: opts.bots ?? {}, rated: opts.rated ?? false, settings: { garrisonMin: 1, garrisonMax: 1, ...(opts.settings ?? {}) } } as unknown as Entry;
  let game = rules.apply(null, start).game as Duel;
  // D9.2: explicit capitals are never rated (newDuel); the codes of a rated game are checked on this small board by marking it rated.
  if (opts.rated) game.s.rated = true;
  const say = (who: 'A' | 'B' | 'judge', text: string, judge = who === 'judge', at = 1000) => {
    const speaker: Speaker = who === 'judge' ? { kind: 'judge', name: '裁判' } : { kind: 'seat', seat: who, name: who };
    return rules.parse(text, game, speaker, judge, at, 'zh').map((e) => {
      const r = rules.apply(game, e);
      game = r.game as Duel;
      return r.step!.answer!;
    });
  };
  const code = (who: 'A' | 'B' | 'judge', text: string, judge?: boolean) => {
    const a = say(who, text, judge);
    assert.equal(a.length, 1, text);
    return [a[0]!.code ?? 'ok', a[0]!.text];
  };
  return { rules, say, code, game: () => game };
}

test('WRONG_GAME: a New European War command, decided at its name (D10.1)', () => {
  const [c, text] = hosted().code('A', '【宣战】甲国向乙国宣战');
  assert.equal(c, 'WRONG_GAME');
  assert.match(text!, /是新欧洲战争的命令，对决中没有/);
});

test('COUNT_NOT_ALLOWED: a number in a duel order (D2.2)', () => {
  const [c, text] = hosted().code('A', '【调兵】甲都→甲城 5');
  assert.deepEqual([c, text], ['COUNT_NOT_ALLOWED', '对决中调兵只有"全部"或"一半"，不能写数字；例如【调兵】甲都→甲城 一半']);
});

test('NO_PATH: a route point that cannot be reached (D5.2) — only on a graph where a node is cut off, which no valid map file has', () => {
  const g = duelGraph(tinyMap);
  const cut: DuelGraph = { ...g, nbrs: new Map([...g.nbrs].map(([k, v]) => [k, k === 'waste' ? [] : v.filter((n) => n !== 'waste')])) };
  const s = newDuel(tinyMap, { type: 'start', at: 0, seed: 1, capitals: { A: 'a_cap', B: 'b_cap' } });
  const r = applyDuel(cut, s, { type: 'command', at: 1, side: 'A', command: { kind: 'route', from: 'a_cap', points: ['waste'], count: 'all' } }, NO_HELPER);
  assert.deepEqual(r, { ok: false, code: 'NO_PATH' });
  assert.equal(s.log.at(-1)!.message, '找不到通往这个地点的路（D5.3）；换一个途经点');
});

test('NO_SUCH_ROUTE: cancelling a route by #id or node that matches none of the speaker\'s live routes (D5.6)', () => {
  const h = hosted();
  assert.deepEqual(h.code('A', '【撤销】路线 #3'), ['NO_SUCH_ROUTE', '你没有这条路线；【命令】列出你的路线']);
  assert.equal(h.code('A', '【路线】甲都→乙都')[0], 'ok');
  assert.equal(h.code('B', '【撤销】路线 #1')[0], 'NO_SUCH_ROUTE', 'another side\'s id');
  assert.equal(h.code('A', '【撤销】路线 全部')[0], 'ok', '全部 is always accepted');
});

test('NO_FAIR_CAPITALS: a map with no pair even in D1.7\'s relaxed draw, and no @capitals', () => {
  const dir = mkdtempSync(join(tmpdir(), 'duel-map-'));
  try {
    // Two capitals side by side (landDist 1 < 2) and a value-1 territory: no candidate pair at all.
    writeFileSync(join(dir, 'pair.json'), JSON.stringify({
      id: 'pair', name: { zh: '双都', en: 'Pair' },
      countries: [{ id: 'A', name: { zh: '甲国', en: 'Alpha' }, color: '#c0392b' }, { id: 'B', name: { zh: '乙国', en: 'Beta' }, color: '#2e86c1' }],
      territories: [
        { id: 'a_cap', name: { zh: '甲都', en: 'Acap' }, kind: 'capital', owner: 'A', armies: 5 }, { id: 'a_ars', name: { zh: '甲库', en: 'Adepot' }, kind: 'arsenal', owner: 'A' },
        { id: 'b_cap', name: { zh: '乙都', en: 'Bcap' }, kind: 'capital', owner: 'B', armies: 5 }, { id: 'b_ars', name: { zh: '乙库', en: 'Bdepot' }, kind: 'arsenal', owner: 'B' },
        { id: 'x', name: { zh: '荒野', en: 'Wild' }, kind: 'land' },
      ],
      edges: [['a_ars', 'a_cap'], ['b_ars', 'b_cap'], ['a_cap', 'b_cap'], ['a_cap', 'x']],
    }));
    const file = join(dir, 't.txt');
    assert.throws(() => runDuelTranscript(file, '@game duel\n@map pair.json\n红方: 【准备】\n'), /t\.txt:3: NO_FAIR_CAPITALS/);
    // Explicit capitals play (and make the game unfair, D1.7).
    const r = runDuelTranscript(file, '@game duel\n@map pair.json\n@capitals 甲都 乙都\n红方: 【准备】\n');
    assert.equal(r.state.fair, false);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('ALREADY_IN_DUEL: a person in an unfinished duel takes no seat in another (D9.5, the module\'s seatRefusal)', async () => {
  const store = new Store(':memory:');
  const svc = new GameService({ store, clock: new VirtualClock(T0), chat: new FakeChat(), games: [neuwar, duel], renderer: null, logError: () => undefined });
  await svc.startUp();
  assert.equal((await svc.createGame('c1', judy, { game: 'duel', map: TINY })).ok, true);
  assert.equal((await svc.join('c1', alice, '红方')).ok, true);
  assert.equal((await svc.createGame('c2', judy, { game: 'duel', map: TINY })).ok, true);
  const r = await svc.join('c2', alice, '红方');
  assert.deepEqual([r.ok, !r.ok && r.code], [false, 'ALREADY_IN_DUEL']);
  svc.close();
});
test('NO_SUCH_REQUEST: accepting a challenge with nothing open (D10.3): none under that id, one answered already, one lapsed', async () => {
  const book = new ChallengeBook();
  const none = await book.answer('42', bob.id, T0, 'zh');
  assert.deepEqual([none.ok, !none.ok && none.code], [false, 'NO_SUCH_REQUEST']);
  const open = (id: string) => book.add({ id, channelId: 'c', messageId: 'm', text: '⚔️', challenger: alice, opponent: bob, settings: {}, rated: true, lang: 'zh', expiresAt: T0 + CHALLENGE_SECONDS * 1000 });
  await open('1');
  const other = await book.answer('1', judy.id, T0, 'zh');
  assert.deepEqual([other.ok, !other.ok && other.code], [false, 'NOT_ADDRESSED'], 'only the one challenged answers; the challenge stays open');
  assert.equal((await book.answer('1', bob.id, T0, 'zh')).ok, true);
  const twice = await book.answer('1', bob.id, T0, 'zh');
  assert.deepEqual([twice.ok, !twice.ok && twice.code], [false, 'NO_SUCH_REQUEST'], 'answered already');
  await open('2');
  const late = await book.answer('2', bob.id, T0 + CHALLENGE_SECONDS * 1000, 'zh');
  assert.deepEqual([late.ok, !late.ok && late.code], [false, 'NO_SUCH_REQUEST'], 'lapsed at challengeSeconds');
  assert.match(!late.ok ? late.text : '', /过期/);
});

test('AGENT_UNAVAILABLE: the agent chosen with no usable weights file (D8.4)', () => {
  const root = mkdtempSync(join(tmpdir(), 'duel-noagent-'));
  try {
    const r = duelBot(duelGraph(tinyMap), 'agent', 'zh', root);
    assert.deepEqual([r.ok, !r.ok && r.code], [false, 'AGENT_UNAVAILABLE']);
    assert.throws(() => runDuelTranscript(join(root, 't.txt'), `@game duel\n@map ${join(process.cwd(), 'tests/fixtures/tiny.json')}\n@bot 蓝方 agent\n`, root), /t\.txt:3: .*AGENT_UNAVAILABLE/);
  } finally { rmSync(root, { recursive: true, force: true }); }
});

test('RATED_LOCKED: 【规则】 in a rated game (D9.2, D10.10)', () => {
  assert.deepEqual(hosted(tinyMap, { rated: true }).code('judge', '【规则】turnSeconds=60'), ['RATED_LOCKED', '排位赛的设置不能修改（D9.2）']);
});

test('UNKNOWN_COMMAND: a name in 【】 that no mode knows', () => {
  assert.equal(hosted().code('A', '【飞天】')[0], 'UNKNOWN_COMMAND');
});

test('BAD_SYNTAX: a malformed command, a route with no point but its origin, a setting out of range (D10.9)', () => {
  const h = hosted();
  assert.equal(h.code('A', '【调兵】甲都')[0], 'BAD_SYNTAX');
  assert.equal(h.code('A', '【路线】甲都→甲都')[0], 'BAD_SYNTAX');
  assert.deepEqual(h.code('judge', '【规则】turnSeconds=3'), ['BAD_SYNTAX', 'turnSeconds=3 超出范围：应为 5…604800 的整数（D2.1）']);
});

test('UNKNOWN_TERRITORY: an unknown name, an arsenal (D1.1), an unknown region (D6.9)', () => {
  const h = hosted();
  assert.equal(h.code('A', '【调兵】甲都→柏临')[0], 'UNKNOWN_TERRITORY');
  assert.equal(h.code('A', '【驻守】甲库')[0], 'UNKNOWN_TERRITORY');
  assert.equal(h.code('A', '【助手】防守 区域 火星')[0], 'UNKNOWN_TERRITORY');
  assert.equal(h.code('A', '【助手】清除 区域 火星')[0], 'UNKNOWN_TERRITORY');
});

test('D10.10: an unknown region is UNKNOWN_TERRITORY in the helper\'s own functions too; no duel source or commands.md §5 names another code for it', () => {
  const g = duelGraph(islandsMap);
  assert.deepEqual(paintRegion(g, new Map(), 'defend', 'north'), { ok: false, code: 'UNKNOWN_TERRITORY', at: 'north' });
  assert.deepEqual(clearPaint(g, new Map(), { region: 'north' }), { ok: false, code: 'UNKNOWN_TERRITORY', at: 'north' });
  for (const f of ['src/games/duel/helpers.ts', 'src/games/duel/parse.ts', 'src/games/duel/engine.ts', 'docs/commands.md']) {
    assert.ok(!readFileSync(f, 'utf8').includes('UNKNOWN_REGION'), `${f} names UNKNOWN_REGION`);
  }
});

test('NOT_YOUR_COUNTRY: a side\'s command spoken by the judge, who has no side (D10.1)', () => {
  assert.deepEqual(hosted().code('judge', '【调兵】甲都→甲城'), ['NOT_YOUR_COUNTRY', '你在这局对决里没有一方；只有红方和蓝方的玩家可以下命令']);
});

test('NOT_OWNER, NOT_ADJACENT, NOT_ENOUGH_ARMIES: D2.2\'s legality when given', () => {
  const h = hosted();
  assert.equal(h.code('A', '【调兵】乙都→乙城')[0], 'NOT_OWNER');
  assert.equal(h.code('A', '【调兵】甲都→中原')[0], 'NOT_ADJACENT');
  // 甲都 10 → half 5 to 甲城 (1) → 甲城 4 + 2 = 6... take 甲乡 with all, leaving 甲都 0 + 3: half of 3 is 1, still fine; a value-1
  // territory that moved everything holds 1 after growth: half of 1 is 0.
  h.say('A', '【调兵】甲都→甲乡');
  h.say('B', '【驻守】乙都');
  h.say('A', '【准备】');
  h.say('B', '【准备】');
  h.say('A', '【调兵】甲乡→中原', false, 2000);
  h.say('A', '【驻守】甲都', false, 2000);
  h.say('A', '【准备】', false, 2000);
  h.say('B', '【准备】', false, 2000);
  assert.equal(h.game().s.armies.a_land, 1);
  assert.deepEqual(h.code('A', '【调兵】甲乡→中原 一半'), ['NOT_ENOUGH_ARMIES', '兵力不够：一半的1是0；用"全部"或换一个出发地']);
});

test('LIMIT_EXCEEDED: more than maxRoutes routes a side (D5.2)', () => {
  const h = hosted(tinyMap, { settings: { maxRoutes: 1 } });
  assert.equal(h.code('A', '【路线】甲都→乙都 一半')[0], 'ok');
  assert.equal(h.code('A', '【路线】甲都→丙都 一半')[0], 'LIMIT_EXCEEDED');
});

test('GAME_NOT_RUNNING: a command after the end (D10.7)', () => {
  const h = hosted();
  assert.equal(h.code('A', '【认输】')[0], 'ok');
  assert.deepEqual(h.game().s.outcome, { winner: ['B'], how: 'resign' });
  assert.deepEqual(h.code('B', '【准备】'), ['GAME_NOT_RUNNING', '对决已经结束，不再接受命令']);
});

test('NOT_JUDGE: a judge\'s command from a player who is no judge (D10.1)', () => {
  const h = hosted();
  assert.deepEqual(h.code('A', '【结算】'), ['NOT_JUDGE', '只有裁判可以用【结算】【暂停】【继续】【规则】【结束】']);
  // A judge who also plays speaks as the judge for the judge's commands.
  assert.equal(h.code('A', '【暂停】', true)[0], 'ok');
  assert.equal(h.game().s.pausedAt, 1000);
});

test('NOT_ALLOWED: a bot side\'s command, a sea zone painted or made the rally point, a rated game\'s 【结算】, a second 【暂停】, a turnLimit below the open turn', () => {
  assert.equal(hosted(tinyMap, { bots: { B: 'greedy' } }).code('B', '【准备】')[0], 'NOT_ALLOWED');
  const sea = hosted(islandsMap, { capitals: { A: 'w_port', B: 'e_cap' } });
  assert.equal(sea.code('A', '【助手】防守 内海')[0], 'NOT_ALLOWED');
  assert.equal(sea.code('A', '【集结点】内海')[0], 'NOT_ALLOWED');
  assert.deepEqual(hosted(tinyMap, { rated: true }).code('judge', '【结算】'), ['NOT_ALLOWED', '排位赛中裁判不能强制结算（D10.10）']);
  const j = hosted();
  assert.equal(j.code('judge', '【暂停】')[0], 'ok');
  assert.deepEqual(j.code('judge', '【暂停】'), ['NOT_ALLOWED', '对决已经暂停了；用【继续】恢复']);
  j.say('judge', '【继续】');
  j.say('judge', '【结算】');
  assert.deepEqual(j.code('judge', '【规则】turnLimit=1'), ['NOT_ALLOWED', 'turnLimit 不能小于当前回合（第2回合）']);
});

test('MESSAGE_TOO_LONG: a message over 4,000 characters is refused whole', () => {
  const [c] = hosted().code('A', `【准备】${'。'.repeat(4001)}`);
  assert.equal(c, 'MESSAGE_TOO_LONG');
});

test('TOO_MANY_COMMANDS: a message of 101 commands is refused whole, with one log row and nothing applied; 100 are taken', () => {
  const h = hosted();
  const before = h.game().s.log.length;
  // 101 × 【准备】: one refusal for the whole message (not 101 echoes), the side stays unready.
  const a = h.say('A', '【准备】'.repeat(101));
  assert.equal(a.length, 1);
  assert.deepEqual([a[0]!.code, a[0]!.text], ['TOO_MANY_COMMANDS', '一条消息最多 100 条命令，这条有 101 条：请分成几条发送']);
  assert.equal(h.game().s.ready.A, false);
  assert.equal(h.game().s.log.length, before + 1);
  // At the bound: 100 commands are parsed one by one (50 × 【准备】【取消准备】, the last leaves the side unready).
  assert.equal(h.say('A', '【准备】【取消准备】'.repeat(50)).length, 100);
});

test('D10.8: every refusal above leaves a log row with its code and kind, and changes nothing else', () => {
  const h = hosted();
  const before = JSON.stringify({ ...h.game().s, log: [] });
  h.say('A', '【调兵】乙都→乙城');
  h.say('judge', '【调兵】甲都→甲城');
  h.say('A', '【结算】');
  h.say('A', '【宣战】甲国向乙国宣战');
  h.say('A', '【状态】');
  assert.equal(JSON.stringify({ ...h.game().s, log: [] }), before);
  assert.deepEqual(h.game().s.log.map((r) => [r.speaker, r.command, r.ok, r.code ?? null]), [
    ['A', 'move', false, 'NOT_OWNER'], ['judge', 'move', false, 'NOT_YOUR_COUNTRY'], ['A', 'resolve', false, 'NOT_JUDGE'], ['A', 'declareWar', false, 'WRONG_GAME'], ['A', 'query', true, null],
  ]);
  const s = h.game().s;
  assert.deepEqual([s.acted.A, s.acted.B], [false, false], 'refusals and queries are no actions (D2.8)');
  const view = h.rules.view(h.game(), 'B') as { log: { speaker: string }[] };
  assert.deepEqual(view.log.map((r) => r.speaker), ['judge'], 'D2.4: B does not see A\'s rows; the judge\'s rows are public');
});
