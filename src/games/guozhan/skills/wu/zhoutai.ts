/**
 * H-WU-12 周泰 (`hs__zhoutai`) · Wu · 4 half-fish.
 * 奋激 (trigger): at any character's finish phase, if it has no hand cards, you may make it draw 2; then you lose 1 HP
 * (HEG `fenji.lua`). The condition is read when 周泰's turn in G21.1's order comes (a 闭月 drawn first ends it). The
 * HP loss may bring 周泰 to dying (G11).
 * 不屈 (locked, HEG `buqu.lua`): when you are dying, at your own place in the rescue round and before you are asked for
 * 桃/酒 (G11.1, guozhan D24: the point `dyingSelf`), put the top card of the draw pile face up on your general as a
 * "创" (scar: the pile `创`, types.ts Player.pile, public). If its rank differs from every other scar, your HP is set
 * to 1 (a recovery of 1 − HP: the dying ends); if it matches one, it is discarded and you are asked for 桃/酒 as
 * usual. A hidden 周泰 is asked whether to reveal (G13.2 item 2; X3.2: no). The scars go to the discard pile with
 * 周泰's other cards when it dies (G12.1 step 5).
 */
import { draw, move, P, recover, takeTop, toPile } from '../../core.ts';
import { card } from '../../cards.ts';
import { ev } from '../../flow.ts';
import { loseHp } from '../../damage.ts';
import type { SkillSpec } from '../common.ts';

export const fenji: SkillSpec = {
  id: 'fenji', name: '奋激', general: 'hs__zhoutai', kind: 'trigger', point: 'phaseStart',
  can: (ctx, _owner, e) => e.point === 'phaseStart' && e.phase === 'finish' && P(ctx.s, e.seat).alive && P(ctx.s, e.seat).hand.length === 0,
  effect: (ctx, owner, e) => {
    if (e.point !== 'phaseStart') return;
    draw(ctx, e.seat, 2, '奋激');
    loseHp(ctx, owner, 1);
  },
};

export const buqu: SkillSpec = {
  id: 'buqu', name: '不屈', general: 'hs__zhoutai', kind: 'locked', point: 'dyingSelf',
  can: (ctx, owner, e) => e.point === 'dyingSelf' && e.seat === owner && P(ctx.s, owner).hp <= 0,
  effect: (ctx, owner) => {
    const p = P(ctx.s, owner);
    const [id] = takeTop(ctx, 1);
    const ranks = (p.pile?.['创'] ?? []).map((x) => card(x).rank);
    if (ranks.includes(card(id!).rank)) {
      // The same rank as a scar: discarded; the rescue goes on.
      ev(ctx, 'scarFails', { seat: owner, card: id });
      move(ctx, [id!], { zone: 'discard' });
      return;
    }
    toPile(ctx, owner, '创', id!);
    recover(ctx, owner, 1 - p.hp, '不屈');
  },
};

export default [buqu, fenji];
