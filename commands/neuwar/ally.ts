import { pairCommand } from '../../src/games/neuwar/slash/index.ts';
import type { SlashCommand } from '../../src/platform/slash/index.ts';

/** `/ally` → 【结盟】 (commands.md §1). */
export const ally: SlashCommand = pairCommand({
  name: 'ally', zhName: '结盟', desc: 'Ask a country for an alliance (R6.1)', zhDesc: '请求与一个国家缔结盟约（R6.1）',
  kind: 'alliance', target: ['The country to ally with', '结盟对象'],
});
