/**
 * The bot's own check that what it says is accepted: each line is parsed by the real parser and applied by the real
 * engine to a scratch copy of what the country sees, in order, as that country. A line the parser or the engine
 * would refuse is never sent (and later lines are checked against the state the earlier ones left). What the view
 * hides (other countries' orders and private purchases) never decides whether one's own command is accepted, so the
 * real game gives the same answers.
 */
import type { GameMap } from '../../europe/map/index.ts';
import { applyEntry, type Command, type CountryId, type Game, type GameState } from '../engine/index.ts';
import { formatCommand, parseMessage } from '../parse/index.ts';
import { copyState } from './copy.ts';

export class Scratch {
  readonly game: Game;
  readonly lines: string[] = [];
  /** Lines that were refused (a bug in the bot's planning, kept for tests). */
  readonly dropped: { line: string; code: string }[] = [];
  private readonly at: number;

  constructor(state: GameState, readonly map: GameMap, readonly me: CountryId) {
    const s = copyState(state, { log: false, orders: (c) => c === me });
    // Nobody has committed in the scratch copy, so no line resolves the turn there.
    for (const c of Object.keys(s.countries)) s.countries[c]!.committed = false;
    this.game = { map, state: s, undo: null, turnStart: '' };
    this.at = s.clock.pausedAt ?? s.clock.openedAt;
  }

  get state(): GameState { return this.game.state; }

  /** Parses and applies `line` (text); keeps it when both accept it. */
  tryLine(line: string, expect?: Command['kind']): boolean {
    const s = this.game.state;
    const ps = parseMessage(line, this.map, { settings: { partialArmies: s.settings.partialArmies, nationalArmies: s.settings.nationalArmies } });
    if (ps.length !== 1 || !ps[0]!.ok || (expect && ps[0]!.command.kind !== expect)) {
      this.dropped.push({ line, code: ps[0] && !ps[0].ok ? ps[0].code : 'PARSE' });
      return false;
    }
    const step = applyEntry(this.game, { type: 'command', at: this.at, speaker: { kind: 'country', id: this.me }, command: ps[0]!.command });
    if (!step.outcome?.ok || step.resolved.length > 0) {
      this.dropped.push({ line, code: step.outcome && !step.outcome.ok ? step.outcome.code : 'RESOLVED' });
      return false;
    }
    this.lines.push(line);
    return true;
  }

  /** A command in its canonical text (formatCommand), with optional words after it (an answer's reason). */
  try(c: Command, suffix = ''): boolean {
    return this.tryLine(formatCommand(c, this.map, 'zh') + suffix, c.kind);
  }
}
