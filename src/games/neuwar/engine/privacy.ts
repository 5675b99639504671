import type { Command, CommandKind, LogEntry } from './types.ts';

type QueryWhat = Extract<Command, { kind: 'query' }>['what'];

/**
 * Private until the turn resolves (commands.md §1: army orders, airlifts, purchases, tech, mobilization, spy
 * views, and a country's own status, orders and help): the answer goes to its author alone and a copy typed
 * in a public channel is taken down.
 */
const PRIVATE_KINDS: ReadonlySet<CommandKind> = new Set<CommandKind>(['move', 'airlift', 'cancel', 'buy', 'industry', 'tech', 'mobilize', 'spy']);
const PRIVATE_QUERIES: ReadonlySet<QueryWhat> = new Set<QueryWhat>(['status', 'orders', 'help']);

/**
 * The one list. A query whose subject is not known (a refused one) counts as private: the parser cannot tell a
 * mistyped 【状态】 from a mistyped 【地图】 by kind, and a refused query concerns its asker alone.
 */
export function isPrivateKind(kind: CommandKind, what?: QueryWhat): boolean {
  if (kind === 'query') return what === undefined || PRIVATE_QUERIES.has(what);
  return PRIVATE_KINDS.has(kind);
}

export function isPrivateCommand(c: Command): boolean {
  return isPrivateKind(c.kind, c.kind === 'query' ? c.what : undefined);
}

/**
 * Whether an entry's answer is private, decided from what was parsed and never from the raw text (issue 11
 * item 6): a refused text carries the command its bracket head named however spelled, since the refusal of a
 * private order would otherwise show the order to everyone.
 */
export function isPrivateEntry(e: LogEntry): boolean {
  if (e.type === 'command') return isPrivateCommand(e.command);
  if (e.type === 'refused') return e.kind !== undefined && isPrivateKind(e.kind);
  return false;
}
