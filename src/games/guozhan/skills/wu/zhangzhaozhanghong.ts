/**
 * H-WU-14 张昭张纮 (`hs__zhangzhaozhanghong`) · Wu · 3 half-fish.
 * 直谏 (active, no limit): in your play phase, put an equipment card from your hand into another character's equipment
 * area (its slot must be empty), then draw 1 (SHZL `zhijian.lua`). `【技能】直谏 C→P`. Putting is not using (no 集智,
 * no use row); the card is public from then on.
 * 固政 (at the end of another's discard phase): waiting — see COVERAGE in ./index.ts.
 */
import { card, cardText } from '../../cards.ts';
import { draw, move, P, present, seatName } from '../../core.ts';
import { ev, refuse } from '../../flow.ts';
import { seatOf } from '../../asks.ts';
import type { SkillSpec } from '../common.ts';
import { namedCards } from './common.ts';

const HELP = '写法：【技能】直谏 装备牌→其他角色（其对应装备栏须为空）';

export const zhijian: SkillSpec = {
  id: 'zhijian', name: '直谏', general: 'hs__zhangzhaozhanghong', kind: 'active',
  use: (ctx, owner, cmd) => {
    const s = ctx.s;
    if (cmd.cards.length !== 1 || cmd.targets.length !== 1) return refuse('BAD_SYNTAX', HELP);
    const [id] = namedCards(s, owner, cmd.cards, false, (x) => card(x).type === 'equip', '不是装备牌');
    const t = seatOf(s, cmd.targets[0]!, owner);
    if (t === owner || !present(s, t)) return refuse('ILLEGAL_TARGET', `须选择一名其他角色；${HELP}`);
    const slot = card(id!).slot!;
    if (P(s, t).equip[slot]) return refuse('ILLEGAL_TARGET', `${seatName(s, t)}的装备区已有${cardText(P(s, t).equip[slot]!)}；${HELP}`);
    ev(ctx, 'putEquip', { seat: owner, target: t, card: id, slot, why: '直谏' });
    move(ctx, [id!], { zone: 'equip', seat: t });
    draw(ctx, owner, 1, '直谏');
  },
};

export default [zhijian];
