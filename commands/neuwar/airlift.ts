import { routeCommand } from '../../src/games/neuwar/slash/index.ts';
import type { SlashCommand } from '../../src/platform/slash/index.ts';

/** `/airlift from to count` → 【空运】 (R8.3): private until the turn resolves. */
export const airlift: SlashCommand = routeCommand({
  name: 'airlift', zhName: '空运', desc: 'Airlift armies (airship tech, once per turn; private)', zhDesc: '空运兵力（需空艇科技，每回合一次；保密）',
  tag: '空运', to: ['To', '目的地'],
});
