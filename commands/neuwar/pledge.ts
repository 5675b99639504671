import { pairCommand } from '../../src/games/neuwar/slash/index.ts';
import type { SlashCommand } from '../../src/platform/slash/index.ts';

/** `/pledge` → 【效忠】 (commands.md §1). */
export const pledge: SlashCommand = pairCommand({
  name: 'pledge', zhName: '效忠', desc: 'Pledge allegiance to a country after bankruptcy (R12)', zhDesc: '破产后向一个国家效忠（R12）',
  kind: 'pledge', target: ['The country to pledge to', '效忠对象'],
});
