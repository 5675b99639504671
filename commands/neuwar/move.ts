import { routeCommand } from '../../src/games/neuwar/slash/index.ts';
import type { SlashCommand } from '../../src/platform/slash/index.ts';

/** `/move from to count` → 【调兵】 (R10): private until the turn resolves (R3.1). */
export const move: SlashCommand = routeCommand({
  name: 'move', zhName: '调兵', desc: 'Move or attack with armies (private until the turn resolves)', zhDesc: '调兵或进攻（结算前保密）',
  tag: '调兵', to: ['To (an adjacent territory)', '目的地（相邻领土）'],
});
