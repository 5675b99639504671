import { pairCommand } from '../../src/games/neuwar/slash/index.ts';
import type { SlashCommand } from '../../src/platform/slash/index.ts';

/** `/annex` → 【灭国】 (commands.md §1). */
export const annex: SlashCommand = pairCommand({
  name: 'annex', zhName: '灭国', desc: 'Annex the country whose capital you took (R5.5)', zhDesc: '吞并首都被你攻占的国家（R5.5）',
  kind: 'annex', target: ['The fallen country', '首都陷落的国家'],
});
