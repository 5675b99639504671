/**
 * Transcripts of any hosted game. A transcript may start with `@game KIND` (the first line that is not blank
 * or a comment); without one it is New European War's, so every transcript written before games had kinds
 * plays as it did. Each kind's transcript runner reads the rest: New European War's own (maps, settings,
 * turn-relative clock), the generic one (./generic.ts) for every other game.
 */
import { readFileSync } from 'node:fs';
import { GAMES } from '../games/index.ts';
import { stateJson } from '../games/neuwar/engine/index.ts';
import { NeuwarRules, neuwar } from '../games/neuwar/module.ts';
import { runTranscript, TranscriptError, type ReplayResult } from '../games/neuwar/transcript.ts';
import type { GameRegistry, Rules } from '../platform/session/index.ts';
import { runGenericTranscript, type GenericReplay } from './generic.ts';

export { runTranscript, entriesFromText, speakerFor, TranscriptError, type ReplayResult } from '../games/neuwar/transcript.ts';
export { runGenericTranscript, type GenericReplay } from './generic.ts';

/** The kind of a transcript without a header. */
export const DEFAULT_TRANSCRIPT_GAME = 'neuwar';

/** A played transcript of any kind: the final game and the rules that read it (`rules.view(game, null)` is its state). */
export interface AnyReplay {
  kind: string;
  game: unknown;
  rules: Rules<unknown>;
  /** New European War's own result (answers with the engine's steps), when the transcript was one. */
  neuwar?: ReplayResult;
  /** The generic runner's result, for a game without its own runner. */
  generic?: GenericReplay;
  /** What `replay` prints, when the game's own runner says. */
  state?: unknown;
}

/**
 * Reads the `@game` header and plays the transcript with its game's runner. `games`: the kinds known (default:
 * the process's registry). Throws TranscriptError for an unknown kind or a malformed transcript.
 */
export function runAnyTranscript(file: string, text?: string, root = process.cwd(), games: GameRegistry = GAMES): AnyReplay {
  const src = text ?? readFileSync(file, 'utf8');
  const lines = src.split(/\r?\n/);
  let kind = DEFAULT_TRANSCRIPT_GAME;
  let header = -1;
  const first = lines.findIndex((l) => l.trim() !== '' && !l.trim().startsWith('#'));
  if (first >= 0 && /^@game(\s|$)/.test(lines[first]!.trim())) {
    const args = lines[first]!.trim().replace(/\s+#.*$/, '').split(/\s+/).slice(1);
    if (args.length !== 1) throw new TranscriptError(file, first + 1, '@game names one game kind');
    kind = args[0]!;
    header = first;
  }
  const later = lines.findIndex((l, i) => i !== header && /^@game(\s|$)/.test(l.trim()));
  if (later >= 0) throw new TranscriptError(file, later + 1, '@game must be the first line of the transcript, and only once');
  const mod = games.find((g) => g.kind === kind);
  if (!mod) throw new TranscriptError(file, header + 1 || 1, `unknown game "${kind}" (known: ${games.map((g) => g.kind).join(', ')})`);
  // The header is the dispatcher's: the runner sees a blank line there, so its line numbers stay the file's.
  const body = header < 0 ? src : lines.map((l, i) => (i === header ? '' : l)).join('\n');
  if (mod === neuwar) {
    const r = runTranscript(file, body, root);
    return { kind, game: r.game, rules: new NeuwarRules(r.game.map) as Rules<unknown>, neuwar: r };
  }
  if (mod.transcript) {
    try {
      const r = mod.transcript(file, body, root);
      return { kind, game: r.game, rules: r.rules, state: r.state };
    } catch (e) {
      const m = /^(.*):(\d+): (.*)$/s.exec((e as Error).message ?? '');
      if (m) throw new TranscriptError(m[1]!, Number(m[2]), m[3]!);
      throw e;
    }
  }
  const g = runGenericTranscript(mod, file, body, root);
  return { kind, game: g.game, rules: g.rules, generic: g };
}

/**
 * `replay FILE` (src/cli.ts): the final state as JSON on stdout (New European War: commands.md §4 state JSON;
 * another game: its `view(game, null)`), or `FILE:LINE: reason` on stderr and exit code 2.
 */
export function replayCommand(file: string | undefined, io: { out(s: string): void; err(s: string): void }, games: GameRegistry = GAMES, root = process.cwd()): number {
  if (!file) { io.err('usage: npm run --silent replay -- FILE\n'); return 2; }
  try {
    const r = runAnyTranscript(file, undefined, root, games);
    const state = r.neuwar ? stateJson(r.neuwar.game.state, r.neuwar.game.map) : r.state !== undefined ? r.state : r.rules.view(r.game, null);
    io.out(JSON.stringify(state, null, 2) + '\n');
    return 0;
  } catch (e) {
    if (e instanceof TranscriptError) { io.err(`${e.message}\n`); return 2; }
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') { io.err(`${file}:0: cannot read the transcript\n`); return 2; }
    throw e;
  }
}
