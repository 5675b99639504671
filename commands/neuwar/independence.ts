import { pairCommand } from '../../src/games/neuwar/slash/index.ts';
import type { SlashCommand } from '../../src/platform/slash/index.ts';

/** `/independence` → 【独立】 (commands.md §1). */
export const independence: SlashCommand = pairCommand({
  name: 'independence', zhName: '独立', desc: 'Declare a puppet independent of its overlord (R6.4)', zhDesc: '傀儡脱离宗主国独立（R6.4）',
  kind: 'independence', target: ['The overlord', '宗主国'],
});
