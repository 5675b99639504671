/**
 * H-SHU-14 祝融 (`hs__zhurong`) · Shu · 4 half-fish.
 * 烈刃 (trigger): after your 杀 deals damage to a target, you may point fight it; if you win, take one of its cards
 * (SHZL `lieren.lua`). G8.1 step 4 (point `damageDone`, the source's side); not for chained damage (G10.2). Both need a
 * hand card (H's 拼点); the target must still be alive. The point fight is the engine's (each side `【拼点】C`
 * privately; X3.2: the lowest hand card); the card taken is G21.8's pick (X3.2: its first hand position, else
 * equipment in slot order).
 * 巨象 (locked): waiting — see COVERAGE in ./index.ts.
 */
import { SLASHES } from '../../cards.ts';
import { cardCount, move, P, seatName } from '../../core.ts';
import { ev } from '../../flow.ts';
import { pickOther } from '../../asks.ts';
import { pointFight } from '../../skillasks.ts';
import type { SkillSpec } from '../common.ts';

export const lieren: SkillSpec = {
  id: 'lieren', name: '烈刃', general: 'hs__zhurong', kind: 'trigger', point: 'damageDone',
  can: (ctx, owner, e) => {
    if (e.point !== 'damageDone' || e.damage.source !== owner || e.damage.chained || !e.damage.card || !SLASHES.has(e.damage.card.name)) return false;
    const t = e.damage.target;
    return t !== owner && P(ctx.s, t).alive && P(ctx.s, owner).hand.length > 0 && P(ctx.s, t).hand.length > 0;
  },
  effect: (ctx, owner, e) => {
    if (e.point !== 'damageDone') return;
    const s = ctx.s;
    const t = e.damage.target;
    const r = pointFight(ctx, owner, t, '烈刃');
    if (!r.win || !P(s, t).alive || cardCount(P(s, t)) === 0) return;
    const got = pickOther(ctx, owner, t, { hand: true, equip: true }, `烈刃：获得${seatName(s, t)}的一张牌（【选择】手牌N、装备栏或牌名）`);
    if (!got) return;
    ev(ctx, 'take', { seat: owner, from: t, zone: got.zone, ...(got.zone === 'hand' ? {} : { card: got.id }), why: '烈刃' });
    if (got.zone === 'hand') ev(ctx, 'taken', { seat: owner, from: t, card: got.id, to: [owner, t] });
    move(ctx, [got.id], { zone: 'hand', seat: owner });
  },
};

export default [lieren];
