import type { GameMap } from '../../europe/map/index.ts';
import { isLandKind } from '../../europe/map/index.ts';
import { allied, atWar, directWar, pactActive, puppetBarrier, sortedPair, truceUntil, warBetween } from './relations.ts';
import { answeredRequest } from './requests.ts';
import { land, pay } from './state.ts';
import { endWar, leaveGame, makePuppet } from './wars.ts';
import { cn, fail, L, list, ok, tn } from './text.ts';
import type { Game } from './apply.ts';
import type { Command, CountryId, GameEvent, GameState, Item, Outcome, PendingRequest, Speaker, War } from './types.ts';

/** R4.1: the commands that use the turn's one request. */
const REQUEST_KINDS = new Set<Command['kind']>(['ceasefire', 'surrender', 'alliance', 'breakAlliance', 'pact', 'trade', 'pledge']);

type Ctx = { s: GameState; map: GameMap; lg: 'zh' | 'en' };

const ctxOf = (s: GameState, map: GameMap): Ctx => ({ s, map, lg: s.settings.language });

const C = (x: Ctx, id: CountryId | null) => cn(x.map, id, x.lg);
const T = (x: Ctx, id: string) => tn(x.map, id, x.lg);

export function itemsText(x: Ctx | { map: GameMap; lg: 'zh' | 'en' }, items: Item[]): string {
  if (items.length === 0) return x.lg === 'en' ? 'nothing' : '无';
  return list(items.map((i) => i.kind === 'points' ? (x.lg === 'en' ? `${i.n} points` : `${i.n}分`)
    : i.kind === 'territory' ? tn(x.map, i.id, x.lg)
      : (x.lg === 'en' ? `${i.n} armies (${tn(x.map, i.from, x.lg)}→${tn(x.map, i.to, x.lg)})` : `${i.n}军（${tn(x.map, i.from, x.lg)}→${tn(x.map, i.to, x.lg)}）`)), x.lg);
}

/** The speaker may act for `c` (commands.md §1): itself, or the judge for anyone. */
function rightFor(x: Ctx, sp: Speaker, c: CountryId): Outcome | null {
  if (sp.kind === 'judge' || sp.id === c) return null;
  return fail('NOT_YOUR_COUNTRY', L(x.s, `你是${C(x, sp.id)}，不能替${C(x, c)}发出外交指令`, `you are ${C(x, sp.id)} and cannot speak for ${C(x, c)}`));
}

function inGame(x: Ctx, c: CountryId): Outcome | null {
  if (x.s.countries[c]?.alive) return null;
  return fail('NOT_ALLOWED', L(x.s, `${C(x, c)}不在游戏中`, `${C(x, c)} is not in the game`));
}

function needScore(x: Ctx, c: CountryId, need: number, what: string): Outcome | null {
  const have = x.s.countries[c]!.score;
  if (have >= need) return null;
  return fail('INSUFFICIENT_SCORE', L(x.s, `${what}需要${need}分，${C(x, c)}只有${have}分，还差${need - have}分（R2.5）`, `${what} costs ${need}; ${C(x, c)} has ${have}, ${need - have} short (R2.5)`));
}

/** R6.4: a puppet deals only with its overlord. */
function puppetBar(x: Ctx, a: CountryId, b: CountryId, what: string): Outcome | null {
  const bar = puppetBarrier(x.s, a, b);
  if (!bar) return null;
  const p = bar.puppet, ov = bar.overlord;
  return fail('PUPPET_RESTRICTED', L(x.s, `${C(x, p)}是${C(x, ov)}的傀儡国，只能与宗主国${what}（R6.4）`, `${C(x, p)} is a puppet of ${C(x, ov)} and may ${what} only with its overlord (R6.4)`));
}

/**
 * Checks goods a country hands over (R6.5, R5.7): its own non-capital territories, points it has, arms from its
 * territory into an adjacent territory of the receiver. `strict` (at acceptance) also checks points and armies.
 * Exported for the simulator, which offers only goods this accepts.
 */
