/**
 * H-WU-09 孙坚 (`hs__sunjian`) · Wu · 5 half-fish.
 * 英魂 (trigger): at your start phase you may choose another character and one option: it draws X then discards 1
 * card; or it draws 1 then discards X cards (X = your lost HP; it discards what it has, G22.4) (HEG `yinghun.lua`; the
 * current text has no "only when wounded" — D1 — so with X = 0 the options are "draw 0, discard 1" and "draw 1").
 * After accepting: the character (a mandatory pick — X3.2: the first other character in seat order from 孙坚), then
 * the option (X3.2: the first), then its own discard (mandatory — X3.2: its lowest hand cards, then equipment).
 */
import { discard, draw, P, presentFrom, seatName } from '../../core.ts';
import { ev } from '../../flow.ts';
import { chooseOwn, choosePlayer, option } from '../../asks.ts';
import { ownPhase, type SkillSpec } from '../common.ts';

export const yinghun: SkillSpec = {
  id: 'yinghun', name: '英魂', general: 'hs__sunjian', kind: 'trigger', point: 'phaseStart',
  can: (ctx, owner, e) => ownPhase(e, owner, 'phaseStart', 'prepare') && presentFrom(ctx.s, owner, false).length > 0,
  effect: (ctx, owner) => {
    const s = ctx.s;
    const t = choosePlayer(ctx, owner, presentFrom(s, owner, false), '英魂：选择一名其他角色（【选择】角色）', false)!;
    const x = P(s, owner).maxHp - P(s, owner).hp;
    const k = option(ctx, owner, `英魂：令${seatName(s, t)}……（X=${x}）`, [`摸${x}张牌，然后弃置一张牌`, `摸一张牌，然后弃置${x}张牌`], { skill: '英魂' });
    ev(ctx, 'skillTarget', { seat: owner, skill: '英魂', target: t, x, option: k + 1 });
    const [n, d] = k === 0 ? [x, 1] : [1, x];
    draw(ctx, t, n, '英魂');
    if (d <= 0 || !P(s, t).alive) return;
    const ids = chooseOwn(ctx, t, { count: d, equip: true, text: `英魂：弃置${d}张牌（【弃牌】牌…）`, about: { skill: '英魂' } }) ?? [];
    if (ids.length) { ev(ctx, 'discard', { seat: t, cards: ids, why: '英魂' }); discard(ctx, ids); }
  },
};

export default [yinghun];
