/**
 * The bot's turn (decideTurn) at the edges the rules draw, on the Europe map: R10.5's arithmetic for attacks,
 * the capital's defence (R5.5, R8.1, R9), each style's characteristic choice (R5.1 war, R8.2 industry, R6.3
 * pacts), the sea (R10.7), what a bot may see (R3.1, R8.3), and determinism. Every line a test takes from a bot is
 * applied through the real parser and engine (sayAs) and must be accepted.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { applyEntry, newGame, type CountryId, type Game, type LandState } from '../../src/games/neuwar/engine/index.ts';
import { botView, decideTurn } from '../../src/games/neuwar/bots/index.ts';
import { sayAs } from '../../src/games/neuwar/bots/play.ts';
import type { BotStyle } from '../../src/games/neuwar/bots/types.ts';

const europe = loadMapFile('maps/europe.json');
const land = (g: Game, id: string) => g.state.territories[id] as LandState;
const set = (g: Game, id: string, owner: CountryId | null, armies: number) => { land(g, id).owner = owner; land(g, id).armies = armies; };
const own = (g: Game, c: CountryId) => europe.landIds.filter((id) => land(g, id).owner === c);

function game(players: CountryId[], turn = 1): Game {
  const g = newGame(europe, { players, at: 0 });
  g.state.turn = turn;
  return g;
}

/** An active war (declared last turn, R5.1). */
function war(g: Game, attacker: CountryId, defender: CountryId, active = true): void {
  g.state.wars.push({ attacker, defender, declaredTurn: g.state.turn - (active ? 1 : 0), active, captured: {} });
}

function decide(g: Game, c: CountryId, style: BotStyle, mode: 'full' | 'defend' = 'full', seed = 1): string[] {
  return decideTurn(botView(g.state, europe, c), europe, { style, seed, mode });
}

/** Applies a bot's lines as its messages; every one must be accepted. */
function play(g: Game, c: CountryId, lines: string[]): void {
  for (const line of lines) {
    for (const { step } of sayAs(g, c, line)) {
      assert.ok(step.outcome?.ok, `${line} → ${step.outcome && !step.outcome.ok ? `${step.outcome.code} ${step.outcome.message}` : ''}`);
    }
  }
}

/** France alone with its armies at 0 but Strasbourg, every neutral next to it strong but Luxembourg (4). */
function strasbourgEdge(strasbourg: number): Game {
  const g = game(['FRA', 'DEU']);
  for (const id of own(g, 'FRA')) land(g, id).armies = 0;
  for (const id of own(g, 'FRA')) for (const n of europe.adj.get(id)!) if (europe.landIds.includes(n) && land(g, n).owner === null) land(g, n).armies = 99;
  set(g, 'luxembourg', null, 4);
  land(g, 'strasbourg').armies = strasbourg;
  return g;
}

test('R10.5: a bot attacks only where it wins — 6 against 4 does not (6 ≤ 1.5·4), 7 against 4 does', () => {
  const six = decide(strasbourgEdge(6), 'FRA', 'aggressive');
  assert.ok(!six.some((l) => l.startsWith('【调兵】斯特拉斯堡→卢森堡')), six.join('\n'));
  const g = strasbourgEdge(7);
  const seven = decide(g, 'FRA', 'balanced');
  assert.ok(seven.includes('【调兵】斯特拉斯堡→卢森堡 7'), seven.join('\n'));
  assert.equal(seven[seven.length - 1], '【完成】', 'a turn always ends with the commit (R3.2)');
  play(g, 'FRA', seven.slice(0, -1));
  applyEntry(g, { type: 'command', at: 0, speaker: { kind: 'judge' }, command: { kind: 'resolve' } });
  assert.equal(land(g, 'luxembourg').owner, 'FRA', '7 > 6: Luxembourg taken, occupied by ceil(7 − 6) = 1');
  assert.equal(land(g, 'luxembourg').armies, 1);
});

test('R5.5/R9/R8.1: with 150 enemy armies next to Paris the bot brings the capital to hold (≥ 100 defenders) and it holds', () => {
  const g = game(['FRA', 'DEU'], 5);
  war(g, 'DEU', 'FRA');
  set(g, 'reims', 'DEU', 150);
  g.state.countries.FRA!.score = 60;
  const lines = decide(g, 'FRA', 'balanced');
  assert.ok(lines.some((l) => l.startsWith('【动员】')), `R9 mobilization when the capital is threatened:\n${lines.join('\n')}`);
  play(g, 'FRA', lines.slice(0, -1));
  // Germany throws everything at Paris; the turn resolves.
  play(g, 'DEU', ['【调兵】兰斯→巴黎 150']);
  applyEntry(g, { type: 'command', at: 0, speaker: { kind: 'judge' }, command: { kind: 'resolve' } });
  assert.equal(land(g, 'paris').owner, 'FRA', '150 ≤ 1.5 × the garrison: Paris holds');
});

