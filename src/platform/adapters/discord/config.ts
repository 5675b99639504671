import { existsSync } from 'node:fs';
import { readShardPlan, type ShardPlan } from './shard.ts';

/** A setting `npm start` cannot run with: one line for the operator, naming the variable (no stack). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface DiscordConfig {
  token: string;
  appId: string | undefined;
  guildId: string | undefined;
  /** Another Discord-compatible API base (a proxy or a mock), e.g. http://localhost:8080/api. */
  apiUrl: string | undefined;
  /** DISCORD_MOD_ROLE: a role id (see modRoleWarning). */
  modRole: string | undefined;
  /** PUBLIC_URL: where people reach the web page (the duel's clickable map); no trailing slash. */
  publicUrl: string | undefined;
  /** SHARDS / TOTAL_SHARDS / SHARD_LIST (shard.ts, docs/deploy.md); null: unsharded. */
  shards: ShardPlan | null;
}

/**
 * Loads `.env` (Node 20.12+'s process.loadEnvFile) when the file exists; variables already set in the
 * environment win over the file's.
 */
export function loadDotEnv(path = '.env'): boolean {
  const load = (process as { loadEnvFile?: (p: string) => void }).loadEnvFile;
  if (!existsSync(path) || typeof load !== 'function') return false;
  load(path);
  return true;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): DiscordConfig {
  const token = env.DISCORD_TOKEN?.trim();
  if (!token) throw new ConfigError('DISCORD_TOKEN is not set: put the bot token in .env (see .env.example and docs/discord.md).');
  const opt = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);
  let shards: ShardPlan | null;
  try {
    shards = readShardPlan(env);
  } catch (e) {
    throw new ConfigError((e as Error).message);
  }
  return { token, shards, appId: opt(env.DISCORD_APP_ID), guildId: opt(env.DISCORD_GUILD_ID), apiUrl: opt(env.DISCORD_API_URL), modRole: opt(env.DISCORD_MOD_ROLE), publicUrl: opt(env.PUBLIC_URL)?.replace(/\/+$/, '') };
}
