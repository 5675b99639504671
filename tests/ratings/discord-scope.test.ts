/** D9.6 server boards: a channel's (or thread's) rated games are filed under its Discord server, read from the client's cache. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from 'discord.js';
import { guildScope } from '../../src/platform/adapters/discord/index.ts';

test('D9.6 guildScope: a guild channel or thread → discord:<guildId>; a DM or an unknown channel → null', () => {
  const cache = new Map<string, object>([['thread-1', { guildId: '42' }], ['dm-1', { guildId: null }], ['dm-2', {}]]);
  const scope = guildScope({ channels: { cache } } as unknown as Client);
  assert.equal(scope('thread-1'), 'discord:42');
  assert.equal(scope('dm-1'), null);
  assert.equal(scope('dm-2'), null);
  assert.equal(scope('nowhere'), null);
});
