/**
 * H-WU-04 黄盖 (`hs__huanggai`) · Wu · 4 half-fish.
 * 苦肉 (active, once per play phase): discard a card; then lose 1 HP and draw 3; your 杀 limit is +1 for this phase
 * (HEG `kurou.lua`). `【技能】苦肉 C` (a hand or equipped card). The engine counts the use (limit `phase`); the +1 is a
 * rule (triggers.ts `slashes`) that reads that count, so it lasts exactly this play phase. If 黄盖 dies from the HP
 * loss he draws nothing; rescued, he draws 3.
 */
import { discard, draw, P } from '../../core.ts';
import { ev, refuse } from '../../flow.ts';
import { loseHp } from '../../damage.ts';
import { usedIn, type RuleSkill } from '../../triggers.ts';
import { namedCards, type SkillSpec } from '../common.ts';

const G = 'hs__huanggai';

export const kurou: SkillSpec = {
  id: 'kurou', name: '苦肉', general: G, kind: 'active', limit: 'phase',
  can: (ctx, owner) => { const p = P(ctx.s, owner); return p.hand.length > 0 || Object.values(p.equip).some((x) => x); },
  why: '苦肉要弃置一张牌，你没有牌',
  use: (ctx, owner, cmd) => {
    if (cmd.cards.length !== 1 || cmd.targets.length) return refuse('BAD_SYNTAX', '写法：【技能】苦肉 牌（弃置一张手牌或装备区的牌）');
    const ids = namedCards(ctx.s, owner, cmd.cards, true);
    ev(ctx, 'discard', { seat: owner, cards: ids, why: '苦肉' });
    discard(ctx, ids);
    loseHp(ctx, owner, 1);
    if (P(ctx.s, owner).alive) draw(ctx, owner, 3, '苦肉');
  },
};

/** The +1 to the 杀 limit for the play phase in which 苦肉 was used. */
export const kurouLimit: RuleSkill = {
  id: 'kurou_limit', name: '苦肉', general: G, kind: 'rule',
  slashes: (s, owner) => (usedIn(s, owner, 'kurou', 'phase') ? 1 : 0),
};

export default [kurou, kurouLimit];
