import { pairCommand } from '../../src/games/neuwar/slash/index.ts';
import type { SlashCommand } from '../../src/platform/slash/index.ts';

/** `/breakally` → 【背盟】 (commands.md §1). */
export const breakally: SlashCommand = pairCommand({
  name: 'breakally', zhName: '背盟', desc: 'Break an alliance (R6.2)', zhDesc: '解散与一个国家的联盟（R6.2）',
  kind: 'breakAlliance', target: ['Your ally', '盟国'],
});
