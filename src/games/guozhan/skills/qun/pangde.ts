/**
 * H-QUN-07 庞德 (`hs__pangde`) · Qun · 4 half-fish.
 * 马术 (locked): your distance to others −1 — the shared factory (../mashu.ts, a continuous rule).
 * 鞬出 (trigger): after your 杀 targets a character with cards, you may discard one of its cards: equipment → it cannot
 * use 闪 against this 杀; otherwise it takes this 杀's card(s) into its hand (the 杀 still resolves) (HEG `jianchu.lua`).
 * G6.2 step 4 (`targeted`, once per target). The card is G21.8's pick (`【选择】手牌N` blind, or an equipment slot/name;
 * X3.2: the first hand position, else equipment in slot order). A hand card discarded: the 杀's cards still in the
 * processing area go to the target's hand (a 杀 with no card gives none); the 杀 resolves on.
 */
import { move, P, seatName, cardCount } from '../../core.ts';
import { ev } from '../../flow.ts';
import { pickOther } from '../../asks.ts';
import { mashuFor } from '../mashu.ts';
import { slashTargeted } from '../targeting.ts';
import type { SkillSpec } from '../common.ts';

export const jianchu: SkillSpec = {
  id: 'jianchu', name: '鞬出', general: 'hs__pangde', kind: 'trigger', point: 'targeted',
  can: (ctx, owner, e) => { const t = slashTargeted(e); return !!t && t.user === owner && !t.hit.noEffect && cardCount(P(ctx.s, t.target)) > 0; },
  effect: (ctx, owner, e) => {
    const t = slashTargeted(e);
    if (!t) return;
    const s = ctx.s;
    const got = pickOther(ctx, owner, t.target, { hand: true, equip: true }, `鞬出：弃置${seatName(s, t.target)}的一张牌（【选择】手牌N、装备栏或牌名）`);
    if (!got) return;
    ev(ctx, 'discardOther', { seat: owner, target: t.target, zone: got.zone, card: got.id, why: '鞬出' });
    move(ctx, [got.id], { zone: 'discard' });
    if (got.zone === 'equip') { t.hit.noJink = true; return; }
    const ids = t.card.ids.filter((id) => s.processing.includes(id));
    if (!ids.length) return;
    ev(ctx, 'gain', { seat: t.target, cards: ids, why: '鞬出' });
    move(ctx, ids, { zone: 'hand', seat: t.target });
  },
};

export default [mashuFor('hs__pangde'), jianchu];