export function checkGoods(s: GameState, map: GameMap, giver: CountryId, receiver: CountryId, items: Item[], strict: boolean): Outcome | null {
  const x = ctxOf(s, map);
  const code = strict ? 'TRADE_INVALID' : null;
  let points = 0;
  for (const it of items) {
    if (it.kind === 'points') {
      if (!Number.isInteger(it.n) || it.n < 1) return fail('BAD_SYNTAX', L(x.s, '分数须是正整数：20分', 'points are a positive whole number'));
      points += it.n;
    } else if (it.kind === 'territory') {
      const def = x.map.territory.get(it.id)!;
      if (def.kind === 'capital') return fail('CAPITAL_NOT_TRADEABLE', L(x.s, `首都${T(x, it.id)}不能交易、割让或索取（R5.7）`, `the capital ${T(x, it.id)} can never be traded, ceded or demanded (R5.7)`));
      if (!isLandKind(def.kind) || land(x.s, it.id)!.owner !== giver) {
        return fail(code ?? 'NOT_OWNER', L(x.s, `${T(x, it.id)}不是${C(x, giver)}的领土`, `${T(x, it.id)} does not belong to ${C(x, giver)}`));
      }
    } else {
      if (!Number.isInteger(it.n) || it.n < 1) return fail('BAD_SYNTAX', L(x.s, '军火数量须是正整数：10军（巴黎→里尔）', 'arms are a positive number: 10军（X→Y）'));
      const src = land(x.s, it.from), dst = land(x.s, it.to);
      if (!src || src.owner !== giver) return fail(code ?? 'NOT_OWNER', L(x.s, `军火须从${C(x, giver)}的领土出发，${T(x, it.from)}不是`, `arms leave a territory of ${C(x, giver)}; ${T(x, it.from)} is not one`));
      if (!x.map.adj.get(it.from)!.has(it.to)) return fail(code ?? 'NOT_ADJACENT', L(x.s, `${T(x, it.from)}与${T(x, it.to)}不相邻（R6.5）`, `${T(x, it.from)} does not border ${T(x, it.to)} (R6.5)`));
      if (!dst || dst.owner !== receiver) return fail(code ?? 'NOT_OWNER', L(x.s, `军火须开进${C(x, receiver)}的领土，${T(x, it.to)}不是`, `arms go into a territory of ${C(x, receiver)}; ${T(x, it.to)} is not one`));
      if (strict && src.armies < it.n) return fail('TRADE_INVALID', L(x.s, `${T(x, it.from)}只有${src.armies}军，不够交付${it.n}军`, `${T(x, it.from)} has only ${src.armies} armies, not ${it.n}`));
    }
  }
  if (strict && points > x.s.countries[giver]!.score) {
    return fail('TRADE_INVALID', L(x.s, `${C(x, giver)}只有${x.s.countries[giver]!.score}分，付不出${points}分`, `${C(x, giver)} has only ${x.s.countries[giver]!.score} points, not ${points}`));
  }
  return null;
}

function transferGoods(x: Ctx, giver: CountryId, receiver: CountryId, items: Item[], reason: 'trade' | 'reparations', events: GameEvent[]): void {
  for (const it of items) {
    if (it.kind === 'points') {
      pay(x.s, events, giver, -it.n, reason, receiver);
      pay(x.s, events, receiver, it.n, reason, giver);
    } else if (it.kind === 'territory') {
      const t = land(x.s, it.id)!;
      events.push({ type: 'transfer', territory: it.id, from: giver, to: receiver, armies: t.armies, why: reason });
      t.owner = receiver;
    } else {
      land(x.s, it.from)!.armies -= it.n;
      land(x.s, it.to)!.armies += it.n;
      events.push({ type: 'armies', territory: it.from, country: giver, delta: -it.n, why: reason });
      events.push({ type: 'armies', territory: it.to, country: receiver, delta: it.n, why: reason });
    }
  }
}

function addRequest(x: Ctx, r: Omit<PendingRequest, 'id' | 'turn'>, text: string, events: GameEvent[]): PendingRequest {
  const req: PendingRequest = { ...r, id: x.s.nextRequestId++, turn: x.s.turn };
  x.s.pending.push(req);
  events.push({ type: 'request', id: req.id, kind: req.kind, from: req.from, to: req.to, text });
  return req;
}

/** R5.1 (and R5.8 intervention): declare war. */
export function declareWar(g: Game, cmd: Extract<Command, { kind: 'declareWar' }>, sp: Speaker): Outcome {
  const x = ctxOf(g.state, g.map);
  const { from, to } = cmd;
  const s = x.s;
  // A war on oneself is refused as such before the speaker's right is looked at.
  const r = (from === to ? null : rightFor(x, sp, from)) ?? checkDeclare(s, x.map, from, to);
  if (r) return r;
  // R5.8: war on the attacker of an active war against one's ally is free.
  const intervention = isIntervention(s, from, to);
  const cost = intervention ? 0 : s.settings.warCost;
  const events: GameEvent[] = [];
  pay(s, events, from, -cost, 'warCost', to);
  const war: War = { attacker: from, defender: to, declaredTurn: s.turn, active: false, captured: {} };
  if (intervention) war.intervention = true;
  s.wars.push(war);
  events.push({ type: 'warDeclared', attacker: from, defender: to, intervention, activeFrom: s.turn + 1 });
  return ok(L(s, `${C(x, from)} → ${C(x, to)}：宣战${intervention ? '（介入，免费，R5.8）' : `（-${cost}分）`}，第${s.turn + 1}回合起可进攻`,
    `${C(x, from)} → ${C(x, to)}: war declared${intervention ? ' (intervention, free, R5.8)' : ` (−${cost})`}; attacks from turn ${s.turn + 1}`), events);
}

