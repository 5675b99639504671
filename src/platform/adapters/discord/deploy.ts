/**
 * Registers the slash commands with Discord: `npm run deploy-commands` (tsx src/deploy.ts gives it commands/index.ts).
 * With DISCORD_GUILD_ID, on that server only (immediately); without, globally (every server the bot is in).
 */
import { REST, Routes, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { SlashCommand } from '../../slash/index.ts';
import { loadDotEnv, readConfig } from './config.ts';

/** Every command's JSON; toJSON() runs discord.js's validation (names, lengths, localizations, choices). */
export function commandsJson(commands: readonly SlashCommand[]): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return commands.map((c) => c.data.toJSON());
}

/** Bulk-overwrites the application's commands (idempotent: the same list twice changes nothing). */
export async function deployCommands(opts: { rest: REST; appId: string; guildId?: string; commands: readonly SlashCommand[] }): Promise<number> {
  const body = commandsJson(opts.commands);
  const route = opts.guildId ? Routes.applicationGuildCommands(opts.appId, opts.guildId) : Routes.applicationCommands(opts.appId);
  const res = (await opts.rest.put(route, { body })) as unknown[];
  return Array.isArray(res) ? res.length : body.length;
}

export async function deployMain(commands: readonly SlashCommand[]): Promise<number> {
  loadDotEnv();
  const cfg = readConfig();
  const rest = new REST(cfg.apiUrl ? { api: cfg.apiUrl } : {}).setToken(cfg.token);
  // Without DISCORD_APP_ID the application is the token's own.
  const appId = cfg.appId ?? ((await rest.get(Routes.currentApplication())) as { id: string }).id;
  const n = await deployCommands({ rest, appId, commands, ...(cfg.guildId ? { guildId: cfg.guildId } : {}) });
  console.log(cfg.guildId ? `Registered ${n} slash commands on server ${cfg.guildId}.` : `Registered ${n} slash commands globally.`);
  return 0;
}
