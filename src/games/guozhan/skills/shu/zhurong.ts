/**
 * H-SHU-14 祝融 (`hs__zhurong`) · Shu · 4 half-fish.
 * 烈刃 (trigger): after your 杀 deals damage to a target, you may point fight it; if you win, take one of its cards
 * (SHZL `lieren.lua`). G8.1 step 4 (point `damageDone`, the source's side); not for chained damage (G10.2). Both need a
 * hand card (H's 拼点); the target must still be alive. The point fight is the engine's (each side `【拼点】C`
 * privately; X3.2: the lowest hand card); the card taken is G21.8's pick (X3.2: its first hand position, else
 * equipment in slot order).
 * 巨象 (locked): 南蛮入侵 has no effect on you; after another character's 南蛮入侵 finishes resolving, you take it (if it
 * is still in the processing area) (HEG `juxiang.lua`). As data: `juxiang` at G6.2 step 4 (`targeted`: `noEffect`,
 * G6.6 — skipped without a nullify window) and `juxiang_take` at `cardFinished` (step 6, before the discard): the
 * card's own cards still in the processing area go to 祝融's hand (a 南蛮入侵 with no card — none in the standard
 * pack — gives nothing). A hidden 祝融 is asked whether to reveal (G13.2 item 2).
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

export const juxiang: SkillSpec = {
  id: 'juxiang', name: '巨象', general: 'hs__zhurong', kind: 'locked', point: 'targeted',
  can: (_ctx, owner, e) => e.point === 'targeted' && e.card.name === '南蛮入侵' && e.target === owner && !e.hit.noEffect,
  effect: (_ctx, _owner, e) => { if (e.point === 'targeted') e.hit.noEffect = true; },
};

export const juxiangTake: SkillSpec = {
  id: 'juxiang_take', name: '巨象', general: 'hs__zhurong', kind: 'locked', point: 'cardFinished',
  can: (ctx, owner, e) => e.point === 'cardFinished' && e.card.name === '南蛮入侵' && e.user !== owner && e.card.ids.some((id) => ctx.s.processing.includes(id)),
  effect: (ctx, owner, e) => {
    if (e.point !== 'cardFinished') return;
    const ids = e.card.ids.filter((id) => ctx.s.processing.includes(id));
    ev(ctx, 'gain', { seat: owner, cards: ids, why: '巨象' });
    move(ctx, ids, { zone: 'hand', seat: owner });
  },
};

export default [juxiang, juxiangTake, lieren];
