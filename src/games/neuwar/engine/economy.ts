import type { GameMap } from '../../europe/map/index.ts';
import { isLandKind } from '../../europe/map/index.ts';
import { atWar } from './relations.ts';
import { blockaders } from './resolve.ts';
import { land, pay } from './state.ts';
import { cn, fail, L, list, ok, tn } from './text.ts';
import type { CountryId, GameState, Outcome, TechId } from './types.ts';
import { TECH_NAMES_LOCAL } from './technames.ts';


export function techCost(s: GameState, t: TechId): number {
  return t === 'airship' ? s.settings.airshipCost : t === 'spy' ? s.settings.spyCost : s.settings.commsCost;
}

function short(s: GameState, c: CountryId, need: number, what: string): Outcome | null {
  const have = s.countries[c]!.score;
  if (have >= need) return null;
  return fail('INSUFFICIENT_SCORE', L(s, `${what}需要${need}分，你只有${have}分，还差${need - have}分（R2.5）`, `${what} costs ${need} points; you have ${have}, ${need - have} short (R2.5)`));
}

/** R8.1 【军事】N: pay N now, N armies in the arsenal at the next resolution; buyLimit a turn; blockade. */
export function buy(s: GameState, map: GameMap, c: CountryId, n: number): Outcome {
  const lg = s.settings.language;
  if (!Number.isInteger(n) || n < 1) return fail('BAD_SYNTAX', L(s, '格式：【军事】30（购买的军队数，正整数）', 'format: 【军事】30 (a positive number of armies)'));
  const cs = s.countries[c]!;
  if (!map.arsenalOf.has(c)) return fail('NOT_ALLOWED', L(s, '你的国家没有兵工厂', 'your country has no arsenal'));
  const by = blockaders(s, map, c);
  if (by.length > 0) return fail('ARSENAL_BLOCKADED', L(s, `兵工厂被${list(by.map((b) => cn(map, b, lg)), lg)}封锁，无法购买军队（R8.1）`, `your arsenal is blockaded by ${list(by.map((b) => cn(map, b, lg)), lg)} (R8.1)`));
  if (cs.blockadeUntil >= s.turn) return fail('ARSENAL_BLOCKADED', L(s, `兵工厂封锁到第${cs.blockadeUntil}回合结束，第${cs.blockadeUntil + 1}回合起才能购买（R8.1）`, `your arsenal is blockaded through turn ${cs.blockadeUntil}; buy again from turn ${cs.blockadeUntil + 1} (R8.1)`));
  const lim = s.settings.buyLimit;
  if (cs.buying + n > lim) return fail('LIMIT_EXCEEDED', L(s, `每回合最多购买${lim}军，本回合已购${cs.buying}，还可购${lim - cs.buying}（R8.1）`, `at most ${lim} armies a turn; ${cs.buying} bought, ${lim - cs.buying} left (R8.1)`));
  const low = short(s, c, n, L(s, `购买${n}军`, `buying ${n} armies`));
  if (low) return low;
  const events: Parameters<typeof pay>[1] = [];
  pay(s, events, c, -n, 'buy');
  cs.buying += n;
  return ok(L(s, `${cn(map, c, lg)}购买${n}军，结算时进入兵工厂（本回合共${cs.buying}军）`, `${cn(map, c, lg)} buys ${n} armies, in the arsenal at resolution (${cs.buying} this turn)`), events, true);
}

/** R8.2 【工业】: pay industryCost, income +1 from the end of the following turn; once a turn. */
export function industry(s: GameState, map: GameMap, c: CountryId): Outcome {
  const cs = s.countries[c]!;
  if (cs.industryTurn === s.turn) return fail('ONCE_PER_TURN', L(s, '本回合已经发展过工业，每回合一次（R8.2）', 'industry once per turn (R8.2)'));
  const cost = s.settings.industryCost;
  const low = short(s, c, cost, L(s, '工业发展', 'Industry'));
  if (low) return low;
  const events: Parameters<typeof pay>[1] = [];
  pay(s, events, c, -cost, 'industry');
  cs.industryTurn = s.turn;
  cs.industryPending += 1;
  events.push({ type: 'industry', country: c, level: cs.industry + cs.industryPending });
  const lg = s.settings.language;
  return ok(L(s, `${cn(map, c, lg)}发展工业：第${s.turn + 1}回合结束起每回合收入+1`, `${cn(map, c, lg)} builds industry: +1 income from the end of turn ${s.turn + 1}`), events);
}

