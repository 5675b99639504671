/**
 * H-QUN-10 马腾 (`hs__mateng`) · Qun · 4 half-fish.
 * 雄异 (limited 限定技, play phase): every character of your kingdom (only you if you have none) draws 3; then, if your
 * kingdom has the fewest alive characters (ties count), you recover 1 (HEG `xiongyi.lua`). `【技能】雄异`. Using it
 * reveals a hidden 马腾 first (G13.2 item 2), so its kingdom is known; the characters draw in seat order from 马腾.
 * Kingdoms are counted over alive characters with a kingdom, each careerist a kingdom of its own (G14.4).
 * 马术 (locked): your distance to others −1 — the shared factory in ../mashu.ts.
 */
import { aliveSeats, draw, P, presentFrom, recover, sameKingdom } from '../../core.ts';
import { refuse } from '../../flow.ts';
import type { State } from '../../types.ts';
import type { SkillSpec } from '../common.ts';
import { mashuFor } from '../mashu.ts';

const key = (s: State, i: number) => (P(s, i).careerist ? `careerist:${i}` : P(s, i).kingdom);

export const xiongyi: SkillSpec = {
  id: 'xiongyi', name: '雄异', general: 'hs__mateng', kind: 'active', limit: 'game',
  use: (ctx, owner, cmd) => {
    const s = ctx.s;
    if (cmd.cards.length || cmd.targets.length) return refuse('BAD_SYNTAX', '写法：【技能】雄异');
    for (const i of presentFrom(s, owner).filter((x) => sameKingdom(s, owner, x))) if (P(s, i).alive) draw(ctx, i, 3, '雄异');
    const counts = new Map<string, number>();
    for (const i of aliveSeats(s)) { const k = key(s, i); if (k) counts.set(k, (counts.get(k) ?? 0) + 1); }
    const mine = counts.get(key(s, owner) ?? '') ?? 0;
    if (P(s, owner).alive && mine > 0 && mine <= Math.min(...counts.values())) recover(ctx, owner, 1, '雄异');
  },
};

export const mashu = mashuFor('hs__mateng');

export default [mashu, xiongyi];
