/**
 * decideResponses: an answer to every kind of request addressed to the bot (R4.2: alliance R6.1, pact R6.3, trade
 * R6.5, ceasefire R5.3, surrender R5.4, pledge R12, counter-offers R6.6), each by a valuation it says in one
 * Chinese sentence after the answer word (the full form 请求原文——同意。reason), each accepted by the real parser
 * and engine; and the 'defend' autopilot, which rejects everything but a peace that costs nothing.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import { newGame, type CountryId, type Game, type LandState } from '../../src/games/neuwar/engine/index.ts';
import { botView, decideResponses } from '../../src/games/neuwar/bots/index.ts';
import { sayAs } from '../../src/games/neuwar/bots/play.ts';
import type { BotStyle } from '../../src/games/neuwar/bots/types.ts';

const europe = loadMapFile('maps/europe.json');
const land = (g: Game, id: string) => g.state.territories[id] as LandState;
const own = (g: Game, c: CountryId) => europe.landIds.filter((id) => land(g, id).owner === c);

function game(turn = 3): Game {
  const g = newGame(europe, { players: ['FRA', 'DEU', 'ITA'], at: 0 });
  g.state.turn = turn;
  for (const c of ['FRA', 'DEU', 'ITA']) g.state.countries[c]!.score = 100;
  return g;
}

function war(g: Game, attacker: CountryId, defender: CountryId): void {
  g.state.wars.push({ attacker, defender, declaredTurn: g.state.turn - 1, active: true, captured: {} });
}

function ok(g: Game, c: CountryId, line: string): void {
  for (const { step } of sayAs(g, c, line)) assert.ok(step.outcome?.ok, `${line} → ${step.outcome && !step.outcome.ok ? step.outcome.message : ''}`);
}

/** FRA answers what DEU asked; the answers are applied through the real path and must be accepted. */
function answer(g: Game, request: string, style: BotStyle = 'balanced', mode: 'full' | 'defend' = 'full', from: CountryId = 'DEU') {
  ok(g, from, request);
  const out = decideResponses(botView(g.state, europe, 'FRA'), europe, { style, seed: 1, mode });
  assert.equal(out.length, 1, JSON.stringify(out));
  const a = out[0]!;
  assert.ok(/[\u4e00-\u9fff]/.test(a.reason) && a.reason.length >= 6 && !/[；\n【】]/.test(a.reason), `one Chinese sentence: ${a.reason}`);
  ok(g, 'FRA', a.command);
  assert.equal(g.state.pending.filter((r) => r.to === 'FRA').length, 0, 'the request is answered');
  return { ...a, word: a.command.includes('——同意。') ? 'accept' : a.command.includes('——拒绝。') ? 'reject' : 'other' };
}

test('R6.1 alliance: accepted from a neighbour at least 0.6 times as strong, the reason names the balance', () => {
  const a = answer(game(), '【结盟】德国向法国请求缔结盟约。');
  assert.equal(a.word, 'accept');
  assert.ok(a.command.endsWith(a.reason), 'the reason follows the answer word');
  assert.match(a.reason, /德国兵力是我方的/);
  const g = game();
  for (const id of own(g, 'DEU')) land(g, id).armies = 1;
  assert.equal(answer(g, '【结盟】德国向法国请求缔结盟约。').word, 'reject', 'a weak ally only binds');
});

test('R6.3 pact: the requester has paid; accepted unless the bot would attack it (an aggressive bot and its weak neighbour)', () => {
  assert.equal(answer(game(), '【协定】德国向法国请求互不侵犯协定。', 'defensive').word, 'accept');
  const g = game();
  for (const id of own(g, 'DEU')) land(g, id).armies = 1;
  assert.equal(answer(g, '【协定】德国向法国请求互不侵犯协定。', 'aggressive').word, 'reject');
});

test('R6.5 trade: accepted when what it gets is worth more (points 1:1, a territory its income to the end), rejected otherwise', () => {
  // Turn 3: a land territory brings 23 payments (+ half its armies): 50 points for Strasbourg (5 armies) pays.
  const good = answer(game(), '【交易】德国向法国提出交易申请，以50分交换斯特拉斯堡。');
  assert.equal(good.word, 'accept');
  const g = game();
  assert.equal(answer(g, '【交易】德国向法国提出交易申请，以5分交换里尔。').word, 'reject', 'a city for 5 points');
  assert.equal(land(g, 'lille').owner, 'FRA');
});