test('R10 defend mode: holds its land only — no attacks, no purchases but the capital\'s, no diplomacy', () => {
  const g = strasbourgEdge(30);
  g.state.turn = 3;
  const lines = decide(g, 'FRA', 'aggressive', 'defend');
  assert.deepEqual(lines.filter((l) => !l.startsWith('【调兵】') && l !== '【完成】'), [], lines.join('\n'));
  // Every move stays on own land (reinforcement), none enters neutral or foreign land.
  for (const l of lines.filter((x) => x.startsWith('【调兵】'))) {
    const to = l.slice(l.indexOf('→') + 1, l.lastIndexOf(' '));
    const id = europe.landIds.find((x) => europe.territory.get(x)!.name.zh === to);
    assert.equal(id && land(g, id).owner, 'FRA', l);
  }
});

test('styles at R8.2\'s edge: industry pays back turnLimit − turn payments; defensive buys it on turn 14 (11 ≥ 10), balanced not (11 < 12.5), aggressive stops after turn 9', () => {
  const at = (turn: number, style: BotStyle) => {
    const g = game(['FRA', 'DEU'], turn);
    g.state.countries.FRA!.score = 200;
    return decide(g, 'FRA', style).includes('【工业】');
  };
  assert.equal(at(14, 'defensive'), true);
  assert.equal(at(14, 'balanced'), false);
  assert.equal(at(12, 'balanced'), true);
  assert.equal(at(12, 'aggressive'), false);
  assert.equal(at(9, 'aggressive'), true);
});

/**
 * The French–German border is Strasbourg against Mainz and Stuttgart: 20 against 4 + 4 on turn 3. Each German
 * territory falls to 8 (R10.5: 8 > 6; one more against reinforcements), so the 20 take both, worth about 62 points
 * (23 payments each, half as much again taken from Germany, less the 6 armies lost at each).
 */
function borderEdge(): Game {
  const g = game(['FRA', 'DEU', 'ITA'], 3);
  land(g, 'strasbourg').armies = 20;
  land(g, 'mainz').armies = 4;
  land(g, 'stuttgart').armies = 4;
  g.state.countries.FRA!.score = 100;
  return g;
}

test('R5.1 styles: a border worth ~62 in the first turn of a war is worth the war (10, R5.1) and its likely upkeep (R5.2) to aggressive; balanced wants 40 more, defensive never declares', () => {
  const decl = (style: BotStyle) => decide(borderEdge(), 'FRA', style).filter((l) => l.startsWith('【宣战】'));
  assert.deepEqual(decl('aggressive'), ['【宣战】法国向德国宣战']);
  assert.deepEqual(decl('balanced'), []);
  assert.deepEqual(decl('defensive'), []);
  const g = borderEdge();
  play(g, 'FRA', decide(g, 'FRA', 'aggressive').slice(0, -1));
  assert.equal(g.state.wars.length, 1, 'the declaration was accepted (−10, R5.1)');
});

test('R6.3 styles: facing a warlike neighbour 1.5 times stronger, defensive asks for a pact, aggressive does not', () => {
  const mk = () => {
    const g = game(['FRA', 'DEU', 'POL'], 6);
    war(g, 'DEU', 'POL');
    for (const id of own(g, 'DEU')) land(g, id).armies *= 2;
    g.state.countries.FRA!.score = 100;
    return g;
  };
  const pact = (style: BotStyle) => decide(mk(), 'FRA', style).filter((l) => l.startsWith('【协定】'));
  assert.deepEqual(pact('defensive'), ['【协定】法国向德国请求互不侵犯协定。']);
  assert.deepEqual(pact('aggressive'), []);
});

test('R5.3: an attacker whose war no longer pays asks for an unconditional ceasefire (it counts as winner, no upkeep, R5.2)', () => {
  const g = game(['FRA', 'DEU'], 8);
  war(g, 'FRA', 'DEU');
  g.state.wars[0]!.declaredTurn = 4;
  for (const id of own(g, 'DEU')) land(g, id).armies = 60;
  const lines = decide(g, 'FRA', 'balanced');
  assert.ok(lines.includes('【求和】法国向德国请求停战，无条件'), lines.join('\n'));
  play(g, 'FRA', lines.slice(0, -1));
});

