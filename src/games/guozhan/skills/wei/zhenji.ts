/**
 * H-WEI-07 甄姬 (`hs__zhenji`) · Wei · 3 half-fish.
 * 洛神 (trigger): at the start of your start phase you may judge; set aside each black result and you may judge again;
 * stop at the first red result (discarded) or when you choose; then take all black judgement cards set aside (HEG
 * `luoshen.lua`). The black cards wait in the processing area (public, X1) until taken; "judge again?" is an optional
 * choice (X3.2: no).
 * 倾国 (conversion): you may use or play a black hand card as 闪 (HEG `qingguo.lua`; G6.7: a use or a play as the
 * request says). `【闪】C（倾国）`, the `（倾国）` may be left out when no other converter fits (X6.2); a hidden 甄姬
 * is revealed by it (G13.4).
 */
import { card, colorOf } from '../../cards.ts';
import { judge, judgeDone, move } from '../../core.ts';
import { trigger } from '../../triggers.ts';
import { ev } from '../../flow.ts';
import { confirm } from '../../asks.ts';
import { ownPhase, type SkillSpec } from '../common.ts';

export const luoshen: SkillSpec = {
  id: 'luoshen', name: '洛神', general: 'hs__zhenji', kind: 'trigger', point: 'phaseStart',
  can: (_ctx, owner, e) => ownPhase(e, owner, 'phaseStart', 'prepare'),
  effect: (ctx, owner) => {
    const kept: string[] = [];
    for (;;) {
      const j = judge(ctx, owner, '洛神');
      if (colorOf(card(j).suit) !== 'black') { judgeDone(ctx, j, owner); break; }
      // G9.1 "after final" for a black one too (天妒 may take it first); if still in processing it is set aside.
      trigger(ctx, { point: 'judged', seat: owner, card: j });
      if (ctx.s.processing.includes(j)) kept.push(j);
      if (!confirm(ctx, owner, '洛神：再判定一次？【确定】或【不出】', { skill: '洛神' })) break;
    }
    if (!kept.length) return;
    ev(ctx, 'gain', { seat: owner, cards: kept, why: '洛神' });
    move(ctx, kept, { zone: 'hand', seat: owner });
  },
};

export const qingguo: SkillSpec = {
  id: 'qingguo', name: '倾国', general: 'hs__zhenji', kind: 'convert', makes: ['闪'],
  can: (s, owner, ids) => ids.length === 1 && s.players[owner]!.hand.includes(ids[0]!) && colorOf(card(ids[0]!).suit) === 'black',
};

export default [luoshen, qingguo];