/** R8.3 【科技】NAME N: invest any amount; done at once when the investment reaches the cost. */
export function tech(s: GameState, map: GameMap, c: CountryId, t: TechId, n: number): Outcome {
  const lg = s.settings.language;
  const name = TECH_NAMES_LOCAL[t][lg];
  if (!Number.isInteger(n) || n < 1) return fail('BAD_SYNTAX', L(s, '格式：【科技】空艇 50（间谍、通讯；投入正整数分）', 'format: 【科技】空艇 50 (a positive number of points)'));
  const cs = s.countries[c]!;
  if (cs.techDone.includes(t)) return fail('ALREADY_USED', L(s, `${name}科技已经完成`, `${name} is already done`));
  const cost = techCost(s, t);
  // Investing past the cost would be points thrown away: only what is missing is taken.
  const spend = Math.min(n, cost - cs.tech[t]);
  const low = short(s, c, spend, L(s, `投入${name}科技`, `investing in ${name}`));
  if (low) return low;
  const events: Parameters<typeof pay>[1] = [];
  pay(s, events, c, -spend, 'tech', t);
  cs.tech[t] += spend;
  const done = cs.tech[t] >= cost;
  if (done) cs.techDone.push(t);
  events.push({ type: 'tech', country: c, tech: t, invested: cs.tech[t], done });
  return ok(done
    ? L(s, `${name}科技完成！（投入${spend}分）`, `${name} complete! (${spend} invested)`)
    : L(s, `${name}科技投入${spend}分，进度${cs.tech[t]}/${cost}`, `${name}: ${spend} invested, ${cs.tech[t]}/${cost}`), events, true);
}

/** R9 【动员】部分/全国 [placement]. */
export function mobilize(s: GameState, map: GameMap, c: CountryId, type: 'partial' | 'national', placement: { territory: string; n: number }[]): Outcome {
  const lg = s.settings.language;
  const st = s.settings;
  const cs = s.countries[c]!;
  const m = cs.mobilization;
  const armies = type === 'partial' ? st.partialArmies : st.nationalArmies;
  if (placement.length > 0) {
    const sum = placement.reduce((x, p) => x + p.n, 0);
    if (sum !== armies || placement.some((p) => !Number.isInteger(p.n) || p.n < 1)) {
      return fail('BAD_SYNTAX', L(s, `动员的军队分配加起来须正好是${armies}（现在是${sum}）：【动员】${type === 'partial' ? '部分' : '全国'} 首都${armies}`, `the placement must add up to exactly ${armies} (it is ${sum}) (R9)`));
    }
  }
  if (type === 'partial' ? m.partialUsed : m.nationalUsed) {
    return fail('ALREADY_USED', L(s, `${type === 'partial' ? '部分' : '全国'}动员每局只能一次，已经用过（R9）`, `${type === 'partial' ? 'partial' : 'national'} mobilization is once per game and already used (R9)`));
  }
  if (cs.mobilizeTurn === s.turn) return fail('ONCE_PER_TURN', L(s, '一回合只能下一道动员令（R9）', 'one mobilization per turn (R9)'));
  if (type === 'partial' && m.nationalTurn !== null && s.turn < m.nationalTurn + st.partialAfterNationalTurns) {
    return fail('NOT_ALLOWED', L(s, `全国动员后须过${st.partialAfterNationalTurns}回合才能部分动员：第${m.nationalTurn + st.partialAfterNationalTurns}回合起（R9）`,
      `a partial mobilization is allowed only ${st.partialAfterNationalTurns} turns after the national one: from turn ${m.nationalTurn + st.partialAfterNationalTurns} (R9)`));
  }
  const cap = map.capitalOf.get(c)!;
  if (type === 'national') {
    const enemyNear = [...map.adj.get(cap)!].some((n) => {
      const o = land(s, n)?.owner;
      return !!o && o !== c && atWar(s, c, o);
    });
    if (!enemyNear) return fail('NATIONAL_NOT_ALLOWED', L(s, `只有敌国占领了与首都${tn(map, cap, lg)}相邻的领土时才能全国动员（R9）`, `national mobilization needs an enemy owning a territory next to your capital ${tn(map, cap, lg)} (R9)`));
  }
  for (const p of placement) {
    const def = map.territory.get(p.territory)!;
    if (!isLandKind(def.kind) || land(s, p.territory)!.owner !== c) {
      return fail('NOT_OWNER', L(s, `${tn(map, p.territory, lg)}不是你的领土，动员的军队只能放在本国领土（R9）`, `${tn(map, p.territory, lg)} is not yours; mobilized armies go on own territories (R9)`));
    }
  }
  if (type === 'partial') m.partialUsed = true;
  else { m.nationalUsed = true; m.nationalTurn = s.turn; }
  m.halfIncomeLeft += type === 'partial' ? st.partialHalfTurns : st.nationalHalfTurns;
  cs.mobilizeTurn = s.turn;
  cs.placing = placement.length > 0 ? placement.map((p) => ({ ...p })) : [{ territory: cap, n: armies }];
  const where = list(cs.placing.map((p) => `${tn(map, p.territory, lg)}${p.n}`), lg);
  return ok(L(s, `${cn(map, c, lg)}${type === 'partial' ? '部分' : '全国'}动员：结算时${where}；收入减半${m.halfIncomeLeft}次`, `${cn(map, c, lg)} ${type} mobilization: ${where} at resolution; half income for ${m.halfIncomeLeft} payments`),
    [{ type: 'mobilized', country: c, kind: type, armies }], true);
}
