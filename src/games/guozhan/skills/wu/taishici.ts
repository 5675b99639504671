/**
 * H-WU-11 太史慈 (`hs__taishici`) · Wu · 4 half-fish.
 * 天义 (active, once per play phase): point fight a character. Win: until end of turn your 杀 limit is +1, your 杀
 * have no distance limit and may take one extra target. Otherwise: you cannot use 杀 this turn (SHZL `tianyi.lua`).
 * `【技能】天义→P` (another character with a hand card; 太史慈 needs one). The 拼点 is skillasks.ts pointFight; its result
 * is counted in the state's skill-use map for this turn (`tianyi_win` / `tianyi_lose`), and a rule (triggers.ts
 * `slashes`, `noDistance`, `extraTargets`, `noSlash`) reads it, so it lapses at the end of the turn (G4.9).
 */
import { SLASHES } from '../../cards.ts';
import { P, present, presentFrom, seatName } from '../../core.ts';
import { ev, refuse } from '../../flow.ts';
import { seatOf } from '../../asks.ts';
import { pointFight } from '../../skillasks.ts';
import { markUsed, usedIn, type RuleSkill } from '../../triggers.ts';
import type { State } from '../../types.ts';
import type { SkillSpec } from '../common.ts';

const G = 'hs__taishici';
const won = (s: State, owner: number) => usedIn(s, owner, 'tianyi_win', 'turn');

export const tianyi: SkillSpec = {
  id: 'tianyi', name: '天义', general: G, kind: 'active', limit: 'phase',
  can: (ctx, owner) => P(ctx.s, owner).hand.length > 0,
  why: '天义要拼点，你需要有手牌',
  use: (ctx, owner, cmd) => {
    const s = ctx.s;
    const legal = presentFrom(s, owner, false).filter((i) => P(s, i).hand.length > 0).map((i) => seatName(s, i));
    if (cmd.targets.length !== 1 || cmd.cards.length) return refuse('BAD_SYNTAX', `写法：【技能】天义→角色（有手牌的其他角色：${legal.join('、') || '无'}）`);
    const t = seatOf(s, cmd.targets[0]!, owner);
    if (t === owner || !present(s, t)) return refuse('ILLEGAL_TARGET', `天义须选择一名其他角色（可选：${legal.join('、') || '无'}）`);
    if (!P(s, t).hand.length) return refuse('ILLEGAL_TARGET', `${seatName(s, t)}没有手牌，不能拼点；可选：${legal.join('、') || '无'}`);
    ev(ctx, 'skillTarget', { seat: owner, skill: '天义', target: t });
    const r = pointFight(ctx, owner, t, '天义');
    markUsed(s, owner, r.win ? 'tianyi_win' : 'tianyi_lose', 'turn');
  },
};

/** The 拼点's outcome for the rest of the turn. */
export const tianyiRule: RuleSkill = {
  id: 'tianyi_rule', name: '天义', general: G, kind: 'rule',
  slashes: (s, owner) => (won(s, owner) ? 1 : 0),
  noDistance: (s, owner, uc) => SLASHES.has(uc.name) && won(s, owner),
  extraTargets: (s, owner, uc) => (SLASHES.has(uc.name) && won(s, owner) ? { n: 1 } : null),
  noSlash: (s, owner) => usedIn(s, owner, 'tianyi_lose', 'turn'),
};

export default [tianyi, tianyiRule];