test('R10.7: with no land front open (Ireland taken) Britain sends an expedition by sea, and lands it on a target next turn', () => {
  const g = game(['GBR', 'FRA'], 3);
  for (const id of ['dublin', 'cork', 'galway']) if (land(g, id)) set(g, id, 'GBR', 5);
  for (const id of own(g, 'GBR')) land(g, id).armies = Math.max(land(g, id).armies, 15);
  const lines = decide(g, 'GBR', 'aggressive');
  const seaMove = lines.find((l) => {
    if (!l.startsWith('【调兵】')) return false;
    const to = l.slice(l.indexOf('→') + 1, l.lastIndexOf(' '));
    return europe.territories.some((t) => t.kind === 'sea' && t.name.zh === to);
  });
  assert.ok(seaMove, lines.join('\n'));
  play(g, 'GBR', lines.slice(0, -1));
  applyEntry(g, { type: 'command', at: 0, speaker: { kind: 'judge' }, command: { kind: 'resolve' } });
  const next = decide(g, 'GBR', 'aggressive');
  const fromSea = next.filter((l) => {
    if (!l.startsWith('【调兵】')) return false;
    const from = l.slice(4, l.indexOf('→'));
    return europe.territories.some((t) => t.kind === 'sea' && t.name.zh === from);
  });
  assert.ok(fromSea.length > 0, next.join('\n'));
  play(g, 'GBR', next.slice(0, -1));
});

test('R3.1 no peeking: another country\'s pending orders and purchases do not change the bot\'s view or its turn', () => {
  const g = strasbourgEdge(20);
  const before = decide(g, 'FRA', 'aggressive');
  play(g, 'DEU', ['【调兵】美因茨→法兰克福 3', '【军事】10']);
  assert.ok((g.state.orders.DEU?.length ?? 0) > 0 && g.state.countries.DEU!.buying === 10);
  const v = botView(g.state, europe, 'FRA');
  assert.equal(v.state.orders.DEU, undefined, 'no other country\'s orders in the view');
  assert.equal(v.state.countries.DEU!.buying, 0, 'nor its purchases of this turn');
  assert.deepEqual(decide(g, 'FRA', 'aggressive'), before);
});

test('R8.3: with Spy the view holds what 【窥探】 shows — the orders of countries that have committed, no others', () => {
  const g = game(['FRA', 'DEU', 'ITA']);
  g.state.countries.FRA!.techDone.push('spy');
  play(g, 'DEU', ['【调兵】美因茨→法兰克福 3', '【完成】']);
  play(g, 'ITA', ['【调兵】罗马→那不勒斯 3']);
  const v = botView(g.state, europe, 'FRA');
  assert.equal(v.spied.DEU?.length, 1);
  assert.equal(v.spied.ITA, undefined);
});

test('determinism: the same view and seed give the same lines; the view is not changed by deciding', () => {
  const g = borderEdge();
  const v = botView(g.state, europe, 'FRA');
  const copy = JSON.stringify(v);
  const a = decideTurn(v, europe, { style: 'aggressive', seed: 5 });
  const b = decideTurn(v, europe, { style: 'aggressive', seed: 5 });
  assert.deepEqual(a, b);
  assert.equal(JSON.stringify(v), copy);
});

test('a country not in the game says nothing', () => {
  const g = game(['FRA', 'DEU']);
  g.state.countries.FRA!.alive = false;
  assert.deepEqual(decide(g, 'FRA', 'balanced'), []);
});

test('R5.5: after taking a capital the bot annexes when the land is worth more than a puppet\'s tribute and it can pay, else makes a puppet', () => {
  const fallen = (turn: number, score: number) => {
    const g = game(['FRA', 'DEU'], turn);
    set(g, 'berlin', 'FRA', 10);
    g.state.capitalFalls = [{ loser: 'DEU', capturer: 'FRA', turn }];
    g.state.countries.FRA!.score = score;
    return g;
  };
  // Turn 3: Germany's land brings ~17 a turn for 23 turns, ≈ 330 after the 60 — more than 70% tribute and 3 demands.
  const g = fallen(3, 200);
  const rich = decide(g, 'FRA', 'balanced');
  assert.ok(rich.includes('【灭国】法国吞并德国'), rich.join('\n'));
  play(g, 'FRA', rich.slice(0, -1));
  assert.equal(g.state.countries.DEU!.alive, false);
  assert.ok(decide(fallen(3, 50), 'FRA', 'balanced').includes('【傀儡】法国对德国建立傀儡政权'), 'annexCost 60 not affordable above the reserve');
  assert.ok(decide(fallen(24, 500), 'FRA', 'balanced').includes('【傀儡】法国对德国建立傀儡政权'), 'two payments left do not repay 60');
});

