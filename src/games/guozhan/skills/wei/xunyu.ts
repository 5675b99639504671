/**
 * H-WEI-13 荀彧 (`hs__xunyu`) · Wei · 3 half-fish.
 * 节命 (trigger): after you take damage, you may choose a character: it draws until it holds as many hand cards as
 * its max HP (at most 5). Once per damage instance (G8.2; HEG `jieming.lua`). The choice after accepting is a
 * mandatory pick of a character (X3.2: the first legal one in seat order from the chooser — 荀彧 itself).
 * 驱虎 (active, once per play phase): point fight a character whose HP is higher than yours. Win: it deals 1 damage to
 * another character in its attack range that you choose (if none, nothing). Otherwise: it deals 1 damage to you (HEG
 * `quhu.lua`). `【技能】驱虎→P`; both need a hand card (拼点, H). The victim is a mandatory pick (X3.2: the first legal
 * one in seat order from 荀彧), in range when chosen (G7.5); 荀彧 himself may be it.
 */
import { aliveSeats, draw, inRange, P, present, presentFrom, seatName } from '../../core.ts';
import { ev, refuse } from '../../flow.ts';
import { choosePlayer, seatOf } from '../../asks.ts';
import { damage } from '../../damage.ts';
import { pointFight } from '../../skillasks.ts';
import { tookDamage, type SkillSpec } from '../common.ts';

export const quhu: SkillSpec = {
  id: 'quhu', name: '驱虎', general: 'hs__xunyu', kind: 'active', limit: 'phase',
  can: (ctx, owner) => P(ctx.s, owner).hand.length > 0,
  why: '驱虎要拼点，你需要有手牌',
  use: (ctx, owner, cmd) => {
    const s = ctx.s;
    if (cmd.targets.length !== 1 || cmd.cards.length) return refuse('BAD_SYNTAX', '写法：【技能】驱虎→角色（体力值比你多、有手牌的角色）');
    const t = seatOf(s, cmd.targets[0]!, owner);
    const legal = presentFrom(s, owner, false).filter((i) => P(s, i).hp > P(s, owner).hp && P(s, i).hand.length > 0).map((i) => seatName(s, i));
    if (t === owner || !present(s, t)) return refuse('ILLEGAL_TARGET', `驱虎须选择一名其他角色（可选：${legal.join('、') || '无'}）`);
    if (P(s, t).hp <= P(s, owner).hp) return refuse('ILLEGAL_TARGET', `${seatName(s, t)}的体力值（${P(s, t).hp}）不比你多（${P(s, owner).hp}）；可选：${legal.join('、') || '无'}`);
    if (!P(s, t).hand.length) return refuse('ILLEGAL_TARGET', `${seatName(s, t)}没有手牌，不能拼点；可选：${legal.join('、') || '无'}`);
    ev(ctx, 'skillTarget', { seat: owner, skill: '驱虎', target: t });
    const r = pointFight(ctx, owner, t, '驱虎');
    if (!r.win) {
      if (P(s, t).alive && P(s, owner).alive) damage(ctx, { source: t, target: owner, n: 1, nature: 'normal', card: null, byCard: false });
      return;
    }
    if (!P(s, t).alive) return;
    const victims = presentFrom(s, owner).filter((i) => i !== t && inRange(s, t, i));
    const v = choosePlayer(ctx, owner, victims, `驱虎：选择${seatName(s, t)}攻击范围内的一名角色，${seatName(s, t)}对其造成1点伤害（【选择】角色）`, false);
    if (v === null) return;
    damage(ctx, { source: t, target: v, n: 1, nature: 'normal', card: null, byCard: false });
  },
};

export const jieming: SkillSpec = {
  id: 'jieming', name: '节命', general: 'hs__xunyu', kind: 'trigger', point: 'damaged',
  can: (_ctx, owner, e) => !!tookDamage(e, owner),
  effect: (ctx, owner) => {
    const s = ctx.s;
    const t = choosePlayer(ctx, owner, aliveSeats(s), '节命：选择一名角色，令其将手牌摸至体力上限（至多5张）（【选择】角色）', false)!;
    const p = P(s, t);
    const n = Math.min(p.maxHp, 5) - p.hand.length;
    ev(ctx, 'skillTarget', { seat: owner, skill: '节命', target: t });
    draw(ctx, t, n, '节命');
  },
};

export default [quhu, jieming];
