import type { ChatPort, OutMessage } from './platform/chat/index.ts';

/** One ChatPort for one service: local web channels (ids with the local prefix) go to the page, the rest to Discord. */
export function routeChat(isLocal: (channelId: string) => boolean, local: ChatPort, discord: ChatPort): ChatPort {
  const pick = (ch: string) => (isLocal(ch) ? local : discord);
  return {
    post: (ch: string, msg: OutMessage) => pick(ch).post(ch, msg),
    edit: (ch: string, id: string, msg: OutMessage) => pick(ch).edit(ch, id, msg),
    privateReply: (ch: string, user: string, msg: OutMessage) => pick(ch).privateReply(ch, user, msg),
    delete: async (ch: string, id: string) => (await pick(ch).delete?.(ch, id)) ?? false,
    gameEnded: async (ch: string, kind: string) => { await pick(ch).gameEnded?.(ch, kind); },
  };
}
