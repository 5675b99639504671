/**
 * H-WU-08 孙尚香 (`hs__sunshangxiang`) · Wu · 3 half-fish.
 * 结姻 (active, once per play phase): discard two hand cards and choose a wounded male character other than you: you
 * and it each recover 1 (FK `jieyin.lua`). `【技能】结姻 C、C→P`. "Male" is G13.1's sex: a character with no revealed
 * general has none and cannot be chosen.
 * 枭姬 (trigger): after one or more of your equipped cards leave your equipment area, you may draw 1 if it is your
 * turn, otherwise 3 (HEG `xiaoji.lua`) — once per move batch (the point `cardsMoved`, core.ts move: 过河拆桥 taking one
 * card, an equipment card replaced by a new one (G5.6), 直谏/谋断 moving it away). Not when 孙尚香 is dead (its cards
 * leave with it).
 */
import { discard, draw, P, present, recover, seatName, sexOf } from '../../core.ts';
import { ev, refuse } from '../../flow.ts';
import { seatOf } from '../../asks.ts';
import { lostFrom, type SkillSpec, namedCards } from '../common.ts';

const HELP = '写法：【技能】结姻 手牌、手牌→受伤的男性角色';

export const jieyin: SkillSpec = {
  id: 'jieyin', name: '结姻', general: 'hs__sunshangxiang', kind: 'active', limit: 'phase',
  use: (ctx, owner, cmd) => {
    const s = ctx.s;
    if (cmd.cards.length !== 2 || cmd.targets.length !== 1) return refuse('BAD_SYNTAX', HELP);
    const t = seatOf(s, cmd.targets[0]!, owner);
    const q = P(s, t);
    if (t === owner || !present(s, t) || sexOf(q) !== 'M' || q.hp >= q.maxHp) return refuse('ILLEGAL_TARGET', `${seatName(s, t)}不是其他受伤的男性角色；${HELP}`);
    const ids = namedCards(s, owner, cmd.cards, false);
    ev(ctx, 'skillTarget', { seat: owner, skill: '结姻', target: t });
    ev(ctx, 'discard', { seat: owner, cards: ids, why: '结姻' });
    discard(ctx, ids);
    recover(ctx, owner, 1, '结姻');
    if (P(s, t).alive) recover(ctx, t, 1, '结姻');
  },
};

export const xiaoji: SkillSpec = {
  id: 'xiaoji', name: '枭姬', general: 'hs__sunshangxiang', kind: 'trigger', point: 'cardsMoved',
  can: (ctx, owner, e) => lostFrom(e, owner, 'equip').length > 0 && P(ctx.s, owner).alive,
  effect: (ctx, owner) => draw(ctx, owner, ctx.s.turn.seat === owner ? 1 : 3, '枭姬'),
};

export default [jieyin, xiaoji];
