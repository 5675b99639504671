/** Rows as both drivers return them (the same snake_case columns) turned into the store's objects. */
import type { Batch, GameRow, GameStatusRow, Lease, RatingResultRow, RatingRow, RequestPostRow, StoredEntry } from './types.ts';

export type Raw = Record<string, unknown>;

/**
 * A games row. Damaged JSON in one row must not make every game unreadable: the row comes back with what
 * could be read and `broken` saying which column is damaged.
 */
export function gameRow(r: Raw): GameRow {
  const bad: string[] = [];
  const json = <T>(col: string, empty: T): T => {
    try {
      return JSON.parse(r[col] as string) as T;
    } catch {
      bad.push(col);
      return empty;
    }
  };
  const row: GameRow = {
    id: r.id as number, kind: (r.kind as string | undefined) ?? 'neuwar', channelId: r.channel_id as string, mapPath: r.map_path as string, mapId: r.map_id as string,
    settings: json('settings', {}), live: json('live', {}), status: r.status as GameStatusRow,
    creator: r.creator as string, judges: json('judges', []), createdAt: r.created_at as number,
    startedAt: (r.started_at as number | null) ?? null, endedAt: (r.ended_at as number | null) ?? null,
    statusMessageId: (r.status_message_id as string | null) ?? null,
  };
  if (bad.length) row.broken = `damaged game record (${bad.join(', ')} is not valid JSON)`;
  return row;
}

/** A batch's change to its games row as [column, value] pairs, the way gameRow reads them back (both drivers). */
export function gameUpdate(g: NonNullable<Batch['game']>): [string, unknown][] {
  const out: [string, unknown][] = [];
  if (g.status !== undefined) out.push(['status', g.status]);
  if (g.judges !== undefined) out.push(['judges', JSON.stringify(g.judges)]);
  if (g.startedAt !== undefined) out.push(['started_at', g.startedAt]);
  if (g.endedAt !== undefined) out.push(['ended_at', g.endedAt]);
  if (g.statusMessageId !== undefined) out.push(['status_message_id', g.statusMessageId]);
  if (g.settings !== undefined) out.push(['settings', JSON.stringify(g.settings)]);
  if (g.live !== undefined) out.push(['live', JSON.stringify(g.live)]);
  return out;
}

export function ratingRow(r: Raw): RatingRow {
  return {
    kind: r.game_kind as string, id: r.user_id as string, name: (r.name as string | undefined) ?? '', rating: r.rating as number, games: r.games as number,
    wins: (r.wins as number | undefined) ?? 0, draws: (r.draws as number | undefined) ?? 0, losses: (r.losses as number | undefined) ?? 0, updatedAt: r.updated_at as number,
  };
}

export function resultRow(r: Raw): RatingResultRow {
  return {
    id: r.id as number, kind: r.game_kind as string, gameId: r.game_id as number, channelId: r.channel_id as string, scope: (r.scope as string | null) ?? null,
    at: r.at as number, how: r.how as string, a: r.a as string, b: r.b as string, aSeat: r.a_seat as string, bSeat: r.b_seat as string,
    result: r.result as RatingResultRow['result'], aBefore: r.a_before as number, bBefore: r.b_before as number, aDelta: r.a_delta as number, bDelta: r.b_delta as number,
  };
}

export function entryRow(r: Raw): StoredEntry {
  return {
    seq: r.seq as number, at: r.at as number, entry: JSON.parse(r.entry as string), userId: (r.user_id as string | null) ?? null,
    messageId: (r.message_id as string | null) ?? null, part: r.part as number, undone: r.undone === 1, turn: r.turn as number,
  };
}

export function requestPostRow(r: Raw): RequestPostRow {
  return { requestId: r.request_id as number, messageId: r.message_id as string, text: r.text as string, turn: r.turn as number };
}

export function leaseRow(r: Raw): Lease {
  return { gameId: r.game_id as number, holder: r.holder as string, takenAt: r.taken_at as number, expiresAt: r.expires_at as number };
}