/** R5.8: war on the attacker of an active war against one's ally. */
function isIntervention(s: GameState, from: CountryId, to: CountryId): boolean {
  return s.wars.some((w) => w.active && w.attacker === to && allied(s, from, w.defender) && !allied(s, from, w.attacker));
}

/**
 * Whether `from` may declare war on `to` now (R5.1, R5.6, R5.8, R6.2, R6.4), all but the speaker's right to act
 * for `from`. Exported for the simulator, which declares only wars this allows.
 */
export function checkDeclare(s: GameState, map: GameMap, from: CountryId, to: CountryId): Outcome | null {
  const x = ctxOf(s, map);
  if (from === to) return fail('BAD_SYNTAX', L(s, '不能向自己宣战：【宣战】法国向德国宣战', 'a country cannot declare war on itself'));
  const r = inGame(x, from) ?? inGame(x, to);
  if (r) return r;
  const ov = s.countries[from]!.overlord;
  if (ov) return fail('PUPPET_RESTRICTED', L(s, `傀儡国不能宣战；宗主国${C(x, ov)}的战争就是它的战争（R6.4）`, `a puppet declares no war; ${C(x, ov)}'s wars are its wars (R6.4)`));
  if (warBetween(s, from, to)) return fail('ALREADY_AT_WAR', L(s, `${C(x, from)}与${C(x, to)}已经在战争中`, `${C(x, from)} and ${C(x, to)} are already at war`));
  if (allied(s, from, to)) return fail('ALLIED', L(s, `${C(x, to)}是你的盟国，先【背盟】才能宣战（R5.1）`, `${C(x, to)} is your ally: break the alliance first (R5.1)`));
  if (pactActive(s, from, to)) {
    const p = s.pacts.find((q) => q.between.includes(from) && q.between.includes(to))!;
    return fail('PACT_ACTIVE', L(s, `与${C(x, to)}的互不侵犯协定到第${p.untilTurn}回合结束（R5.1）`, `your non-aggression pact with ${C(x, to)} runs to the end of turn ${p.untilTurn} (R5.1)`));
  }
  const truce = truceUntil(s, from, to);
  if (truce !== null) return fail('TRUCE_ACTIVE', L(s, `你对${C(x, to)}的停战保护期到第${truce}回合结束（R5.6）`, `your truce with ${C(x, to)} runs to the end of turn ${truce} (R5.6)`));
  const bar = s.countries[from]!.brokeWith[to];
  if (bar !== undefined && bar >= s.turn) return fail('RECENTLY_ALLIED', L(s, `刚解除与${C(x, to)}的盟约，第${bar + 1}回合起才能宣战（R6.2）`, `you broke with ${C(x, to)}; war is possible from turn ${bar + 1} (R6.2)`));
  return needScore(x, from, isIntervention(s, from, to) ? 0 : s.settings.warCost, L(s, '宣战', 'Declaring war'));
}

function findAnswerable(x: Ctx, me: CountryId | null, cmd: Extract<Command, { kind: 'answer' }>): PendingRequest | Outcome {
  const s = x.s;
  const match = answeredRequest(s, me, cmd.request);
  if (!match) {
    return fail('NO_SUCH_REQUEST', me === null
      ? L(s, '裁判代答请用完整格式：请求原文——同意。', 'the judge answers with the full form: the request\'s text——同意。')
      : L(s, '没有等待你回答的请求（未回答的请求在回合结束时失效，R4.3）', 'no open request is addressed to you (requests lapse at the end of the turn, R4.3)'));
  }
  return match;
}

function closeRequest(s: GameState, r: PendingRequest): void {
  s.pending = s.pending.filter((p) => p !== r);
}

/** The war a peace request is about, if it still stands. */
function warOf(s: GameState, r: PendingRequest): War | undefined {
  return r.war ? directWar(s, r.war.attacker, r.war.defender) : undefined;
}

/** R5.3/R5.4 peace is made: reparations, ±30 for R5.4, then the war ends (R5.6). */
function makePeace(x: Ctx, war: War, winner: CountryId, loser: CountryId, terms: Item[], withBase: boolean, events: GameEvent[]): Outcome | null {
  const bad = checkGoods(x.s, x.map, loser, winner, terms, true);
  if (bad) return bad;
  transferGoods(x, loser, winner, terms, 'reparations', events);
  if (withBase) {
    pay(x.s, events, winner, x.s.settings.peaceBase, 'peace', loser);
    pay(x.s, events, loser, -x.s.settings.peaceBase, 'peace', winner);
  }
  endWar(x.s, x.map, war, winner, loser, withBase ? 'peace' : 'ceasefire', events);
  return null;
}

