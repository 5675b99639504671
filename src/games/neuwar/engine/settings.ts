import { z } from 'zod';

/**
 * Every number in rules.md is a setting with that default (rules.md preamble). A game stores its settings;
 * house rules change them before the start, the judge's 【规则】 during the game (R13).
 */
export const SettingsSchema = z.object({
  language: z.enum(['zh', 'en']).default('zh'),
  startScore: z.number().int().default(30), // R2.1
  capitalBonus: z.number().int().min(0).default(10), // R2.3
  cityBonus: z.number().int().min(0).default(5), // R2.3
  capitalLoss: z.number().int().min(0).default(10), // R2.4
  cityLoss: z.number().int().min(0).default(5), // R2.4
  tribute: z.number().min(0).max(1).default(0.7), // R2.2
  turnSeconds: z.number().int().min(10).max(7 * 86400).default(300), // R3.2
  graceSeconds: z.number().int().min(0).max(7 * 86400).default(360), // R3.2
  spyGraceSeconds: z.number().int().min(0).max(7 * 86400).default(360), // R3.3
  latePenalty: z.number().int().min(0).default(10), // R3.3
  warCost: z.number().int().min(0).default(10), // R5.1
  warUpkeep: z.number().int().min(0).default(3), // R5.2
  upkeepFromActiveTurn: z.number().int().min(1).default(4), // R5.2: "from the 4th active turn on"
  peaceBase: z.number().int().min(0).default(30), // R5.4
  annexCost: z.number().int().min(0).default(60), // R5.5
  puppetScore: z.number().int().default(30), // R5.5, R12
  puppetDemand: z.number().int().min(0).default(3), // R5.5
  truceTurns: z.number().int().min(0).default(2), // R5.6
  breakCost: z.number().int().min(0).default(10), // R6.2
  breakBarTurns: z.number().int().min(0).default(2), // R6.2
  pactCost: z.number().int().min(0).default(10), // R6.3
  pactTurns: z.number().int().min(0).default(5), // R6.3
  independenceCost: z.number().int().min(0).default(100), // R6.4
  capLand: z.number().int().min(0).default(20), // R7
  capCity: z.number().int().min(0).default(60), // R7
  capCapital: z.number().int().min(0).default(100), // R7
  buyLimit: z.number().int().min(0).default(30), // R8.1
  blockadeTurns: z.number().int().min(0).default(5), // R8.1
  industryCost: z.number().int().min(0).default(10), // R8.2
  airshipCost: z.number().int().min(1).default(100), // R8.3
  spyCost: z.number().int().min(1).default(50), // R8.3
  commsCost: z.number().int().min(1).default(200), // R8.3
  partialArmies: z.number().int().min(0).default(100), // R9
  partialHalfTurns: z.number().int().min(0).default(6), // R9
  nationalArmies: z.number().int().min(0).default(200), // R9
  nationalHalfTurns: z.number().int().min(0).default(9), // R9
  partialAfterNationalTurns: z.number().int().min(0).default(7), // R9
  defenseFactor: z.number().min(1).default(1.5), // R10.5
  seaLoss: z.number().min(0).max(1).default(0.1), // R10.7
  turnLimit: z.number().int().min(1).default(25), // R11
  victoryShare: z.number().min(0).max(1).default(0.5), // R11
  /** R13: the longest a judge may extend one turn's deadline in total. */
  maxExtendSeconds: z.number().int().min(0).default(3600),
  /**
   * Not a rule of the game but a guard on its record: one message may hold at most this many commands (log
   * entries); a longer one is refused whole, so a flood of 【完成】 writes one row, not a thousand.
   */
  maxCommandsPerMessage: z.number().int().min(1).default(100),
  /**
   * House rule (issue 13): who plays a country whose player is absent — after `autopilotAfter` missed deadlines
   * in a row, or in civil disorder (【托管】). off: nobody (R3.2 and R4.3 as written); defend: it holds its land
   * and refuses requests; bot: a balanced computer player.
   */
  autopilot: z.enum(['off', 'defend', 'bot']).default('off'),
  autopilotAfter: z.number().int().min(1).default(2),
});

export type Settings = z.infer<typeof SettingsSchema>;
export type SettingKey = keyof Settings;

export function defaultSettings(): Settings {
  return SettingsSchema.parse({});
}

/** Validates a partial override and returns the merged settings, or the first problem as text. */
export function mergeSettings(base: Settings, patch: Record<string, unknown>): { ok: true; settings: Settings } | { ok: false; key: string; reason: string } {
  const shape = SettingsSchema.shape as Record<string, z.ZodType>;
  for (const key of Object.keys(patch)) {
    if (!(key in shape)) return { ok: false, key, reason: 'unknown' };
  }
  const r = SettingsSchema.safeParse({ ...base, ...patch });
  if (!r.success) {
    const issue = r.error.issues[0]!;
    return { ok: false, key: String(issue.path[0] ?? ''), reason: issue.message };
  }
  return { ok: true, settings: r.data };
}

/** Parses a typed setting value ("10", "0.7", "en") to the type the schema wants. */
export function coerceSettingValue(key: string, raw: string): unknown {
  if (key === 'language' || key === 'autopilot') return raw;
  const n = Number(raw);
  return Number.isFinite(n) && raw.trim() !== '' ? n : raw;
}
