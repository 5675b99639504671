/**
 * The process's log lines (issue 16): one JSON object a line for a log collector (journald, Docker, Loki…), or plain
 * text for a person at a terminal. LOG_FORMAT=json|text; unset: text when stdout is a terminal, JSON otherwise.
 *
 * A JSON line: {"time":"2026-12-02T13:00:00.000Z","level":"error","message":"…","game":12,"channel":"…","shard":1,
 * "error":"Error: …\n    at …"} — `game`, `channel` and `shard` when the line is about a game (or a shard), `error`
 * with the stack when there is one. Errors and warnings go to stderr, the rest to stdout.
 */

export type LogLevel = 'info' | 'warn' | 'error';
export type LogFormat = 'json' | 'text';

/** What a line is about, where known. */
export interface LogContext {
  game?: number;
  channel?: string;
  shard?: number;
  [key: string]: unknown;
}

export interface Logger {
  info(message: string, ctx?: LogContext): void;
  warn(message: string, ctx?: LogContext): void;
  error(message: string, err?: unknown, ctx?: LogContext): void;
  /** The same logger with fields added to every line (e.g. { shard: 1 }). */
  child(ctx: LogContext): Logger;
}

export interface LoggerOptions {
  format: LogFormat;
  /** Where a finished line goes (without its newline). Default: stdout for info, stderr for warn and error. */
  write?: (line: string, level: LogLevel) => void;
  now?: () => number;
  /** Computes fields a line lacks from what it has (the Discord adapter adds a channel's shard). */
  enrich?: (ctx: LogContext) => LogContext;
}

/** LOG_FORMAT, or the default for where stdout goes; anything else is a startup error naming the variable. */
export function logFormat(env: NodeJS.ProcessEnv = process.env, isTTY: boolean = process.stdout.isTTY === true): LogFormat {
  const raw = env.LOG_FORMAT?.trim().toLowerCase();
  if (!raw) return isTTY ? 'text' : 'json';
  if (raw === 'json' || raw === 'text') return raw;
  throw new Error(`LOG_FORMAT=${env.LOG_FORMAT} is not json or text (see .env.example).`);
}

function errorText(err: unknown): string {
  if (err instanceof Error) return err.stack ?? `${err.name}: ${err.message}`;
  if (typeof err === 'string') return err;
  try {
    return JSON.stringify(err) ?? String(err);
  } catch {
    return String(err);
  }
}

const defaultWrite = (line: string, level: LogLevel) => (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);

export function createLogger(opts: LoggerOptions, base: LogContext = {}): Logger {
  const write = opts.write ?? defaultWrite;
  const now = opts.now ?? Date.now;
  const emit = (level: LogLevel, message: string, err: unknown, ctx: LogContext | undefined) => {
    let fields: LogContext = { ...base, ...(ctx ?? {}) };
    if (opts.enrich) fields = { ...opts.enrich(fields), ...fields };
    for (const k of Object.keys(fields)) if (fields[k] === undefined || fields[k] === null) delete fields[k];
    const time = new Date(now()).toISOString();
    if (opts.format === 'json') {
      const line: Record<string, unknown> = { time, level, message, ...fields };
      if (err !== undefined && err !== '') line.error = errorText(err);
      let text: string;
      try {
        text = JSON.stringify(line);
      } catch {
        text = JSON.stringify({ time, level, message, error: err === undefined ? undefined : errorText(err) });
      }
      write(text, level);
    } else {
      const tags = Object.entries(fields).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join(' ');
      const head = `${time} ${level.toUpperCase()}${tags ? ` [${tags}]` : ''} ${message}`;
      write(err !== undefined && err !== '' ? `${head}: ${errorText(err)}` : head, level);
    }
  };
  return {
    info: (m, ctx) => emit('info', m, undefined, ctx),
    warn: (m, ctx) => emit('warn', m, undefined, ctx),
    error: (m, err, ctx) => emit('error', m, err, ctx),
    child: (ctx) => createLogger(opts, { ...base, ...ctx }),
  };
}

/** The logger with fields computed for every line from what it carries (the Discord adapter: a channel's shard). */
export function withFields(log: Logger, enrich: (ctx: LogContext) => LogContext): Logger {
  const add = (ctx: LogContext | undefined): LogContext => ({ ...enrich(ctx ?? {}), ...(ctx ?? {}) });
  return {
    info: (m, ctx) => log.info(m, add(ctx)),
    warn: (m, ctx) => log.warn(m, add(ctx)),
    error: (m, err, ctx) => log.error(m, err, add(ctx)),
    child: (base) => withFields(log.child(base), (ctx) => enrich({ ...base, ...ctx })),
  };
}

/**
 * The GameService's `logError(message, err?, ctx?)` on a logger: every line the service logs is an error line of the
 * process's log, with the game id and channel it carries.
 */
export function serviceLogError(log: Logger): (message: string, err?: unknown, ctx?: { game?: number; channel?: string }) => void {
  return (message, err, ctx) => log.error(message, err, ctx);
}
