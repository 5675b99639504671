import { PermissionFlagsBits, type GuildMember, type APIInteractionGuildMember } from 'discord.js';

/**
 * R13's judge on a Discord server: the configured moderator role (DISCORD_MOD_ROLE, a role name or id), or
 * the Manage Server / Administrator permission. The game's own judges (GameInfo.judges) are the service's
 * business; this only says what the server grants.
 */
export function isModerator(member: GuildMember | APIInteractionGuildMember | null | undefined, modRole?: string): boolean {
  if (!member) return false;
  const role = modRole?.trim();
  if ('permissions' in member && member.permissions) {
    const perms = member.permissions;
    if (typeof perms === 'string') {
      const bits = BigInt(perms);
      if ((bits & PermissionFlagsBits.ManageGuild) !== 0n || (bits & PermissionFlagsBits.Administrator) !== 0n) return true;
    } else if (perms.has(PermissionFlagsBits.ManageGuild, true)) return true;
  }
  if (!role) return false;
  const roles = member.roles;
  if (Array.isArray(roles)) return roles.includes(role); // raw API member: ids only
  const cache = (roles as GuildMember['roles']).cache;
  return cache.has(role) || cache.some((r) => r.name.toLowerCase() === role.toLowerCase());
}
