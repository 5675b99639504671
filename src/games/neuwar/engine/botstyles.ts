/**
 * The styles of computer players (issue 13) and the words players use for them: one vocabulary for the parser
 * (【机器人】法国 进攻), the rules' texts, the live layer's refusals and the bots themselves.
 */
export const BOT_STYLES = ['balanced', 'aggressive', 'defensive'] as const;
export type BotStyle = typeof BOT_STYLES[number];

/** The names players type after 【机器人】法国 (Chinese or English), mapped to styles. */
export const BOT_STYLE_NAMES: Readonly<Record<string, BotStyle>> = {
  balanced: 'balanced', aggressive: 'aggressive', defensive: 'defensive',
  均衡: 'balanced', 平衡: 'balanced', 进攻: 'aggressive', 激进: 'aggressive', 防守: 'defensive', 保守: 'defensive',
};
export const BOT_STYLE_LABEL: Record<BotStyle, string> = { balanced: '均衡', aggressive: '进攻', defensive: '防守' };

/** The styles as a refusal lists them. */
export const BOT_STYLE_WORDS = { zh: '均衡（balanced，默认）、进攻（aggressive）、防守（defensive）', en: 'balanced (default), aggressive, defensive' } as const;

/** A style named in Chinese or English (case and surrounding spaces ignored), or null. */
export function botStyleOf(word: string): BotStyle | null {
  const k = word.trim().toLowerCase();
  return Object.hasOwn(BOT_STYLE_NAMES, k) ? BOT_STYLE_NAMES[k]! : null;
}
