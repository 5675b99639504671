import type { Client } from 'discord.js';

type Log = (line: string, err?: unknown) => void;
type Packet = { t?: unknown; d?: unknown } | undefined;

/**
 * Optional fields Discord sometimes sends as null where discord.js expects them absent: `thread: null` on a
 * message makes discord.js read `null.id` while building the message (of a button press, or a message event).
 * Removing them leaves a payload discord.js reads as it would the same event without the field.
 */
export function repairPayload(packet: Packet): void {
  const d = packet?.d;
  if (!d || typeof d !== 'object') return;
  const drop = (o: unknown) => {
    if (o && typeof o === 'object' && (o as { thread?: unknown }).thread === null) delete (o as { thread?: unknown }).thread;
  };
  drop(d);
  drop((d as { message?: unknown }).message);
  drop((d as { referenced_message?: unknown }).referenced_message);
}

/**
 * discord.js builds its objects from a gateway payload synchronously inside the socket's message handler:
 * one payload it cannot read (an autocomplete without `data`) throws out of the event loop and would end
 * the process. Every dispatch goes through the client's packet handler, so the payload is repaired there
 * where it can be, and one that still cannot be read is dropped with a log line; the next event is served.
 */
export function guardGateway(client: Client, log: Log): void {
  const ws = client.ws as unknown as { handlePacket?: (packet?: Packet, shard?: unknown) => boolean };
  const original = ws.handlePacket;
  if (typeof original !== 'function') return;
  ws.handlePacket = function guarded(packet, shard) {
    try {
      repairPayload(packet);
      return original.call(this, packet, shard);
    } catch (e) {
      const p = packet as { t?: unknown; d?: { id?: unknown; type?: unknown } } | undefined;
      log(`malformed gateway event ${String(p?.t)} (id ${String(p?.d?.id ?? '?')}, type ${String(p?.d?.type ?? '?')}) dropped`, e);
      return true;
    }
  };
}

/**
 * A bot serving many games must outlive one bad event: an exception or rejection nobody caught is logged
 * and the process keeps serving every other game. Returns the function that removes the guard (on close).
 */
export function guardProcess(log: Log): () => void {
  const onException = (e: unknown) => log('uncaught exception (the bot keeps serving)', e);
  const onRejection = (e: unknown) => log('unhandled promise rejection (the bot keeps serving)', e);
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
