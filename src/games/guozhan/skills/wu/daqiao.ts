/**
 * H-WU-06 大乔 (`hs__daqiao`) · Wu · 3 half-fish.
 * 国色 (conversion): you may use a ♦ card (hand or equipment) as 乐不思蜀 (FK `guose.lua`): `【乐不思蜀】♦3（国色）→P`.
 * The converted card lies in the target's judgement area as 乐不思蜀 (the engine's `judgeAs`, G6.4).
 * 流离 (trigger): when you become a target of a 杀, you may discard a card and choose another character in your attack
 * range, other than the 杀's user, that could legally be targeted by it (ignoring distance): it becomes the target
 * instead of you (HEG `liuli.lua`). At G6.2 step 3 (`becomeTarget`): accepting, then the character (`【选择】P`), then
 * the card (`【弃牌】C`, hand or equipment) — the range is counted without the card discarded (a discarded weapon or
 * -1 horse may leave the character out of range, so only cards that keep it in range are accepted). Mandatory once
 * accepted (X3.2: the first legal character from 大乔, the lowest fitting card). Not a character already a target
 * (方天画戟), nor one removed (调虎离山). The new target becomes a target in turn (step 3 for it: 空城 …).
 */
import { card, cardText } from '../../cards.ts';
import { discard, inRange, P, present, presentFrom, seatName } from '../../core.ts';
import { ev } from '../../flow.ts';
import { chooseOwn, choosePlayer } from '../../asks.ts';
import { SLASHES } from '../../cards.ts';
import { SLOTS, type State } from '../../types.ts';
import type { TriggerEvent } from '../../triggers.ts';
import { becomingTarget } from '../targeting.ts';
import type { SkillSpec } from '../common.ts';

export const guose: SkillSpec = {
  id: 'guose', name: '国色', general: 'hs__daqiao', kind: 'convert', makes: ['乐不思蜀'], equip: true,
  can: (_s, _owner, ids) => ids.length === 1 && card(ids[0]!).suit === '♦',
};

/** Whether `t` is in `owner`'s attack range once `id` (one of its cards) has left it. */
function reachWithout(s: State, owner: number, t: number, id: string): boolean {
  const p = P(s, owner);
  const slot = SLOTS.find((x) => p.equip[x] === id);
  if (!slot) return inRange(s, owner, t);
  p.equip[slot] = null;
  try { return inRange(s, owner, t); } finally { p.equip[slot] = id; }
}
const ownCards = (s: State, owner: number) => { const p = P(s, owner); return [...p.hand, ...SLOTS.flatMap((x) => (p.equip[x] ? [p.equip[x]!] : []))]; };

/** The characters 流离 may pass the 杀 to: present, not its user, not a target already, in range without some card. */
function liuliTo(s: State, owner: number, e: Extract<TriggerEvent, { point: 'becomeTarget' }>): number[] {
  const cards = ownCards(s, owner);
  return presentFrom(s, owner, false).filter((t) => t !== e.user && present(s, t) && !e.targets.includes(t) && cards.some((id) => reachWithout(s, owner, t, id)));
}

export const liuli: SkillSpec = {
  id: 'liuli', name: '流离', general: 'hs__daqiao', kind: 'trigger', point: 'becomeTarget',
  can: (ctx, owner, e) => {
    const b = becomingTarget(e, owner);
    return !!b && SLASHES.has(b.card.name) && liuliTo(ctx.s, owner, b).length > 0;
  },
  effect: (ctx, owner, e) => {
    const b = becomingTarget(e, owner);
    if (!b) return;
    const s = ctx.s;
    const t = choosePlayer(ctx, owner, liuliTo(s, owner, b), `流离：选择你攻击范围内的一名其他角色（不是【杀】的使用者），其代替你成为目标（【选择】角色）`, false)!;
    const [id] = chooseOwn(ctx, owner, { count: 1, equip: true, filter: (x) => reachWithout(s, owner, t, x), text: `流离：弃置一张牌（弃置后${seatName(s, t)}仍须在你的攻击范围内；【弃牌】牌）`, about: { skill: '流离' } })!;
    ev(ctx, 'discard', { seat: owner, cards: [id!], why: '流离' });
    discard(ctx, [id!]);
    b.targets[b.targets.indexOf(owner)] = t;
    ev(ctx, 'transfer', { seat: owner, target: t, card: b.card.ids.length === 1 && !b.card.skill ? cardText(b.card.ids[0]!) : b.card.name, why: '流离' });
  },
};

export default [guose, liuli];