test('R5.3 unconditional ceasefire: accepted — it costs nothing, and refusing makes the bot the attacker and costs warCost', () => {
  const g = game();
  war(g, 'DEU', 'FRA');
  const a = answer(g, '【求和】德国向法国请求停战，无条件');
  assert.equal(a.word, 'accept');
  assert.equal(g.state.wars.length, 0);
});

test('R5.3 conditional ceasefire: terms worth more than the war puts at risk are rejected; cheap terms under threat are accepted', () => {
  const g = game();
  war(g, 'DEU', 'FRA');
  assert.equal(answer(g, '【求和】德国向法国请求停战，有条件。停战要求：割让里尔，赔款60分').word, 'reject', 'nothing of France is at risk');
  const h = game();
  war(h, 'DEU', 'FRA');
  // Germany masses 200 next to Strasbourg (5): it would fall; 10 points is cheaper.
  land(h, 'mainz').armies = 200;
  assert.equal(answer(h, '【求和】德国向法国请求停战，有条件。停战要求：赔款10分').word, 'accept');
  assert.equal(h.state.countries.FRA!.score, 90);
});

test('R5.4 surrender addressed to the bot: accepted (+30 and the war ends)', () => {
  const g = game();
  war(g, 'FRA', 'DEU');
  const a = answer(g, '【求和】德国向法国请求投降');
  assert.equal(a.word, 'accept');
  assert.equal(g.state.countries.FRA!.score, 130);
});

test('R12 pledge: a bankrupt neighbour pledging is accepted (its tribute costs nothing)', () => {
  const g = game();
  g.state.countries.DEU!.bankrupt = true;
  g.state.countries.DEU!.bankruptTurn = g.state.turn - 1;
  assert.equal(answer(g, '【效忠】德国向法国效忠').word, 'accept');
  assert.equal(g.state.countries.DEU!.overlord, 'FRA');
});

test('R6.6 counter-offer: a trade counter is judged like a trade, from the bot\'s side', () => {
  const g = game();
  ok(g, 'FRA', '【交易】法国向德国提出交易申请，以10分交换美因茨。');
  ok(g, 'DEU', '【交易】法国向德国提出交易申请，以10分交换美因茨。——协商。以美因茨交换60分');
  const out = decideResponses(botView(g.state, europe, 'FRA'), europe, { style: 'balanced', seed: 1 });
  assert.equal(out.length, 1);
  assert.match(out[0]!.command, /——拒绝。/, '60 points for Mainz does not pay');
  ok(g, 'FRA', out[0]!.command);
});

test('defend autopilot: rejects an alliance, a pact, a trade and a conditional ceasefire; accepts the ceasefire that costs nothing', () => {
  assert.equal(answer(game(), '【结盟】德国向法国请求缔结盟约。', 'balanced', 'defend').word, 'reject');
  assert.equal(answer(game(), '【协定】德国向法国请求互不侵犯协定。', 'balanced', 'defend').word, 'reject');
  assert.equal(answer(game(), '【交易】德国向法国提出交易申请，以90分交换斯特拉斯堡。', 'balanced', 'defend').word, 'reject');
  const g = game();
  war(g, 'DEU', 'FRA');
  land(g, 'mainz').armies = 200;
  assert.equal(answer(g, '【求和】德国向法国请求停战，有条件。停战要求：赔款10分', 'balanced', 'defend').word, 'reject');
  const h = game();
  war(h, 'DEU', 'FRA');
  assert.equal(answer(h, '【求和】德国向法国请求停战，无条件', 'balanced', 'defend').word, 'accept');
});

test('several requests at once: each answered once, newest first, all accepted by the engine', () => {
  const g = game();
  ok(g, 'DEU', '【结盟】德国向法国请求缔结盟约。');
  ok(g, 'ITA', '【协定】意大利向法国请求互不侵犯协定。');
  const out = decideResponses(botView(g.state, europe, 'FRA'), europe, { style: 'balanced', seed: 1 });
  assert.equal(out.length, 2);
  assert.match(out[0]!.command, /^【协定】意大利/);
  for (const a of out) ok(g, 'FRA', a.command);
  assert.equal(g.state.pending.length, 0);
  assert.deepEqual(decideResponses(botView(g.state, europe, 'FRA'), europe, { style: 'balanced', seed: 1 }), [], 'nothing left to answer');
});
