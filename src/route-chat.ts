import type { ChatPort, OutMessage } from './platform/chat/index.ts';

/**
 * The local page's copy of channels it shows from another platform (a Discord duel opened by its [网页] link,
 * duel.md D10.3.2): `shows` says which, `chat` keeps their messages under the other platform's ids (LocalChat).
 */
export interface ChatMirror {
  shows(channelId: string): boolean;
  chat: {
    /** Adds a message under the other platform's id, or edits the one already there. */
    mirror(channelId: string, id: string, msg: OutMessage): void;
    delete?(channelId: string, id: string): Promise<boolean> | boolean;
    privateReply(channelId: string, userId: string, msg: OutMessage): Promise<void> | void;
  };
  log?(line: string, err: unknown): void;
}

/**
 * One ChatPort for one service: local web channels (ids with the local prefix) go to the page, the rest to Discord.
 * With `mirror`, what goes to a Discord channel the page shows (posts, edits, deletions, private answers) is copied
 * into the page's feed too, after Discord took it: Discord stays the source (a post answers Discord's message id,
 * under which the copy is kept for later edits), and a copy that fails never fails the Discord side.
 */
export function routeChat(isLocal: (channelId: string) => boolean, local: ChatPort, discord: ChatPort, mirror?: ChatMirror): ChatPort {
  const pick = (ch: string) => (isLocal(ch) ? local : discord);
  const copy = async (ch: string, what: string, fn: () => unknown): Promise<void> => {
    if (!mirror || isLocal(ch)) return;
    try {
      if (mirror.shows(ch)) await fn();
    } catch (e) {
      (mirror.log ?? ((l: string, err: unknown) => console.error(l, err)))(`local page: mirroring a ${what} of ${ch} failed`, e);
    }
  };
  return {
    post: async (ch: string, msg: OutMessage) => {
      const id = await pick(ch).post(ch, msg);
      if (id) await copy(ch, 'post', () => mirror!.chat.mirror(ch, id, msg));
      return id;
    },
    edit: async (ch: string, id: string, msg: OutMessage) => {
      await pick(ch).edit(ch, id, msg);
      await copy(ch, 'edit', () => mirror!.chat.mirror(ch, id, msg));
    },
    privateReply: async (ch: string, user: string, msg: OutMessage) => {
      await pick(ch).privateReply(ch, user, msg);
      await copy(ch, 'private answer', () => mirror!.chat.privateReply(ch, user, msg));
    },
    delete: async (ch: string, id: string) => {
      const gone = (await pick(ch).delete?.(ch, id)) ?? false;
      if (gone) await copy(ch, 'deletion', () => mirror!.chat.delete?.(ch, id));
      return gone;
    },
    gameEnded: async (ch: string, kind: string) => { await pick(ch).gameEnded?.(ch, kind); },
  };
}