function switchAttacker(x: Ctx, war: War, newAttacker: CountryId, events: GameEvent[]): void {
  const other = war.attacker === newAttacker ? war.defender : war.attacker;
  war.attacker = newAttacker;
  war.defender = other;
  // R5.3/R5.4: a mandatory charge (may go below 0); the war's turn count is unchanged.
  pay(x.s, events, newAttacker, -x.s.settings.warCost, 'warCost', other);
  events.push({ type: 'attackerSwitched', war: [newAttacker, other], newAttacker });
}

function answer(x: Ctx, cmd: Extract<Command, { kind: 'answer' }>, sp: Speaker): Outcome {
  const s = x.s;
  const me = sp.kind === 'country' ? sp.id : null;
  const found = findAnswerable(x, me, cmd);
  if ('ok' in found) return found;
  const r = found;
  const events: GameEvent[] = [];
  const base = r.base ?? r.kind;
  const answered = (a: 'accept' | 'reject' | 'counter', text: string) => events.push({ type: 'answered', id: r.id, answer: a, by: r.to, text });

  if (cmd.answer === 'reject') {
    closeRequest(s, r);
    answered('reject', '');
    const war = warOf(s, r);
    let extra = '';
    if (war && r.kind === 'ceasefire' && r.unconditional && war.attacker === r.from) {
      // R5.3: refusing an unconditional ceasefire makes the defender the attacker, and it pays warCost.
      switchAttacker(x, war, r.to, events);
      extra = L(s, `；${C(x, r.to)}拒绝无条件停战，成为进攻方并支付${s.settings.warCost}分（R5.3）`, `; refusing an unconditional ceasefire, ${C(x, r.to)} becomes the attacker and pays ${s.settings.warCost} (R5.3)`);
    } else if (war && r.kind === 'surrender' && war.attacker === r.from && war.defender === r.to) {
      // R5.4: a defender rejecting the attacker's surrender outright becomes the attacker and pays.
      switchAttacker(x, war, r.to, events);
      extra = L(s, `；${C(x, r.to)}拒绝进攻方求和，成为进攻方并支付${s.settings.warCost}分（R5.4）`, `; rejecting the attacker's surrender, ${C(x, r.to)} becomes the attacker and pays ${s.settings.warCost} (R5.4)`);
    }
    return ok(L(s, `${C(x, r.to)}拒绝了${C(x, r.from)}的请求${extra}`, `${C(x, r.to)} rejected ${C(x, r.from)}'s request${extra}`), events);
  }

  if (cmd.answer === 'counter') {
    if (base === 'alliance' || base === 'pact' || base === 'pledge' || (r.kind === 'ceasefire' && r.unconditional)) {
      return fail('NOT_ALLOWED', L(s, '这个请求没有条件可协商，只能同意或拒绝（R4.2）', 'this request carries no terms: accept or reject it (R4.2)'));
    }
    const next: Omit<PendingRequest, 'id' | 'turn'> = { kind: 'counter', base: base as 'ceasefire' | 'surrender' | 'trade', from: r.to, to: r.from };
    if (base === 'trade') {
      const give = cmd.give ?? [], get = cmd.get ?? [];
      if (give.length + get.length === 0) return fail('BAD_SYNTAX', L(s, '还价要写明条件：——协商。以乙乡交换20分', 'a counter-offer states its terms: 以X交换Y'));
      const bad = checkGoods(x.s, x.map, r.to, r.from, give, false) ?? checkGoods(x.s, x.map, r.from, r.to, get, false);
      if (bad) return bad;
      next.give = give;
      next.get = get;
    } else {
      const terms = cmd.terms ?? [...(cmd.give ?? [])];
      const war = warOf(s, r);
      if (!war) return fail('NOT_AT_WAR', L(s, '这场战争已经结束', 'that war is over'));
      const winner = base === 'ceasefire' ? war.attacker : (r.winner ?? r.to);
      const loser = winner === war.attacker ? war.defender : war.attacker;
      if (war.intervention && base === 'surrender' && terms.length > 0) {
        return fail('NOT_ALLOWED', L(s, '介入战争的求和只有基础分，不能要求赔款或领土（R5.8）', 'an intervention war ends with the base points only, no reparations (R5.8)'));
      }
      const bad = checkGoods(x.s, x.map, loser, winner, terms, false);
      if (bad) return bad;
      next.terms = terms;
      next.war = r.war!;
      next.winner = winner;
    }
    closeRequest(s, r);
    answered('counter', '');
    const req = addRequest(x, next, '', events);
    const what = base === 'trade' ? L(s, `以${itemsText(x, req.give!)}交换${itemsText(x, req.get!)}`, `${itemsText(x, req.give!)} for ${itemsText(x, req.get!)}`)
      : L(s, `停战要求：${itemsText(x, req.terms!)}`, `terms: ${itemsText(x, req.terms!)}`);
    return ok(L(s, `${C(x, req.from)}向${C(x, req.to)}还价：${what}（等待${C(x, req.to)}回答）`, `${C(x, req.from)} counters to ${C(x, req.to)}: ${what} (waiting for ${C(x, req.to)})`), events);
  }

  // Accept.
  switch (base) {
    case 'alliance': {
      if (atWar(s, r.from, r.to)) return fail('ALREADY_AT_WAR', L(s, '两国正在交战，不能结盟', 'the two are at war'));
      const bar = puppetBar(x, r.from, r.to, L(s, '结盟', 'ally'));
      if (bar) return bar;
      closeRequest(s, r);
      answered('accept', '');
      if (!allied(s, r.from, r.to)) s.alliances.push(sortedPair(r.from, r.to));
      s.alliances.sort();
      events.push({ type: 'alliance', a: r.from, b: r.to, made: true });
      return ok(L(s, `${C(x, r.from)}与${C(x, r.to)}结盟成立`, `${C(x, r.from)} and ${C(x, r.to)} are now allies`), events);
    }
    case 'pact': {
      if (atWar(s, r.from, r.to)) return fail('ALREADY_AT_WAR', L(s, '两国正在交战，不能签协定（R6.3）', 'the two are at war (R6.3)'));
      closeRequest(s, r);
      answered('accept', '');
      const untilTurn = s.turn + s.settings.pactTurns;
      s.pacts = s.pacts.filter((p) => !(p.between.includes(r.from) && p.between.includes(r.to)));
      s.pacts.push({ between: sortedPair(r.from, r.to), untilTurn });
      events.push({ type: 'pact', a: r.from, b: r.to, untilTurn });
      return ok(L(s, `${C(x, r.from)}与${C(x, r.to)}互不侵犯协定成立，到第${untilTurn}回合结束`, `${C(x, r.from)} and ${C(x, r.to)} signed a non-aggression pact until the end of turn ${untilTurn}`), events);
    }
    case 'trade': {
      const give = r.give ?? [], get = r.get ?? [];
      const bar = puppetBar(x, r.from, r.to, L(s, '交易', 'trade'));
      if (bar) return bar;
      const bad = checkGoods(x.s, x.map, r.from, r.to, give, true) ?? checkGoods(x.s, x.map, r.to, r.from, get, true);
      if (bad) return fail('TRADE_INVALID', L(s, `交易失败，什么都没有交换：${bad.ok ? '' : bad.message}（R6.5）`, `the trade failed and nothing moved: ${bad.ok ? '' : bad.message} (R6.5)`));
      closeRequest(s, r);
      answered('accept', '');
      transferGoods(x, r.from, r.to, give, 'trade', events);
      transferGoods(x, r.to, r.from, get, 'trade', events);
      return ok(L(s, `交易成立：${C(x, r.from)}以${itemsText(x, give)}交换${C(x, r.to)}的${itemsText(x, get)}`, `trade done: ${C(x, r.from)} gives ${itemsText(x, give)} for ${C(x, r.to)}'s ${itemsText(x, get)}`), events);
    }
    case 'pledge': {
      const bankrupt = r.from;
      if (!s.countries[bankrupt]!.alive || !s.countries[r.to]!.alive) return fail('NOT_ALLOWED', L(s, '对方已不在游戏中', 'a side has left the game'));
      closeRequest(s, r);
      answered('accept', '');
      makePuppet(s, x.map, bankrupt, r.to, events);
      return ok(L(s, `${C(x, bankrupt)}效忠${C(x, r.to)}，成为其傀儡国，分数变为${s.settings.puppetScore}（R12）`, `${C(x, bankrupt)} pledged to ${C(x, r.to)} and is its puppet with ${s.settings.puppetScore} points (R12)`), events);
    }
    case 'ceasefire':
    case 'surrender': {
      const war = warOf(s, r);
      if (!war) { closeRequest(s, r); return fail('NOT_AT_WAR', L(s, '这场战争已经结束', 'that war is over')); }
      let winner: CountryId, terms: Item[], withBase: boolean;
      if (base === 'ceasefire') {
        winner = war.attacker; // R5.3: the attacker counts as winner
        terms = r.terms ?? [];
        withBase = false;
      } else {
        winner = r.kind === 'surrender' ? r.to : (r.winner ?? r.to);
        terms = r.kind === 'surrender' ? [] : (r.terms ?? []);
        withBase = true;
        if (war.intervention) terms = []; // R5.8: only the ±30
      }
      const loser = winner === war.attacker ? war.defender : war.attacker;
      const bad = makePeace(x, war, winner, loser, terms, withBase, events);
      if (bad) return bad;
      closeRequest(s, r);
      events.unshift({ type: 'answered', id: r.id, answer: 'accept', by: r.to, text: '' });
      const how = withBase ? L(s, `${C(x, winner)}+${s.settings.peaceBase}，${C(x, loser)}−${s.settings.peaceBase}`, `${C(x, winner)} +${s.settings.peaceBase}, ${C(x, loser)} −${s.settings.peaceBase}`) : L(s, '停战', 'ceasefire');
      const rep = terms.length ? L(s, `，赔偿：${itemsText(x, terms)}`, `, reparations: ${itemsText(x, terms)}`) : '';
      return ok(L(s, `${C(x, winner)}与${C(x, loser)}停战成立（${how}${rep}），${C(x, winner)}为胜者；${s.settings.truceTurns}回合内不得再向${C(x, loser)}宣战`,
        `peace between ${C(x, winner)} and ${C(x, loser)} (${how}${rep}); ${C(x, winner)} won and may not declare war on ${C(x, loser)} for ${s.settings.truceTurns} turns`), events);
    }
    default:
      return fail('NO_SUCH_REQUEST', L(s, '这个请求不能这样回答', 'that request cannot be answered so'));
  }
}

