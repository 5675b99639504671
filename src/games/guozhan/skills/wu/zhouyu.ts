/**
 * H-WU-05 周瑜 (`hs__zhouyu`) · Wu · 3 half-fish.
 * 反间 (active, once per play phase): show a hand card and give it to another character; it chooses: show all its
 * hand cards and discard all its cards (hand and equipment) of that card's suit, or lose 1 HP (EX `ex__fanjian`).
 * `【技能】反间 C→P`. The shown card is public (X1), so is the gift; the option list defaults to its first option
 * (X3.2), and the shown hand is public card by card.
 * 英姿 (locked): you draw 1 more card in your draw phase; your hand limit equals your max HP (EX `ex__yingzi`). The
 * draw: a locked trigger at the engine's `drawPhase` point (+1; a hidden 周瑜 is asked whether to reveal for it, G13.2
 * item 2, guozhan D21). The limit: a rule (triggers.ts `handBase`) read by core.ts handLimit while 周瑜 is revealed
 * (G13.3; G19.1: max HP instead of HP, then the bonuses).
 */
import { handOver } from '../../skillasks.ts';
import { discard, P, present, seatName, suitOf } from '../../core.ts';
import { ev, refuse } from '../../flow.ts';
import { option, seatOf } from '../../asks.ts';
import { loseHp } from '../../damage.ts';
import { SLOTS } from '../../types.ts';
import { type SkillSpec, namedCards } from '../common.ts';
import type { RuleSkill } from '../../triggers.ts';

const HELP = '写法：【技能】反间 手牌→其他角色';

export const fanjian: SkillSpec = {
  id: 'fanjian', name: '反间', general: 'hs__zhouyu', kind: 'active', limit: 'phase',
  use: (ctx, owner, cmd) => {
    const s = ctx.s;
    if (cmd.cards.length !== 1 || cmd.targets.length !== 1) return refuse('BAD_SYNTAX', HELP);
    const t = seatOf(s, cmd.targets[0]!, owner);
    if (t === owner || !present(s, t)) return refuse('ILLEGAL_TARGET', `须选择一名其他角色；${HELP}`);
    const [id] = namedCards(s, owner, cmd.cards, false);
    // The suit as it counts for 周瑜 (his own card) and then for the receiver's cards (红颜: 小乔's ♠ counts as ♥).
    const suit = suitOf(s, owner, id!);
    ev(ctx, 'show', { seat: owner, card: id, why: '反间' });
    handOver(ctx, owner, t, [id!]);
    ev(ctx, 'give', { seat: owner, receiver: t, card: id, why: '反间' });
    const k = option(ctx, t, `反间：展示所有手牌并弃置所有${suit}牌，或失去1点体力`, [`展示所有手牌并弃置所有${suit}牌`, '失去1点体力'], { skill: '反间' });
    ev(ctx, 'skillOption', { seat: t, skill: '反间', option: k + 1 });
    if (k === 1) { loseHp(ctx, t, 1); return; }
    const q = P(s, t);
    for (const h of q.hand) ev(ctx, 'show', { seat: t, card: h, why: '反间' });
    const out = [...q.hand, ...SLOTS.flatMap((x) => (q.equip[x] ? [q.equip[x]!] : []))].filter((x) => suitOf(s, t, x) === suit);
    if (out.length) { ev(ctx, 'discard', { seat: t, cards: out, why: '反间' }); discard(ctx, out); }
    void seatName;
  },
};

export const yingzi: SkillSpec = {
  id: 'yingzi', name: '英姿', general: 'hs__zhouyu', kind: 'locked', point: 'drawPhase',
  can: (_ctx, owner, e) => e.point === 'drawPhase' && e.seat === owner,
  effect: (_ctx, _owner, e) => { if (e.point === 'drawPhase') e.draw.n += 1; },
};

export const yingziLimit: RuleSkill = {
  id: 'yingzi_limit', name: '英姿', general: 'hs__zhouyu', kind: 'rule',
  handBase: (s, owner) => P(s, owner).maxHp,
};

export default [yingzi, fanjian, yingziLimit];
