/**
 * H-SHU-01 刘备 (`hs__liubei`) · Shu · 4 half-fish.
 * 仁德 (active): in your play phase, once per other character per phase, give any number of hand cards to that
 * character. When the cards you have given this phase reach 2 (first time only), you may be treated as using one
 * basic card of your choice (a legal use; it counts toward limits, e.g. a 杀 needs an unused 杀 allowance) (EX
 * `ex__rende`). `【技能】仁德 C、…→P`. The gift is public by count, private by identity to the two (X1, X1.1). The
 * basic card is an option list whose first option is "none" (X3.2: an optional use defaults to no): 杀/雷杀/火杀 while a
 * 杀 may be used and someone is in range (then a mandatory pick of its target — X3.2: the first in range from 刘备), 桃
 * when wounded (not in 鏖战), 酒 when unused this turn. It has no source card (G1.6) and goes through the use pipeline.
 * The per-character and per-phase counts live in the skill-use map (`seat|rende…|t<turn>.play`).
 */
import { handOver } from '../../skillasks.ts';
import { inRange, P, present, presentFrom, seatName } from '../../core.ts';
import { ev, refuse } from '../../flow.ts';
import { choosePlayer, option, seatOf } from '../../asks.ts';
import { markUsed, usedIn } from '../../triggers.ts';
import { slashAllowed, useCard } from '../../use.ts';
import type { UsedCard } from '../../types.ts';
import { type SkillSpec, namedCards } from '../common.ts';

const HELP = '写法：【技能】仁德 手牌、手牌…→其他角色（每阶段对每名角色限一次）';

export const rende: SkillSpec = {
  id: 'rende', name: '仁德', general: 'hs__liubei', kind: 'active',
  use: (ctx, owner, cmd) => {
    const s = ctx.s;
    if (!cmd.cards.length || cmd.targets.length !== 1) return refuse('BAD_SYNTAX', HELP);
    const t = seatOf(s, cmd.targets[0]!, owner);
    if (t === owner || !present(s, t)) return refuse('ILLEGAL_TARGET', `须选择一名其他角色；${HELP}`);
    if (usedIn(s, owner, `rende_${t}`, 'phase')) return refuse('LIMIT_EXCEEDED', `本阶段已对${seatName(s, t)}发动过仁德`);
    const ids = namedCards(s, owner, cmd.cards, false);
    markUsed(s, owner, `rende_${t}`, 'phase');
    const countKey = `${owner}|rende_given|t${s.turn.n}.play`;
    const before = s.skillUses[countKey] ?? 0;
    s.skillUses[countKey] = before + ids.length;
    handOver(ctx, owner, t, ids);
    ev(ctx, 'gift', { seat: owner, receiver: t, n: ids.length, why: '仁德' });
    ev(ctx, 'given', { seat: owner, receiver: t, cards: ids, to: [owner, t] });
    if (before >= 2 || before + ids.length < 2 || !P(s, owner).alive) return;
    basic(ctx, owner);
  },
};

/** "Treated as using one basic card of your choice" — only legal uses are offered; the first option is none. */
function basic(ctx: Parameters<typeof useCard>[0], owner: number) {
  const s = ctx.s;
  const p = P(s, owner);
  const inReach = presentFrom(s, owner, false).filter((x) => inRange(s, owner, x));
  const names: string[] = [];
  if (slashAllowed(ctx, owner) && inReach.length) names.push('杀', '雷杀', '火杀');
  if (p.hp < p.maxHp && !s.aozhan) names.push('桃');
  if (!s.turn.wineUsed) names.push('酒');
  if (!names.length) return;
  const k = option(ctx, owner, '仁德：视为使用一张基本牌？', ['不使用', ...names], { skill: '仁德' });
  if (k === 0) return;
  const name = names[k - 1]!;
  const uc: UsedCard = { name, ids: [], suit: null, color: null, rank: null, skill: '仁德' };
  if (name === '桃' || name === '酒') return useCard(ctx, owner, uc, [owner]);
  const t = choosePlayer(ctx, owner, inReach, `仁德：选择【${name}】的目标（【选择】角色）`, false)!;
  useCard(ctx, owner, uc, [t], { counts: true });
}

export default [rende];
