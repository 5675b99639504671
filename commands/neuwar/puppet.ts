import { pairCommand } from '../../src/games/neuwar/slash/index.ts';
import type { SlashCommand } from '../../src/platform/slash/index.ts';

/** `/puppet` → 【傀儡】 (commands.md §1). */
export const puppet: SlashCommand = pairCommand({
  name: 'puppet', zhName: '傀儡', desc: 'Make the country whose capital you took your puppet (R5.5)', zhDesc: '对首都被你攻占的国家建立傀儡政权（R5.5）',
  kind: 'puppet', target: ['The fallen country', '首都陷落的国家'],
});
