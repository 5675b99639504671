/**
 * Rated identities (duel.md D9.1): one Elo per identity per database, shared by every server the bot serves.
 * `discord:<userId>`, `local:<name>` (the local web channel, D10.6) and a rated bot `bot:<id>` (the duel agent is
 * `bot:agent@v<N>`: each version a new entry). The scripted bots are never rated, so they have no identity.
 */

export type IdentityKind = 'discord' | 'local' | 'bot';

/**
 * The local web channel's channel ids begin with this (adapters/local's CHANNEL_PREFIX, repeated here because the
 * platform's core does not import an adapter; a test checks that they agree).
 */
export const LOCAL_CHANNEL_PREFIX = 'local-';

export const discordIdentity = (userId: string): string => `discord:${userId}`;
/** D10.6: a local player is known by the name registered at first use (spaces trimmed, case kept). */
export const localIdentity = (name: string): string => `local:${name.trim()}`;
export const botIdentity = (botId: string): string => `bot:${botId}`;

export function identityKind(id: string): IdentityKind | null {
  const k = id.slice(0, id.indexOf(':'));
  return k === 'discord' || k === 'local' || k === 'bot' ? k : null;
}

export const isBotIdentity = (id: string): boolean => id.startsWith('bot:');
export const isHumanIdentity = (id: string): boolean => id.startsWith('discord:') || id.startsWith('local:');

/**
 * The rated identity of a person in a game's channel: on the local page `local:<name>`, elsewhere (Discord) the
 * platform user id. Null when there is nothing to key on (an empty name).
 */
export function personIdentity(channelId: string, userId: string, name: string): string | null {
  if (channelId.startsWith(LOCAL_CHANNEL_PREFIX)) return name.trim() ? localIdentity(name) : null;
  return userId ? discordIdentity(userId) : null;
}

/** A board's scope (D9.6): every identity, one Discord server's (`discord:<guildId>`), or the local channel's. */
export type BoardScope = { kind: 'global' } | { kind: 'server'; scope: string } | { kind: 'local' };

/** The scope a rated game's result row is filed under: the local board's for a local game, else the server's (or none). */
export const LOCAL_SCOPE = 'local';
export const serverScope = (guildId: string): string => `discord:${guildId}`;
