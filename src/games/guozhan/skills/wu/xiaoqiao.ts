/**
 * H-WU-10 小乔 (`hs__xiaoqiao`) · Wu · 3 half-fish.
 * 天香 (trigger): when you are about to take damage (G8.1 step 2b, `damageDetermineInflicted`), you may discard a ♥
 * hand card and choose another character: prevent that damage, then choose an option you have not chosen this turn:
 * (1) the damage source (must be alive) deals 1 damage to that character, which then draws X (X = its lost HP, at
 * most 5); (2) that character loses 1 HP, then takes the ♥ card you discarded if it is still in the discard or draw
 * pile (HEG `tianxiang.lua`). It may be used again in a turn while an option is left; the options chosen are counted
 * in the state's skill-use map (`seat|tianxiang<k>|t<turn>`). The card and the character are mandatory once accepted
 * (X3.2: the lowest ♥ hand card; the first other character from 小乔), the option list defaults to its first possible
 * option. The damage of (1) has no card and is not a card's effect.
 * 红颜 (locked): your ♠ cards (including your judgement cards) count as ♥. If your equipment area holds a ♥ card, your
 * hand limit is +1 (HEG `hongyan.lua`). A rule (triggers.ts `suit`, `handPlus`) read while 小乔 is revealed (G13.3):
 * core.ts suitOf (her cards: 天香's ♥ hand card, her judgement cards in core.ts judge, cards/delayed.ts and 八卦阵,
 * and the cards she uses — resolve.ts countAsUser: her ♠ 杀 or trick is red, so 仁王盾 and 帷幕 let it through)
 * and core.ts handLimit. The equipment's ♥ is read through suitOf too, so a ♠ equipment card counts.
 */
import { discard, draw, move, P, presentFrom, seatName, suitOf } from '../../core.ts';
import type { RuleSkill } from '../../triggers.ts';
import { SLOTS, type State } from '../../types.ts';
import { ev, type Ctx } from '../../flow.ts';
import { chooseOwn, choosePlayer, option } from '../../asks.ts';
import { damage, loseHp } from '../../damage.ts';
import type { SkillSpec } from '../common.ts';

/** 红颜: her ♠ cards count as ♥ (core.ts suitOf). */
const heartOf = (s: State, owner: number) => (id: string) => suitOf(s, owner, id) === '♥';
const key = (ctx: Ctx, owner: number, k: 1 | 2) => `${owner}|tianxiang${k}|t${ctx.s.turn.n}`;
/** The options still open this turn (1 needs a living source). */
function open(ctx: Ctx, owner: number, source: number | null): (1 | 2)[] {
  const out: (1 | 2)[] = [];
  if (!ctx.s.skillUses[key(ctx, owner, 1)] && source !== null && P(ctx.s, source).alive) out.push(1);
  if (!ctx.s.skillUses[key(ctx, owner, 2)]) out.push(2);
  return out;
}

export const tianxiang: SkillSpec = {
  id: 'tianxiang', name: '天香', general: 'hs__xiaoqiao', kind: 'trigger', point: 'damageDetermineInflicted',
  can: (ctx, owner, e) => e.point === 'damageDetermineInflicted' && e.damage.target === owner && !e.damage.prevented && e.damage.n > 0
    && P(ctx.s, owner).hand.some(heartOf(ctx.s, owner)) && presentFrom(ctx.s, owner, false).length > 0 && open(ctx, owner, e.damage.source).length > 0,
  effect: (ctx, owner, e) => {
    if (e.point !== 'damageDetermineInflicted') return;
    const s = ctx.s;
    const d = e.damage;
    const [id] = chooseOwn(ctx, owner, { count: 1, filter: heartOf(s, owner), text: '天香：弃置一张红桃手牌（【弃牌】牌）', about: { skill: '天香' } })!;
    const t = choosePlayer(ctx, owner, presentFrom(s, owner, false), '天香：选择一名其他角色（【选择】角色）', false)!;
    ev(ctx, 'discard', { seat: owner, cards: [id], why: '天香' });
    discard(ctx, [id!]);
    d.prevented = true;
    ev(ctx, 'prevented', { seat: owner, source: d.source, why: '天香', target: t });
    const opts = open(ctx, owner, d.source);
    const texts = { 1: `令来源${d.source === null ? '' : seatName(s, d.source)}对${seatName(s, t)}造成1点伤害，其摸X张牌`, 2: `令${seatName(s, t)}失去1点体力，其获得你弃置的牌` };
    const k = opts[option(ctx, owner, '天香：选择一项（本回合未选择过的）', opts.map((o) => texts[o]), { skill: '天香' })]!;
    s.skillUses[key(ctx, owner, k)] = 1;
    ev(ctx, 'skillOption', { seat: owner, skill: '天香', option: k, target: t });
    if (k === 1) {
      damage(ctx, { source: d.source, target: t, n: 1, nature: 'normal', card: null, byCard: false });
      const q = P(s, t);
      if (q.alive) draw(ctx, t, Math.min(5, q.maxHp - q.hp), '天香');
      return;
    }
    loseHp(ctx, t, 1);
    if (P(s, t).alive && (s.discardPile.includes(id!) || s.drawPile.includes(id!))) {
      ev(ctx, 'gain', { seat: t, cards: [id], why: '天香' });
      move(ctx, [id!], { zone: 'hand', seat: t });
    }
  },
};

export const hongyan: RuleSkill = {
  id: 'hongyan', name: '红颜', general: 'hs__xiaoqiao', kind: 'rule',
  suit: (_s, _owner, _id, suit) => (suit === '♠' ? '♥' : suit),
  handPlus: (s, owner) => (SLOTS.some((x) => { const id = P(s, owner).equip[x]; return !!id && suitOf(s, owner, id) === '♥'; }) ? 1 : 0),
};

export default [tianxiang, hongyan];
