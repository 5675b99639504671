import { pairCommand } from '../../src/games/neuwar/slash/index.ts';
import type { SlashCommand } from '../../src/platform/slash/index.ts';

/** `/pact` → 【协定】 (commands.md §1). */
export const pact: SlashCommand = pairCommand({
  name: 'pact', zhName: '协定', desc: 'Ask a country for a non-aggression pact (R6.3)', zhDesc: '请求与一个国家签订互不侵犯协定（R6.3）',
  kind: 'pact', target: ['The other country', '协定对象'],
});
