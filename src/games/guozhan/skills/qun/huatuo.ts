/**
 * H-QUN-01 华佗 (`hs__huatuo`) · Qun · 3 half-fish.
 * 急救 (conversion): outside your turn you may use a red card (hand or equipment) as 桃 (FK `jijiu.lua`) — in a
 * rescue round (G11.2) `【桃】♦K（急救）`. The engine's `convert` kind; a hidden 华佗 is revealed when it is used (G13.4).
 * It is a 桃 in every rule: 完杀 and 鏖战 (guozhan D5) stop it as they stop a 桃 card. The rescue round asks a
 * character that holds a hand card (damage.ts canRescue), so a 华佗 holding only red equipment is not asked.
 * 除疠 (active, once per play phase, you need a card): choose one to three other characters that have cards, no two of
 * the same kingdom (characters with no kingdom are always allowed); discard one card of yours and one card of each
 * chosen character (you pick them); each character whose discarded card was ♠ then draws 1 (HEG `chuli.lua`).
 * `【技能】除疠 C→P、…`; the others' cards are G21.8 picks (X3.2: the first hand position, else equipment), in seat order
 * from 华佗; the draws too.
 */
import { card, colorOf } from '../../cards.ts';
import { cardCount, discard, draw, P, present, sameKingdom, seatName, presentFrom, suitOf } from '../../core.ts';
import { ev, refuse } from '../../flow.ts';
import { pickOther, seatOf } from '../../asks.ts';
import { type SkillSpec, namedCards } from '../common.ts';

export const jijiu: SkillSpec = {
  id: 'jijiu', name: '急救', general: 'hs__huatuo', kind: 'convert', makes: ['桃'], equip: true,
  can: (s, owner, ids) => s.turn.seat !== owner && ids.length === 1 && colorOf(card(ids[0]!).suit) === 'red',
};

const HELP = '写法：【技能】除疠 你的一张牌→角色、…（一至三名有牌的其他角色，势力各不相同）';

export const chuli: SkillSpec = {
  id: 'chuli', name: '除疠', general: 'hs__huatuo', kind: 'active', limit: 'phase',
  can: (ctx, owner) => cardCount(P(ctx.s, owner)) > 0, why: '除疠：你没有牌',
  use: (ctx, owner, cmd) => {
    const s = ctx.s;
    if (cmd.cards.length !== 1 || cmd.targets.length < 1 || cmd.targets.length > 3) return refuse('BAD_SYNTAX', HELP);
    const ts = cmd.targets.map((x) => seatOf(s, x, owner));
    if (new Set(ts).size !== ts.length) return refuse('ILLEGAL_TARGET', HELP);
    for (const t of ts) if (t === owner || !present(s, t) || cardCount(P(s, t)) === 0) return refuse('ILLEGAL_TARGET', `${seatName(s, t)}不是有牌的其他角色；${HELP}`);
    for (const a of ts) for (const b of ts) if (a !== b && sameKingdom(s, a, b)) return refuse('ILLEGAL_TARGET', `${seatName(s, a)}与${seatName(s, b)}势力相同；${HELP}`);
    const [own] = namedCards(s, owner, cmd.cards, true);
    const order = presentFrom(s, owner, false).filter((x) => ts.includes(x));
    ev(ctx, 'skillTarget', { seat: owner, skill: '除疠', targets: order });
    const spade: number[] = [];
    ev(ctx, 'discard', { seat: owner, cards: [own], why: '除疠' });
    discard(ctx, [own!]);
    // A discarded card's suit as it counts for its owner (红颜: 小乔's ♠ counts as ♥, so she draws nothing).
    if (suitOf(s, owner, own!) === '♠') spade.push(owner);
    for (const t of order) {
      if (!P(s, t).alive || cardCount(P(s, t)) === 0) continue;
      const got = pickOther(ctx, owner, t, { hand: true, equip: true }, `除疠：弃置${seatName(s, t)}的一张牌（【选择】手牌N、装备栏或牌名）`);
      if (!got) continue;
      ev(ctx, 'discardOther', { seat: owner, target: t, zone: got.zone, card: got.id, why: '除疠' });
      discard(ctx, [got.id]);
      if (suitOf(s, t, got.id) === '♠') spade.push(t);
    }
    for (const x of spade) if (P(s, x).alive) draw(ctx, x, 1, '除疠');
  },
};

export default [jijiu, chuli];