test('R5.5: an overlord demands its three territories at once, cities first', () => {
  const g = game(['FRA', 'DEU'], 4);
  g.state.countries.DEU!.overlord = 'FRA';
  const lines = decide(g, 'FRA', 'balanced');
  const d = lines.find((l) => l.startsWith('【领土要求】法国向德国要求'));
  assert.ok(d, lines.join('\n'));
  const names = d!.slice('【领土要求】法国向德国要求'.length).split('、');
  assert.equal(names.length, 3);
  for (const n of names) assert.equal(europe.territories.find((t) => t.name.zh === n)!.kind, 'city');
  play(g, 'FRA', lines.slice(0, -1));
  assert.equal(g.state.countries.FRA!.demanded.DEU, 3);
  assert.ok(!decide(g, 'FRA', 'balanced').some((l) => l.startsWith('【领土要求】')), 'puppetDemand reached: no more demands');
});

test('R12: a bankrupt bot pledges allegiance to its strongest neighbour', () => {
  const g = game(['FRA', 'DEU', 'ITA'], 6);
  const fra = g.state.countries.FRA!;
  fra.bankrupt = true; fra.bankruptTurn = 5; fra.score = -4;
  for (const id of own(g, 'ITA')) land(g, id).armies += 20;
  const lines = decide(g, 'FRA', 'balanced');
  assert.ok(lines.includes('【效忠】法国向意大利效忠'), lines.join('\n'));
  play(g, 'FRA', lines.slice(0, -1));
});

test('R5.4: a defender whose capital cannot be held by any means sues for peace', () => {
  const g = game(['FRA', 'DEU'], 8);
  war(g, 'DEU', 'FRA');
  set(g, 'reims', 'DEU', 900);
  const m = g.state.countries.FRA!.mobilization;
  m.partialUsed = true; m.nationalUsed = true;
  const lines = decide(g, 'FRA', 'defensive');
  assert.ok(lines.includes('【求和】法国向德国请求投降'), lines.join('\n'));
  play(g, 'FRA', lines.slice(0, -1));
});

test('R10.7 over several zones: on the islands map West sails w_port → inner → outer and takes the isle (2) with what is left after the tenths lost at sea', async () => {
  const { BotGame } = await import('../../src/games/neuwar/bots/play.ts');
  const islands = loadMapFile('tests/fixtures/islands.json');
  const g = new BotGame(islands, { seats: { W: 'balanced', E: 'passive' }, seed: 1, turns: 6 });
  const t = g.state.territories as Record<string, LandState>;
  t.z_town!.owner = 'W';
  g.play();
  assert.equal(t.isle!.owner, 'W', g.said.filter((x) => x.country === 'W').map((x) => `${x.turn} ${x.line}`).join('\n'));
  assert.deepEqual(g.refusals, []);
  assert.ok(g.said.some((x) => x.line.startsWith('【调兵】内海→外海')), 'it sailed on from one zone to the next');
});

test('R7 over R9: a mobilization whose armies no cap has room for (more than ten over anywhere) is not made — the doubling penalty would cost more', () => {
  const mk = (keep: number) => {
    const g = game(['FRA', 'DEU'], 8);
    war(g, 'DEU', 'FRA');
    // France is down to Paris and `keep` other territories, Germany next door with 400.
    const fra = own(g, 'FRA').filter((t) => t !== 'paris');
    fra.slice(keep).forEach((t) => set(g, t, 'DEU', 1));
    set(g, 'reims', 'DEU', 400);
    g.state.countries.FRA!.mobilization.partialUsed = true;
    g.state.countries.FRA!.score = 5;
    return g;
  };
  // Paris alone (30 of 100) has room for 70 + 10: no national mobilization of 200.
  assert.ok(!decide(mk(0), 'FRA', 'balanced').some((l) => l.startsWith('【动员】')));
  // With Lille, Dijon, Orléans, Rouen (and more) there is room: 200 placed within the caps.
  const g = mk(12);
  const lines = decide(g, 'FRA', 'balanced');
  const m = lines.find((l) => l.startsWith('【动员】全国'));
  assert.ok(m, lines.join('\n'));
  play(g, 'FRA', lines.slice(0, -1));
});
