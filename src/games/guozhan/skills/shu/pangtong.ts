/**
 * H-SHU-10 庞统 (`hs__pangtong`) · Shu · 3 half-fish.
 * 涅槃 (limited 限定技): when you are dying, at your own place in the rescue round (G11.1, guozhan D24: point
 * `dyingSelf`, before you are asked for 桃/酒), you may discard every card in your area, become unchained and face-up,
 * draw 3 and set your HP to 3 (not above max HP) (SHZL `niepan.lua`: the HP is a recovery to min(3, max HP)). Once a
 * game (the engine's limit); the rescue round ends as soon as the HP is above 0.
 * 连环 (conversion, SHZL `lianhuan.lua`): you may use a ♣ hand card as 铁索连环 (`【铁索连环】C（连环）→P、…`), or recast a ♣
 * hand card (`【重铸】C（连环）`, G5.4: to the discard pile, draw 1; `（连环）` may be left out for a ♣ card that is not
 * recastable itself, X6.2). A hidden 庞统 is revealed by either (G13.4). In the play phase only (both are play-phase
 * actions).
 */
import { discard, draw, P, recover, setChained } from '../../core.ts';
import { ev } from '../../flow.ts';
import { SLOTS } from '../../types.ts';
import { turnOver, type SkillSpec } from '../common.ts';
import { card } from '../../cards.ts';

export const niepan: SkillSpec = {
  id: 'niepan', name: '涅槃', general: 'hs__pangtong', kind: 'trigger', point: 'dyingSelf', limit: 'game',
  can: (ctx, owner, e) => e.point === 'dyingSelf' && e.seat === owner && P(ctx.s, owner).hp <= 0,
  effect: (ctx, owner) => {
    const s = ctx.s;
    const p = P(s, owner);
    const all = [...p.hand, ...SLOTS.flatMap((x) => (p.equip[x] ? [p.equip[x]!] : [])), ...p.judge];
    if (all.length) { ev(ctx, 'discard', { seat: owner, cards: all, why: '涅槃' }); discard(ctx, all); }
    setChained(ctx, owner, false);
    if (p.faceDown) turnOver(ctx, owner);
    draw(ctx, owner, 3, '涅槃');
    recover(ctx, owner, Math.min(3, p.maxHp) - p.hp, '涅槃');
  },
};

const clubInHand = (s: import('../../types.ts').State, owner: number, id: string) => P(s, owner).hand.includes(id) && card(id).suit === '♣';

export const lianhuan: SkillSpec = {
  id: 'lianhuan', name: '连环', general: 'hs__pangtong', kind: 'convert', makes: ['铁索连环'],
  can: (s, owner, ids) => ids.length === 1 && clubInHand(s, owner, ids[0]!),
  recast: (s, owner, id) => clubInHand(s, owner, id),
};

export default [lianhuan, niepan];
