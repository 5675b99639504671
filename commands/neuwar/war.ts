import { pairCommand } from '../../src/games/neuwar/slash/index.ts';
import type { SlashCommand } from '../../src/platform/slash/index.ts';

/** `/war` → 【宣战】 (commands.md §1). */
export const war: SlashCommand = pairCommand({
  name: 'war', zhName: '宣战', desc: 'Declare war on a country (R5)', zhDesc: '向一个国家宣战（R5）',
  kind: 'declareWar', target: ['The country to declare war on', '宣战对象'],
});