/** R4–R6, R12 and R5.5 choices. */
export function diplomacy(g: Game, cmd: Command, sp: Speaker, _at: number): Outcome {
  const x = ctxOf(g.state, g.map);
  const s = x.s;
  if (cmd.kind === 'answer') {
    if (sp.kind === 'country' && !s.countries[sp.id]?.alive) return fail('NOT_ALLOWED', L(s, '你不在游戏中', 'you are not in the game'));
    return answer(x, cmd, sp);
  }
  if (cmd.kind === 'leave') {
    const c = cmd.country!;
    const events: GameEvent[] = [];
    leaveGame(s, x.map, c, s.countries[c]!.bankrupt ? 'bankrupt' : 'leave', events);
    return ok(L(s, `${C(x, c)}退出游戏，领土连同军队成为中立`, `${C(x, c)} left the game; its territories turn neutral with their armies`), events);
  }
  if (!('from' in cmd) || !('to' in cmd)) return fail('UNKNOWN_COMMAND', L(s, '未知命令', 'unknown command'));
  const { from, to } = cmd as { from: CountryId; to: CountryId };
  if (from === to) return fail('BAD_SYNTAX', L(s, '两个国家不能相同', 'the two countries must differ'));
  const pre = rightFor(x, sp, from) ?? inGame(x, from) ?? inGame(x, to);
  if (pre) return pre;
  if (REQUEST_KINDS.has(cmd.kind) && s.countries[from]!.requestTurn === s.turn) {
    return fail('ONE_REQUEST_PER_TURN', L(s, `${C(x, from)}本回合已经发出过一个外交请求，每回合一个（宣战不受限，R4.1）`, `${C(x, from)} has made its one request this turn (war declarations are exempt, R4.1)`));
  }
  const events: GameEvent[] = [];
  const used = () => { s.countries[from]!.requestTurn = s.turn; };
  const waiting = (req: PendingRequest, zh: string, en: string) =>
    ok(L(s, `${zh}（等待${C(x, req.to)}回答：【同意】/【拒绝】${req.kind === 'trade' || (req.kind === 'ceasefire' && !req.unconditional) || req.kind === 'surrender' ? '/【协商】' : ''}，本回合结束前有效）`,
      `${en} (waiting for ${C(x, req.to)}: accept/reject${req.kind === 'trade' || req.kind === 'surrender' || (req.kind === 'ceasefire' && !req.unconditional) ? '/counter' : ''}, until the end of this turn)`), events);

  switch (cmd.kind) {
    case 'ceasefire': {
      const war = directWar(s, from, to);
      if (!war) return fail('NOT_AT_WAR', L(s, `${C(x, from)}与${C(x, to)}不在战争中`, `${C(x, from)} and ${C(x, to)} are not at war`));
      if (war.attacker !== from) return fail('NOT_ATTACKER', L(s, `只有进攻方能宣布胜利停战；防守方请用【求和】${C(x, from)}向${C(x, to)}请求投降（R5.3）`, `only the attacker may request a ceasefire; a defender sues for peace (R5.3, R5.4)`));
      if (!cmd.unconditional && cmd.terms.length === 0) return fail('BAD_SYNTAX', L(s, '有条件停战要写停战要求：【求和】法国向德国请求停战，有条件。停战要求：割让里尔，赔款20分', 'a conditional ceasefire states its terms'));
      const bad = checkGoods(x.s, x.map, to, from, cmd.terms, false);
      if (bad) return bad;
      used();
      const req = addRequest(x, { kind: 'ceasefire', from, to, unconditional: cmd.unconditional, terms: cmd.terms, war: { attacker: war.attacker, defender: war.defender }, winner: from }, '', events);
      return waiting(req, `${C(x, from)}向${C(x, to)}请求停战：${cmd.unconditional ? '无条件（防守方必须接受，拒绝则成为进攻方并支付宣战分，R5.3）' : `有条件，停战要求：${itemsText(x, cmd.terms)}`}`,
        `${C(x, from)} asks ${C(x, to)} for a ceasefire: ${cmd.unconditional ? 'unconditional (R5.3)' : `terms: ${itemsText(x, cmd.terms)}`}`);
    }
    case 'surrender': {
      const war = directWar(s, from, to);
      if (!war) return fail('NOT_AT_WAR', L(s, `${C(x, from)}与${C(x, to)}不在战争中`, `${C(x, from)} and ${C(x, to)} are not at war`));
      used();
      const req = addRequest(x, { kind: 'surrender', from, to, war: { attacker: war.attacker, defender: war.defender }, winner: to }, '', events);
      return waiting(req, `${C(x, from)}向${C(x, to)}请求投降（同意即停战：${C(x, to)}+${s.settings.peaceBase}，${C(x, from)}−${s.settings.peaceBase}；可用【协商】提出割地赔款）`,
        `${C(x, from)} sues ${C(x, to)} for peace`);
    }
    case 'alliance': {
      if (allied(s, from, to)) return fail('NOT_ALLOWED', L(s, `${C(x, from)}与${C(x, to)}已经是盟国`, 'already allies'));
      if (atWar(s, from, to)) return fail('ALREADY_AT_WAR', L(s, `${C(x, from)}与${C(x, to)}正在交战，不能结盟`, 'the two are at war'));
      const bar = puppetBar(x, from, to, L(s, '结盟', 'ally'));
      if (bar) return bar;
      used();
      const req = addRequest(x, { kind: 'alliance', from, to }, '', events);
      return waiting(req, `${C(x, from)}向${C(x, to)}请求缔结盟约`, `${C(x, from)} proposes an alliance to ${C(x, to)}`);
    }
    case 'breakAlliance': {
      if (!allied(s, from, to)) return fail('NOT_ALLOWED', L(s, `${C(x, from)}与${C(x, to)}不是盟国`, 'not allies'));
      const low = needScore(x, from, s.settings.breakCost, L(s, '背盟', 'Breaking an alliance'));
      if (low) return low;
      used();
      pay(s, events, from, -s.settings.breakCost, 'break', to);
      s.alliances = s.alliances.filter(([a, b]) => !((a === from && b === to) || (a === to && b === from)));
      const until = s.turn + s.settings.breakBarTurns;
      s.countries[from]!.brokeWith[to] = until;
      events.push({ type: 'alliance', a: from, b: to, made: false });
      return ok(L(s, `${C(x, from)}解除与${C(x, to)}的盟约（-${s.settings.breakCost}分），第${until + 1}回合起才能向其宣战（R6.2）`, `${C(x, from)} broke its alliance with ${C(x, to)} (−${s.settings.breakCost}); war on it from turn ${until + 1} (R6.2)`), events);
    }
    case 'pact': {
      if (atWar(s, from, to)) return fail('ALREADY_AT_WAR', L(s, `${C(x, from)}与${C(x, to)}正在交战，不能签互不侵犯协定（R6.3）`, 'the two are at war (R6.3)'));
      if (pactActive(s, from, to)) return fail('NOT_ALLOWED', L(s, '两国已有互不侵犯协定', 'a pact is already in force'));
      const bar = puppetBar(x, from, to, L(s, '签协定', 'sign pacts'));
      if (bar) return bar;
      const low = needScore(x, from, s.settings.pactCost, L(s, '请求互不侵犯协定', 'Asking for a pact'));
      if (low) return low;
      used();
      pay(s, events, from, -s.settings.pactCost, 'pact', to);
      const req = addRequest(x, { kind: 'pact', from, to }, '', events);
      return waiting(req, `${C(x, from)}向${C(x, to)}请求互不侵犯协定（已付${s.settings.pactCost}分）`, `${C(x, from)} asks ${C(x, to)} for a non-aggression pact (${s.settings.pactCost} paid)`);
    }
    case 'trade': {
      const bar = puppetBar(x, from, to, L(s, '交易', 'trade'));
      if (bar) return bar;
      if (cmd.give.length + cmd.get.length === 0) return fail('BAD_SYNTAX', L(s, '格式：【交易】法国向德国提出交易申请，以（20分）交换（里尔）。', 'format: 【交易】A向B提出交易申请，以（20分）交换（里尔）。'));
      const bad = checkGoods(x.s, x.map, from, to, cmd.give, false) ?? checkGoods(x.s, x.map, to, from, cmd.get, false);
      if (bad) return bad;
      used();
      const req = addRequest(x, { kind: 'trade', from, to, give: cmd.give, get: cmd.get }, '', events);
      return waiting(req, `${C(x, from)}向${C(x, to)}提出交易：以${itemsText(x, cmd.give)}交换${itemsText(x, cmd.get)}`, `${C(x, from)} offers ${C(x, to)} ${itemsText(x, cmd.give)} for ${itemsText(x, cmd.get)}`);
    }
    case 'pledge': {
      const cs = s.countries[from]!;
      if (!cs.bankrupt) return fail('NOT_ALLOWED', L(s, '只有破产的国家可以效忠（R12）', 'only a bankrupt country may pledge (R12)'));
      if (cs.overlord) return fail('NOT_ALLOWED', L(s, '你已经是傀儡国', 'you are already a puppet'));
      if (s.countries[to]!.overlord) return fail('PUPPET_RESTRICTED', L(s, `${C(x, to)}自己是傀儡国，不能接受效忠`, `${C(x, to)} is itself a puppet`));
      used();
      const req = addRequest(x, { kind: 'pledge', from, to }, '', events);
      return waiting(req, `${C(x, from)}向${C(x, to)}效忠`, `${C(x, from)} pledges allegiance to ${C(x, to)}`);
    }
    case 'puppet':
    case 'annex': {
      const fall = s.capitalFalls.find((f) => f.loser === to && f.capturer === from);
      if (!fall) return fail('NOT_ALLOWED', L(s, `${C(x, from)}没有攻下${C(x, to)}的首都，不能决定其命运（R5.5）`, `${C(x, from)} has not taken ${C(x, to)}'s capital (R5.5)`));
      if (cmd.kind === 'annex') {
        const low = needScore(x, from, s.settings.annexCost, L(s, '灭国', 'Annexation'));
        if (low) return low;
        pay(s, events, from, -s.settings.annexCost, 'annex', to);
        s.capitalFalls = s.capitalFalls.filter((f) => f !== fall);
        leaveGame(s, x.map, to, 'annexed', events, from);
        events.push({ type: 'annexed', loser: to, by: from });
        return ok(L(s, `${C(x, from)}吞并了${C(x, to)}（-${s.settings.annexCost}分），接收其全部领土和军队`, `${C(x, from)} annexed ${C(x, to)} (−${s.settings.annexCost}) and takes all its territories and armies`), events);
      }
      makePuppet(s, x.map, to, from, events);
      return ok(L(s, `${C(x, from)}在${C(x, to)}建立傀儡政权：${C(x, to)}分数变为${s.settings.puppetScore}，首都归还，每回合进贡${Math.round(s.settings.tribute * 100)}%`,
        `${C(x, from)} made ${C(x, to)} its puppet: score ${s.settings.puppetScore}, capital returned, ${Math.round(s.settings.tribute * 100)}% tribute`), events);
    }
    case 'demand': {
      if (s.countries[to]!.overlord !== from) return fail('NOT_ALLOWED', L(s, `${C(x, to)}不是${C(x, from)}的傀儡国（R5.5）`, `${C(x, to)} is not ${C(x, from)}'s puppet (R5.5)`));
      const items: Item[] = cmd.territories.map((id) => ({ kind: 'territory', id }));
      const bad = checkGoods(x.s, x.map, to, from, items, false);
      if (bad) return bad;
      const done = s.countries[from]!.demanded[to] ?? 0;
      const max = s.settings.puppetDemand;
      if (done + items.length > max) return fail('LIMIT_EXCEEDED', L(s, `对傀儡国最多要求${max}块领土，已要求${done}块，还可${max - done}块（R5.5）`, `at most ${max} territories from a puppet; ${done} taken, ${max - done} left (R5.5)`));
      s.countries[from]!.demanded[to] = done + items.length;
      transferGoods(x, to, from, items, 'reparations', events);
      return ok(L(s, `${C(x, to)}按要求割让${itemsText(x, items)}给${C(x, from)}`, `${C(x, to)} cedes ${itemsText(x, items)} to ${C(x, from)}`), events);
    }
    case 'independence': {
      if (s.countries[from]!.overlord !== to) return fail('NOT_ALLOWED', L(s, `${C(x, from)}不是${C(x, to)}的傀儡国`, `${C(x, from)} is not ${C(x, to)}'s puppet`));
      const low = needScore(x, from, s.settings.independenceCost, L(s, '独立', 'Independence'));
      if (low) return low;
      pay(s, events, from, -s.settings.independenceCost, 'independence', to);
      s.countries[from]!.overlord = null;
      events.push({ type: 'puppet', puppet: from, overlord: null });
      return ok(L(s, `${C(x, from)}脱离${C(x, to)}独立（-${s.settings.independenceCost}分，R6.4）`, `${C(x, from)} became independent of ${C(x, to)} (−${s.settings.independenceCost}, R6.4)`), events);
    }
    default:
      return fail('UNKNOWN_COMMAND', L(s, '未知命令', 'unknown command'));
  }
}
