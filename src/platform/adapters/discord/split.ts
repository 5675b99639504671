import { cleanName } from '../../chat/index.ts';

/** Discord's limits (https://discord.com/developers/docs/resources/message). */
export const MESSAGE_LIMIT = 2000;
/** Upload limit of a server without boosts; also what the bot keeps each message's files under in total. */
export const FILE_LIMIT = 10 * 1024 * 1024;
export const FILES_PER_MESSAGE = 10;

/**
 * Splits text into pieces of at most `limit` characters, at line boundaries where it can: a line that is
 * itself too long is cut at a space, else hard. Code fences are not tracked: the bot's texts have none.
 * Never returns an empty list for non-empty text; returns [] for empty text.
 */
export function splitMessage(text: string, limit = MESSAGE_LIMIT): string[] {
  if (text.length <= limit) return text.length ? [text] : [];
  const out: string[] = [];
  let cur = '';
  const push = () => {
    if (cur.trim().length) out.push(cur.replace(/\n+$/, ''));
    cur = '';
  };
  for (const line of text.split('\n')) {
    const add = cur.length ? `\n${line}` : line;
    if (cur.length + add.length <= limit) {
      cur += add;
      continue;
    }
    push();
    let rest = line;
    while (rest.length > limit) {
      let cut = rest.lastIndexOf(' ', limit);
      if (cut < limit / 2) cut = limit;
      // Never cut a surrogate pair in half.
      const code = rest.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut--;
      out.push(rest.slice(0, cut));
      rest = rest.slice(cut).replace(/^ /, '');
    }
    cur = rest;
  }
  push();
  return out;
}

/** One message's worth of text cut to the limit (for edits, which cannot become two messages). */
export function truncate(text: string, limit = MESSAGE_LIMIT): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

/** User ids mentioned as `<@id>` / `<@!id>` in a text: the only users a message may ping. */
export function mentionedUsers(text: string): string[] {
  const ids = new Set<string>();
  for (const m of text.matchAll(/<@!?(\d{5,25})>/g)) ids.add(m[1]!);
  return [...ids].slice(0, 100);
}

/** `<t:unix:R>`: Discord shows it as "in 5 minutes" in every reader's own time zone. */
export function relativeTime(ms: number, style: 'R' | 'f' | 't' | 'T' = 'R'): string {
  return `<t:${Math.floor(ms / 1000)}:${style}>`;
}

/** `<@id>`: how the adapter (and the service, in texts meant for Discord) names a player so they are pinged. */
export function mention(userId: string): string {
  return `<@${userId}>`;
}

/**
 * The name the game shows for a Discord user: the first of the candidates (server nickname, global name,
 * username) that still shows something once cleaned (cleanName: no invisible padding, no mention syntax
 * posing as someone else, at most 32 characters); the id when none does.
 */
export function shownName(id: string, ...candidates: (string | null | undefined)[]): string {
  for (const c of candidates) {
    const name = c ? cleanName(c) : '';
    if (name) return name;
  }
  return id;
}
