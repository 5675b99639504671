/**
 * H-WU-14 张昭张纮 (`hs__zhangzhaozhanghong`) · Wu · 3 half-fish.
 * 直谏 (active, no limit): in your play phase, put an equipment card from your hand into another character's equipment
 * area (its slot must be empty), then draw 1 (SHZL `zhijian.lua`). `【技能】直谏 C→P`. Putting is not using (no 集智,
 * no use row); the card is public from then on.
 * 固政 (trigger): at the end of another character's discard phase, you may give it back one of the hand cards it
 * discarded this phase (still in the discard pile); then you may take the other cards discarded this phase that are
 * still in the discard pile (SHZL `guzheng.lua`). The engine fires no point for a discard, so `guzheng_note` (a record
 * only, never taking effect) notes at that phase's start the current player's hand and the discard pile's length in the
 * skill-use map (`seat|guzheng…|t<turn>`); at its end the cards discarded this phase are those of that hand that now
 * lie in the discard pile above the noted length. Giving back one is the accepted trigger (a pick among them — X3.2:
 * the first); taking the rest is a yes/no (X3.2: no). The cards come from the public discard pile (X1).
 */
import { card, cardText } from '../../cards.ts';
import { draw, move, P, present, seatName } from '../../core.ts';
import { ev, refuse, type Ctx } from '../../flow.ts';
import { confirm, seatOf } from '../../asks.ts';
import { chooseAmong } from '../../cards/tricks.ts';
import { type SkillSpec, namedCards } from '../common.ts';

const HELP = '写法：【技能】直谏 装备牌→其他角色（其对应装备栏须为空）';

export const zhijian: SkillSpec = {
  id: 'zhijian', name: '直谏', general: 'hs__zhangzhaozhanghong', kind: 'active',
  use: (ctx, owner, cmd) => {
    const s = ctx.s;
    if (cmd.cards.length !== 1 || cmd.targets.length !== 1) return refuse('BAD_SYNTAX', HELP);
    const [id] = namedCards(s, owner, cmd.cards, false, (x) => card(x).type === 'equip', '不是装备牌');
    const t = seatOf(s, cmd.targets[0]!, owner);
    if (t === owner || !present(s, t)) return refuse('ILLEGAL_TARGET', `须选择一名其他角色；${HELP}`);
    const slot = card(id!).slot!;
    if (P(s, t).equip[slot]) return refuse('ILLEGAL_TARGET', `${seatName(s, t)}的装备区已有${cardText(P(s, t).equip[slot]!)}；${HELP}`);
    ev(ctx, 'putEquip', { seat: owner, target: t, card: id, slot, why: '直谏' });
    move(ctx, [id!], { zone: 'equip', seat: t });
    draw(ctx, owner, 1, '直谏');
  },
};

const noteKey = (ctx: Ctx, owner: number, what: string) => `${owner}|guzheng_${what}|t${ctx.s.turn.n}`;

/** The current player's hand cards discarded in this discard phase that are still in the discard pile, in pile order. */
function discarded(ctx: Ctx, owner: number): string[] {
  const s = ctx.s;
  const len = s.skillUses[noteKey(ctx, owner, 'len')];
  if (len === undefined) return [];
  return s.discardPile.slice(len - 1).filter((id) => !!s.skillUses[noteKey(ctx, owner, id)]);
}

export const guzhengNote: SkillSpec = {
  id: 'guzheng_note', name: '固政', general: 'hs__zhangzhaozhanghong', kind: 'locked', point: 'phaseStart',
  can: (ctx, owner, e) => {
    if (e.point === 'phaseStart' && e.phase === 'discard' && e.seat !== owner) {
      const s = ctx.s;
      // Stored + 1 so that an empty pile is not "no note".
      s.skillUses[noteKey(ctx, owner, 'len')] = s.discardPile.length + 1;
      for (const id of P(s, e.seat).hand) s.skillUses[noteKey(ctx, owner, id)] = 1;
    }
    return false;
  },
  effect: () => undefined,
};

export const guzheng: SkillSpec = {
  id: 'guzheng', name: '固政', general: 'hs__zhangzhaozhanghong', kind: 'trigger', point: 'phaseEnd',
  can: (ctx, owner, e) => e.point === 'phaseEnd' && e.phase === 'discard' && e.seat !== owner && P(ctx.s, e.seat).alive && discarded(ctx, owner).length > 0,
  effect: (ctx, owner, e) => {
    if (e.point !== 'phaseEnd') return;
    const s = ctx.s;
    const ids = discarded(ctx, owner);
    const back = chooseAmong(ctx, owner, ids, `固政：选择一张交还给${seatName(s, e.seat)}的牌`);
    move(ctx, [back], { zone: 'hand', seat: e.seat });
    ev(ctx, 'give', { seat: owner, receiver: e.seat, card: back, why: '固政' });
    const rest = ids.filter((id) => id !== back);
    if (rest.length && confirm(ctx, owner, `固政：获得其余的牌（${rest.map(cardText).join('、')}）？【确定】或【不出】`, { skill: '固政' })) {
      ev(ctx, 'gain', { seat: owner, cards: rest, why: '固政' });
      move(ctx, rest, { zone: 'hand', seat: owner });
    }
  },
};

export default [zhijian, guzhengNote, guzheng];
