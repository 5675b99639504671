/**
 * H-SHU-10 庞统 (`hs__pangtong`) · Shu · 3 half-fish.
 * 涅槃 (limited 限定技): when you are dying, at your own place in the rescue round (G11.1, guozhan D24: point
 * `dyingSelf`, before you are asked for 桃/酒), you may discard every card in your area, become unchained and face-up,
 * draw 3 and set your HP to 3 (not above max HP) (SHZL `niepan.lua`: the HP is a recovery to min(3, max HP)). Once a
 * game (the engine's limit); the rescue round ends as soon as the HP is above 0.
 * 连环 (conversion / recast of a ♣ hand card): waiting — see COVERAGE in ./index.ts.
 */
import { discard, draw, P, recover, setChained } from '../../core.ts';
import { ev } from '../../flow.ts';
import { SLOTS } from '../../types.ts';
import { turnOver, type SkillSpec } from '../common.ts';

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

export default [niepan];
