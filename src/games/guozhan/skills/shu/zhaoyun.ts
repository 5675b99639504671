/**
 * H-SHU-05 赵云 (`hs__zhaoyun`) · Shu · 4 half-fish.
 * 龙胆 (conversion): (1) you may use or play a 闪 as an ordinary 杀; when a 杀 made this way is offset by a 闪, you may deal
 * 1 damage to a character other than that target. (2) You may use or play a 杀 as 闪; when a 杀 is offset by a 闪 made
 * this way, you may make a wounded character other than you and that 杀's user recover 1 (HEG `longdan.lua`).
 * The conversion is the engine's `convert` kind, one hand card: `【杀】♦7（龙胆）→P`, `【闪】♠7（龙胆）` (the `（K）` may be
 * left out when it is the only converter, X6.2); G6.7: as the request says (used or played). A hidden 赵云 is revealed
 * by the use (G13.4). The bonuses are at the engine's `slashOffset` point (G21.2: after the 闪, before 贯石斧 —
 * general skills before equipment, G21.1): `longdan_hit` for the user of a 龙胆 杀, `longdan_heal` for the target who
 * offset with a 龙胆 闪; each asks (optional), then the character (`【选择】P`; mandatory once accepted — X3.2: the
 * first legal from 赵云).
 */
import { card, SLASHES } from '../../cards.ts';
import { P, presentFrom, recover, wounded } from '../../core.ts';
import { choosePlayer } from '../../asks.ts';
import { damage } from '../../damage.ts';
import type { SkillSpec } from '../common.ts';

export const longdan: SkillSpec = {
  id: 'longdan', name: '龙胆', general: 'hs__zhaoyun', kind: 'convert', makes: ['杀', '闪'],
  can: (s, owner, ids, name) => ids.length === 1 && P(s, owner).hand.includes(ids[0]!)
    && (name === '杀' ? card(ids[0]!).name === '闪' : name === '闪' && SLASHES.has(card(ids[0]!).name)),
};

const hitTargets = (s: Parameters<typeof presentFrom>[0], owner: number, target: number) => presentFrom(s, owner).filter((x) => x !== target);
const healTargets = (s: Parameters<typeof presentFrom>[0], owner: number, user: number) => presentFrom(s, owner).filter((x) => x !== owner && x !== user && wounded(P(s, x)));

export const longdanHit: SkillSpec = {
  id: 'longdan_hit', name: '龙胆', general: 'hs__zhaoyun', kind: 'trigger', point: 'slashOffset',
  can: (ctx, owner, e) => e.point === 'slashOffset' && e.user === owner && e.card.skill === '龙胆' && hitTargets(ctx.s, owner, e.target).length > 0,
  effect: (ctx, owner, e) => {
    if (e.point !== 'slashOffset') return;
    const t = choosePlayer(ctx, owner, hitTargets(ctx.s, owner, e.target), '龙胆：对此目标以外的一名角色造成1点伤害（【选择】角色）', false)!;
    damage(ctx, { source: owner, target: t, n: 1, nature: 'normal', card: null, byCard: false });
  },
};

export const longdanHeal: SkillSpec = {
  id: 'longdan_heal', name: '龙胆', general: 'hs__zhaoyun', kind: 'trigger', point: 'slashOffset',
  can: (ctx, owner, e) => e.point === 'slashOffset' && e.target === owner && e.jink.skill === '龙胆' && healTargets(ctx.s, owner, e.user).length > 0,
  effect: (ctx, owner, e) => {
    if (e.point !== 'slashOffset') return;
    const t = choosePlayer(ctx, owner, healTargets(ctx.s, owner, e.user), '龙胆：令你和此【杀】使用者以外的一名已受伤角色回复1点体力（【选择】角色）', false)!;
    recover(ctx, t, 1, '龙胆');
  },
};

export default [longdan, longdanHit, longdanHeal];
