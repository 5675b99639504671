import { z } from 'zod';

/**
 * Settings of a live game that are not rules (the engine's SettingsSchema holds the rules): how the bot's
 * clock behaves around deadlines and restarts.
 */
export const LiveSettingsSchema = z.object({
  /** After a restart, a deadline that passed while the bot was down moves to restart + this window. */
  restartWindowSeconds: z.number().int().min(0).max(86400).default(60),
  /** Reminders, in seconds before the deadline; each names exactly the countries not yet committed. */
  reminderOffsets: z.array(z.number().int().min(1).max(7 * 86400)).max(10).default([60]),
  /** The most a restart may extend one turn (the engine's maxExtendSeconds caps the judge's extensions). */
  restartExtendCapSeconds: z.number().int().min(0).max(7 * 86400).default(86400),
  /** Render timeout: a slow renderer never holds up a turn post for longer. */
  renderTimeoutMs: z.number().int().min(100).max(120_000).default(15_000),
  /** Picture queries (【地图】【分数】) a player may make at once: a token bucket per user, this deep… */
  pictureBurst: z.number().int().min(1).max(100).default(3),
  /** …refilled by one token every this many seconds, so one flooding player cannot keep the renderer busy. */
  pictureRefillSeconds: z.number().int().min(1).max(3600).default(10),
});

export type LiveSettings = z.infer<typeof LiveSettingsSchema>;

export function defaultLiveSettings(): LiveSettings {
  return LiveSettingsSchema.parse({});
}
