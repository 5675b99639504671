/**
 * H-WEI-12 典韦 (`hs__dianwei`) · Wei · 4 half-fish.
 * 强袭 (active, once per play phase): lose 1 HP or discard a weapon card (hand or equipped), and choose another
 * character (any distance): deal 1 damage to it (HEG `qiangxi.lua`). `【技能】强袭→P` pays with 1 HP,
 * `【技能】强袭 C→P` with the weapon card C. The damage has no card; if 典韦 died of the HP loss it has no source
 * (G8.6).
 */
import { card, cardText } from '../../cards.ts';
import { discard, P, present, seatName } from '../../core.ts';
import { ev, refuse } from '../../flow.ts';
import { ownCard, refText, seatOf } from '../../asks.ts';
import { damage, loseHp } from '../../damage.ts';
import type { SkillSpec } from '../common.ts';

const HELP = '写法：【技能】强袭→角色（失去1点体力），或【技能】强袭 武器牌→角色（弃置该武器牌）';

export const qiangxi: SkillSpec = {
  id: 'qiangxi', name: '强袭', general: 'hs__dianwei', kind: 'active', limit: 'phase',
  use: (ctx, owner, cmd) => {
    const s = ctx.s;
    if (cmd.targets.length !== 1 || cmd.cards.length > 1) return refuse('BAD_SYNTAX', HELP);
    const t = seatOf(s, cmd.targets[0]!, owner);
    if (t === owner) return refuse('ILLEGAL_TARGET', '强袭须选择一名其他角色');
    if (!P(s, t).alive || !present(s, t)) return refuse('ILLEGAL_TARGET', `不能选择${seatName(s, t)}`);
    let weapon: string | null = null;
    if (cmd.cards.length === 1) {
      weapon = ownCard(s, owner, cmd.cards[0]!, true);
      if (!weapon) return refuse('UNKNOWN_CARD', `你没有"${refText(cmd.cards[0]!)}"这张牌`);
      if (card(weapon).slot !== 'weapon') return refuse('ILLEGAL_CARD', `${cardText(weapon)}不是武器牌；${HELP}`);
    }
    ev(ctx, 'skillTarget', { seat: owner, skill: '强袭', target: t });
    if (weapon) { ev(ctx, 'discard', { seat: owner, cards: [weapon], why: '强袭' }); discard(ctx, [weapon]); }
    else loseHp(ctx, owner, 1);
    damage(ctx, { source: owner, target: t, n: 1, nature: 'normal', card: null, byCard: false });
  },
};

export default [qiangxi];
