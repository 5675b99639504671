import type { Command, CountryId, GameState, PendingRequest } from './types.ts';

/** The commands that open a request an answer can quote (R5.3, R5.4, R6.1, R6.3, R6.5, R12). */
export type RequestCommand = Extract<Command, { kind: 'ceasefire' | 'surrender' | 'alliance' | 'pact' | 'trade' | 'pledge' }>;
export type AnswerCommand = Extract<Command, { kind: 'answer' }>;

/**
 * The command an answer quotes to name `r` (the full form …——同意。, commands.md §1). A counter-offer is quoted as
 * the kind it counters, which is how answeredRequest finds it. Null only for a counter-offer without its base kind,
 * which the engine never makes.
 */
export function requestCommand(r: PendingRequest): RequestCommand | null {
  const base = r.base ?? r.kind;
  switch (base) {
    case 'alliance': case 'pact': case 'pledge': case 'surrender':
      return { kind: base, from: r.from, to: r.to };
    case 'ceasefire':
      return r.unconditional
        ? { kind: 'ceasefire', from: r.from, to: r.to, unconditional: true, terms: [] }
        : { kind: 'ceasefire', from: r.from, to: r.to, unconditional: false, terms: r.terms ?? [] };
    case 'trade':
      return { kind: 'trade', from: r.from, to: r.to, give: r.give ?? [], get: r.get ?? [] };
    case 'counter':
      return null;
  }
}

/**
 * An answer that names `r` itself rather than "the newest request to me" (R4.2): what a request's accept and reject
 * buttons send. Null where requestCommand is.
 */
export function answerCommand(r: PendingRequest, answer: 'accept' | 'reject'): AnswerCommand | null {
  const request = requestCommand(r);
  return request && { kind: 'answer', answer, request };
}

/**
 * The open request an answer by `me` (null: the judge, who may answer any) is for: with a quoted request, the newest
 * one of its kind between its two countries; without one, the newest addressed to `me`. The judge must quote.
 */
export function answeredRequest(s: GameState, me: CountryId | null, quoted?: Command): PendingRequest | undefined {
  const mine = s.pending.filter((r) => me === null || r.to === me);
  if (quoted && 'from' in quoted && 'to' in quoted) {
    const kind = quoted.kind;
    const pair = [quoted.from, quoted.to];
    return [...mine].reverse().find((r) => (r.kind === kind || r.base === kind) && pair.includes(r.from) && pair.includes(r.to));
  }
  return me !== null ? mine[mine.length - 1] : undefined;
}
