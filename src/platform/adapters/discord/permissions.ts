import { PermissionFlagsBits, PermissionsBitField, type GuildMember, type APIInteractionGuildMember } from 'discord.js';

/** A Discord id (snowflake): what DISCORD_MOD_ROLE must be. */
export const SNOWFLAKE = /^\d{17,20}$/;

/**
 * R13's judge on a Discord server: the configured moderator role (DISCORD_MOD_ROLE, a role id), or the
 * Manage Server / Administrator permission. A role is matched by id only: anyone who may create roles could
 * otherwise name one like the moderator role and judge every game. The game's own judges (GameInfo.judges)
 * are the service's business; this only says what the server grants.
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
  if (!role || !SNOWFLAKE.test(role)) return false;
  const roles = member.roles;
  if (Array.isArray(roles)) return roles.includes(role); // raw API member: ids only
  return (roles as GuildMember['roles']).cache.has(role);
}

/** The start-up warning for a DISCORD_MOD_ROLE that is not a role id (null: fine or unset). */
export function modRoleWarning(modRole: string | undefined): string | null {
  const role = modRole?.trim();
  if (!role || SNOWFLAKE.test(role)) return null;
  return `DISCORD_MOD_ROLE=${JSON.stringify(role)} is not a role id, so no role makes anyone a judge (Manage Server and each game's own judges still do). ` +
    'Set it to the role\'s id: Server Settings → Roles → right-click the role → Copy Role ID (with Developer Mode on).';
}

/** What the bot needs in a game's channel, and what goes wrong without it. */
export const NEEDED_PERMISSIONS: readonly { flag: bigint; en: string; zh: string; without: string }[] = [
  { flag: PermissionFlagsBits.ViewChannel, en: 'View Channel', zh: '查看频道', without: 'it cannot see the channel at all' },
  { flag: PermissionFlagsBits.SendMessages, en: 'Send Messages', zh: '发送消息', without: 'no answers, requests or turn posts' },
  { flag: PermissionFlagsBits.ReadMessageHistory, en: 'Read Message History', zh: '读取消息历史', without: 'refusals cannot reply to the command' },
  { flag: PermissionFlagsBits.AddReactions, en: 'Add Reactions', zh: '添加反应', without: 'no ✅/❌ on typed commands' },
  { flag: PermissionFlagsBits.AttachFiles, en: 'Attach Files', zh: '附加文件', without: 'no map or score table pictures' },
  { flag: PermissionFlagsBits.EmbedLinks, en: 'Embed Links', zh: '嵌入链接', without: 'links show without previews' },
  { flag: PermissionFlagsBits.ManageMessages, en: 'Manage Messages', zh: '管理消息', without: 'private orders typed in the channel stay visible to everyone' },
];

/** The needed permissions the bot does not have (Administrator grants all). */
export function missingPermissions(perms: PermissionsBitField | bigint | string | null | undefined): typeof NEEDED_PERMISSIONS[number][] {
  const bits = perms instanceof PermissionsBitField ? perms : new PermissionsBitField(perms === null || perms === undefined ? 0n : BigInt(perms));
  return NEEDED_PERMISSIONS.filter((p) => !bits.has(p.flag, true));
}

/** The operator's log line for a channel where the bot lacks permissions. */
export function permissionLogLine(channel: string, missing: readonly typeof NEEDED_PERMISSIONS[number][]): string {
  return `Discord: in channel ${channel} the bot lacks ${missing.map((m) => `${m.en} (${m.without})`).join('; ')}. Grant them to the bot's role in that channel.`;
}

/** What the judge is told in the channel's language when the bot lacks permissions there. */
export function permissionNote(missing: readonly typeof NEEDED_PERMISSIONS[number][], lang: 'zh' | 'en'): string {
  return lang === 'en'
    ? `⚠️ In this channel the bot lacks: ${missing.map((m) => `${m.en} (${m.without})`).join('; ')}. A server admin can grant them to the bot's role in the channel settings.`
    : `⚠️ 机器人在本频道缺少权限：${missing.map((m) => m.zh).join('、')}。${missing.some((m) => m.flag === PermissionFlagsBits.ManageMessages) ? '没有“管理消息”，玩家在频道里打的私密命令会一直公开可见。' : ''}请服务器管理员在频道设置里给机器人的身份组加上这些权限。`;
}
