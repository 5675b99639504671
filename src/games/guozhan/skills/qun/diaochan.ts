/**
 * H-QUN-03 貂蝉 (`hs__diaochan`) · Qun · 3 half-fish.
 * 闭月 (trigger): at your finish phase you may draw 1 (FK `biyue.lua`). Asked once per finish phase (the engine fires
 * each skill once per event); X3.2: no.
 * 离间 (active, once per play phase): discard a card and choose two other male characters in order (first A, then
 * B): B is treated as using 决斗 on A (it can be nullified) (HEG `lijian.lua`). `【技能】离间 C→A、B`. The 决斗 has no
 * source card (G1.6); it goes through the use pipeline as B's (its nullify window, then B's and A's 杀 alternately,
 * A first). "Male" is G13.1's sex: a character with no revealed general has none.
 */
import { discard, draw, P, present, seatName, sexOf } from '../../core.ts';
import { ev, refuse } from '../../flow.ts';
import { seatOf } from '../../asks.ts';
import { useCard } from '../../use.ts';
import type { UsedCard } from '../../types.ts';
import { ownPhase, type SkillSpec, namedCards } from '../common.ts';

const HELP = '写法：【技能】离间 牌→角色A、角色B（两名其他男性角色；B视为对A使用【决斗】）';

export const lijian: SkillSpec = {
  id: 'lijian', name: '离间', general: 'hs__diaochan', kind: 'active', limit: 'phase',
  use: (ctx, owner, cmd) => {
    const s = ctx.s;
    if (cmd.cards.length !== 1 || cmd.targets.length !== 2) return refuse('BAD_SYNTAX', HELP);
    const [a, b] = cmd.targets.map((x) => seatOf(s, x, owner)) as [number, number];
    for (const x of [a, b]) if (x === owner || !present(s, x) || sexOf(P(s, x)) !== 'M') return refuse('ILLEGAL_TARGET', `${seatName(s, x)}不是其他男性角色；${HELP}`);
    if (a === b) return refuse('ILLEGAL_TARGET', HELP);
    const ids = namedCards(s, owner, cmd.cards, true);
    ev(ctx, 'skillTarget', { seat: owner, skill: '离间', targets: [a, b] });
    ev(ctx, 'discard', { seat: owner, cards: ids, why: '离间' });
    discard(ctx, ids);
    const duel: UsedCard = { name: '决斗', ids: [], suit: null, color: null, rank: null, skill: '离间' };
    useCard(ctx, b, duel, [a]);
  },
};

export const biyue: SkillSpec = {
  id: 'biyue', name: '闭月', general: 'hs__diaochan', kind: 'trigger', point: 'phaseStart',
  can: (_ctx, owner, e) => ownPhase(e, owner, 'phaseStart', 'finish'),
  effect: (ctx, owner) => draw(ctx, owner, 1, '闭月'),
};

export default [lijian, biyue];
