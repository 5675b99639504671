/**
 * Issue 16's logs: one JSON object a line with time, level, message and the game / channel / shard where known
 * (src/platform/log.ts), LOG_FORMAT read strictly, and the GameService's problem lines carrying their game and channel.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLogger, logFormat, withFields, type LogLevel } from '../../src/platform/log.ts';
import { Store } from '../../src/platform/store/index.ts';
import { VirtualClock } from '../../src/platform/clock/index.ts';
import { GameService } from '../../src/platform/session/index.ts';
import { count21 } from '../games/count21/module.ts';
import { FakeChat, T0 } from '../helpers/live.ts';

const capture = () => {
  const lines: { line: string; level: LogLevel }[] = [];
  return { lines, write: (line: string, level: LogLevel) => lines.push({ line, level }) };
};

test('JSON lines: time, level, message, the context fields, the error with its stack; nothing else', () => {
  const c = capture();
  const log = createLogger({ format: 'json', write: c.write, now: () => Date.UTC(2026, 11, 2, 13, 0, 0) });
  log.info('Discord: logged in', { shard: 0 });
  log.error('post to 123 failed', new Error('boom'), { game: 7, channel: '123' });
  log.warn('no context');
  log.child({ shard: 1 }).error('child line', undefined, { channel: '9', game: undefined });
  const o = c.lines.map((l) => JSON.parse(l.line) as Record<string, unknown>);
  assert.deepEqual(o[0], { time: '2026-12-02T13:00:00.000Z', level: 'info', message: 'Discord: logged in', shard: 0 });
  assert.equal(o[1]!.level, 'error');
  assert.equal(o[1]!.game, 7);
  assert.equal(o[1]!.channel, '123');
  assert.match(String(o[1]!.error), /^Error: boom\n\s+at /);
  assert.deepEqual(o[2], { time: '2026-12-02T13:00:00.000Z', level: 'warn', message: 'no context' });
  assert.deepEqual(o[3], { time: '2026-12-02T13:00:00.000Z', level: 'error', message: 'child line', shard: 1, channel: '9' });
  assert.deepEqual(c.lines.map((l) => l.level), ['info', 'error', 'warn', 'error']);
  for (const l of c.lines) assert.ok(!l.line.includes('\n'), 'one line each (newlines inside are escaped)');
  // A message with newlines and an error that is not an Error stay one line.
  log.error('two\nlines', { code: 'X' });
  assert.deepEqual(JSON.parse(c.lines.at(-1)!.line).error, '{"code":"X"}');
  assert.ok(!c.lines.at(-1)!.line.includes('\n'));
});

test('text lines for a person: time, level, the fields in brackets, the message, the error', () => {
  const c = capture();
  const log = createLogger({ format: 'text', write: c.write, now: () => 0 });
  log.error('rating game 3 failed', new Error('x'), { game: 3, channel: 'c' });
  assert.match(c.lines[0]!.line, /^1970-01-01T00:00:00\.000Z ERROR \[game=3 channel=c\] rating game 3 failed: Error: x\n/);
});

test('withFields adds computed fields (a channel\'s shard) without overriding given ones', () => {
  const c = capture();
  const log = withFields(createLogger({ format: 'json', write: c.write }), (ctx) => (ctx.channel ? { shard: ctx.channel === 'a' ? 0 : 1 } : {}));
  log.error('x', undefined, { channel: 'b' });
  log.info('y', { channel: 'a', shard: 5 });
  log.child({ channel: 'a' }).warn('z');
  assert.deepEqual(c.lines.map((l) => JSON.parse(l.line).shard), [1, 5, 0]);
});

test('LOG_FORMAT: json or text; unset: text on a terminal, JSON otherwise; anything else refused naming it', () => {
  assert.equal(logFormat({ LOG_FORMAT: 'json' }, true), 'json');
  assert.equal(logFormat({ LOG_FORMAT: ' TEXT ' }, false), 'text');
  assert.equal(logFormat({}, true), 'text');
  assert.equal(logFormat({ LOG_FORMAT: '' }, false), 'json');
  assert.throws(() => logFormat({ LOG_FORMAT: 'yaml' }, true), /^Error: LOG_FORMAT=yaml is not json or text/);
});

test('the service\'s problem lines carry the game id and channel (a failing post of a game)', async () => {
  const seen: { msg: string; ctx?: { game?: number; channel?: string } }[] = [];
  const chat = new FakeChat();
  const svc = new GameService({ store: new Store(':memory:'), clock: new VirtualClock(T0), chat, games: [count21], renderer: null, logError: (msg, _e, ctx) => seen.push({ msg, ...(ctx ? { ctx } : {}) }) });
  await svc.startUp();
  chat.post = async () => { throw new Error('Discord is down'); };
  await svc.createGame('ch-1', { id: 'u', name: 'judy' });
  await svc.idle();
  const line = seen.find((s) => /post to ch-1 failed/.test(s.msg));
  assert.ok(line, JSON.stringify(seen));
  assert.deepEqual(line.ctx, { channel: 'ch-1' });
  await svc.close();
});
