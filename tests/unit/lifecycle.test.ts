/** Game lifecycle and the judge's desk through the channel interface, with a fake ChatPort that records everything. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { liveSetup, twoPlayerGame, say, alice, bob, carol, judy, sam, TINY } from '../helpers/live.ts';

test('create, join, leave and start: validation and the neutral rest', async () => {
  const l = await liveSetup();
  assert.equal((await l.svc.createGame('ch1', judy, { map: TINY, settings: { turnSeconds: 5 } })).ok, false, 'turnSeconds below the schema minimum');
  const bad = await l.svc.createGame('ch1', judy, { map: TINY, settings: { nonsense: 1 } });
  assert.equal(bad.ok ? '' : bad.code, 'BAD_SETTINGS');
  const badLive = await l.svc.createGame('ch1', judy, { map: TINY, live: { restartWindowSeconds: -1 } });
  assert.equal(badLive.ok ? '' : badLive.code, 'BAD_SETTINGS');
  assert.equal((await l.svc.createGame('ch1', judy, { map: TINY, settings: { turnSeconds: 600 } })).ok, true);
  const again = await l.svc.createGame('ch1', alice, { map: TINY });
  assert.equal(again.ok ? '' : again.code, 'GAME_EXISTS');
  assert.equal((await l.svc.createGame('ch2', alice, { map: TINY })).ok, true, 'several games per server, one per channel');

  const j1 = await l.svc.join('ch1', alice, '乙国');
  assert.deepEqual(j1.ok && j1.value, { country: 'B' });
  const taken = await l.svc.join('ch1', bob, 'B');
  assert.equal(taken.ok ? '' : taken.code, 'COUNTRY_TAKEN');
  const j2 = await l.svc.join('ch1', bob);
  assert.deepEqual(j2.ok && j2.value, { country: 'A' }, 'assigned the first free country');
  const twice = await l.svc.join('ch1', bob, 'C');
  assert.equal(twice.ok ? '' : twice.code, 'ALREADY_JOINED');
  assert.equal((await l.svc.leave('ch1', bob)).ok, true);
  const few = await l.svc.start('ch1', judy);
  assert.equal(few.ok ? '' : few.code, 'NOT_ENOUGH_PLAYERS');
  await l.svc.join('ch1', bob, '丙');
  const notJudge = await l.svc.start('ch1', alice);
  assert.equal(notJudge.ok ? '' : notJudge.code, 'NOT_JUDGE');
  const st = await l.svc.start('ch1', judy);
  assert.equal(st.ok, true);
  const s = (await l.svc.stateOf('ch1'))!;
  assert.equal(s.settings.turnSeconds, 600);
  assert.equal(s.clock.deadlineAt - s.clock.openedAt, 600_000);
  assert.equal(s.countries.A!.alive, false, 'the country nobody took is neutral');
  assert.equal(s.countries.B!.player && s.countries.C!.player, true);
  const late = await l.svc.join('ch1', carol, 'A');
  assert.equal(late.ok ? '' : late.code, 'ALREADY_STARTED');
  const leaveRunning = await l.svc.leave('ch1', alice);
  assert.equal(leaveRunning.ok ? '' : leaveRunning.code, 'ALREADY_STARTED');
  assert.match(l.chat.posts('ch1').join('\n'), /🚩 游戏开始！第1回合[\s\S]*中立：甲国/);
  assert.deepEqual((await l.svc.listGames({ status: ['running'] })).map((g) => g.channelId), ['ch1']);
  assert.equal((await l.svc.countryOf('ch1', alice.id)), 'B');
  assert.equal((await l.svc.mapOf('ch2'))!.id, 'tiny');
});

test('a turn: private orders answered only to their author, then the full turn post, pictures and the status message edited in place', async () => {
  const l = await liveSetup();
  await twoPlayerGame(l);
  await say(l, 'ch1', alice, '【宣战】甲国向乙国宣战');
  await say(l, 'ch1', alice, '【完成】');
  await say(l, 'ch1', bob, '【完成】');
  await l.svc.idle();
  l.chat.clear();

  const a = await say(l, 'ch1', alice, '【调兵】甲乡→乙乡 5');
  assert.equal(a.ok, true);
  assert.equal(a.private, true);
  assert.equal(a.deleteOriginal, true, 'a private order typed in the channel is deleted');
  await say(l, 'ch1', bob, '【调兵】乙城→荒城 10', { private: true });
  const pa = l.chat.privates(alice.id).map((p) => p.msg.text);
  const pb = l.chat.privates(bob.id).map((p) => p.msg.text);
  assert.deepEqual(pa, ['已收到调兵：甲乡→乙乡 5，第2回合结算时执行']);
  assert.deepEqual(pb, ['已收到调兵：乙城→荒城 10，第2回合结算时执行']);
  assert.equal(l.chat.posts('ch1').some((t) => t.includes('乙乡') || t.includes('荒城')), false, 'no order reaches the channel before resolution');
  assert.equal(l.chat.log.filter((p) => p.kind === 'delete').length, 1, 'only the public one is deleted');
  // A mistyped order is refused privately too: its content must not reach the channel (R3.1).
  const typo = await say(l, 'ch1', bob, '【调兵】乙城→荒成 3');
  assert.equal(typo.ok, false);
  assert.equal(typo.code, 'UNKNOWN_TERRITORY');
  assert.equal(typo.private, true);
  assert.equal(typo.deleteOriginal, true);
  assert.match(l.chat.privates(bob.id).at(-1)!.msg.text, /荒城/);
  assert.equal(l.chat.posts('ch1').some((t) => t.includes('荒')), false);

  await say(l, 'ch1', alice, '【完成】');
  await say(l, 'ch1', bob, '【完成】');
  await l.svc.idle();
  const post = l.chat.posts('ch1').find((t) => t.startsWith('═ 第2回合结算'))!;
  assert.equal(post, [
    '═ 第2回合结算 ═',
    '【战斗】',
    '· 进攻失败：乙乡守军5，需要超过7.5才能攻下（甲国派出5），守军剩1',
    '· 进攻成功：乙国以10军攻下荒城（守军4，需超过6），剩4军',
    '【调动】',
    '· 甲国：甲乡→乙乡 5军',
    '· 乙国：乙城→荒城 10军',
    '【占领】',
    '· 乙国占领荒城（原属中立），驻军4',
    '【罚分与分数变化】',
    '· 乙国 +5分（占领奖励）',
    '· 甲国 +4分（收入）',
    '· 乙国 +6分（收入）',
  ].join('\n'));
  const order = l.chat.posts('ch1');
  assert.ok(order.indexOf(post) < order.findIndex((t) => t.startsWith('▶ 第3回合开始')), 'summary, then the new turn');
  const pics = l.chat.log.filter((p) => p.kind === 'post' && p.msg.images?.length).at(-1)!;
  assert.deepEqual(pics.msg.images!.map((i) => i.png.toString()), ['MAP3', 'SCORES3'], 'map and score table of the new turn');
  // The status message: posted once at the start, edited ever since.
  const statusId = (await l.svc.gameOf('ch1')) && l.store.games()[0]!.statusMessageId!;
  assert.ok(statusId);
  assert.equal(l.chat.log.filter((p) => p.kind === 'post' && p.msg.text.startsWith('📋')).length, 0, 'not posted again');
  assert.match(l.chat.status('ch1', statusId)!, /^📋 第3回合\n截止：<t:\d+:R>.*\n已完成：无\n未完成：甲国、乙国$/);
  await say(l, 'ch1', bob, '【完成】');
  assert.match(l.chat.status('ch1', statusId)!, /已完成：乙国\n未完成：甲国$/);
});

test('the same message id twice is applied once', async () => {
  const l = await liveSetup();
  await twoPlayerGame(l);
  const inc = { channelId: 'ch1', userId: alice.id, userName: alice.name, text: '【军事】5', messageId: 'same-1' };
  const r1 = await l.svc.handleMessage(inc);
  const score = (await l.svc.stateOf('ch1'))!.countries.A!.score;
  const r2 = await l.svc.handleMessage(inc);
  assert.equal(r1.ok, true);
  assert.equal(r2.duplicate, true);
  assert.equal(r2.text, r1.text);
  assert.equal((await l.svc.stateOf('ch1'))!.countries.A!.score, score, 'not bought twice');
  assert.equal((await l.svc.stateOf('ch1'))!.countries.A!.buying, 5);
  assert.equal(l.chat.privates(alice.id).length, 1, 'answered once');
  const [g] = l.store.games();
  assert.equal(l.store.entries(g!.id).filter((e) => e.messageId === 'same-1').length, 1);
});

test('spectators may look but not act; players may not use judge commands; moderators may', async () => {
  const l = await liveSetup();
  await twoPlayerGame(l);
  const r = await say(l, 'ch1', sam, '【宣战】甲国向乙国宣战');
  assert.equal(r.code, 'SPECTATOR');
  assert.match(r.text, /观众/);
  assert.equal(l.chat.privates(sam.id).length, 1);
  assert.equal((await l.svc.stateOf('ch1'))!.wars.length, 0);
  const chat = await say(l, 'ch1', sam, 'nice game everyone');
  assert.equal(chat.handled, false, 'ordinary chat is ignored');
  const look = await say(l, 'ch1', sam, '【地图】');
  assert.equal(look.ok, true);
  await l.svc.idle();
  assert.deepEqual(l.chat.privates(sam.id).flatMap((p) => p.msg.images ?? []).map((i) => i.png.toString()), ['MAP1'], 'the map reaches the spectator privately once drawn');

  for (const text of ['【结算】', '【暂停】', '【设置】甲国 分数=100', '【撤回】']) {
    const p = await say(l, 'ch1', alice, text);
    assert.equal(p.code, 'NOT_JUDGE', text);
  }
  const end = await l.svc.end('ch1', alice);
  assert.equal(end.ok ? '' : end.code, 'NOT_JUDGE');
  const exp = (await l.svc.export('ch1', alice));
  assert.equal(exp.ok ? '' : exp.code, 'NOT_JUDGE', 'before the end only judges export');
  const aj = await l.svc.addJudge('ch1', alice, alice.id);
  assert.equal(aj.ok ? '' : aj.code, 'NOT_JUDGE');

  const mod = await say(l, 'ch1', sam, '【暂停】', { isModerator: true });
  assert.equal(mod.ok, true, 'the server judge role');
  assert.notEqual((await l.svc.stateOf('ch1'))!.clock.pausedAt, null);
  assert.match(l.chat.posts('ch1').join('\n'), /裁判暂停了游戏/);
});

test('requests get Accept/Reject buttons that only the addressed player may use', async () => {
  const l = await liveSetup();
  await twoPlayerGame(l);
  await say(l, 'ch1', alice, '【结盟】甲国向乙国请求缔结盟约。');
  const req = l.chat.log.find((p) => p.kind === 'post' && p.msg.buttons?.length)!;
  assert.ok(req, 'the request is announced with buttons');
  assert.deepEqual(req.msg.buttons!.map((b) => b.id), ['req:1:accept', 'req:1:reject']);
  const wrong = await l.svc.handleButton({ channelId: 'ch1', userId: alice.id, userName: alice.name, buttonId: 'req:1:accept', interactionId: 'i1' });
  assert.equal(wrong.code, 'NOT_ADDRESSED');
  const spect = await l.svc.handleButton({ channelId: 'ch1', userId: sam.id, userName: sam.name, buttonId: 'req:1:accept', interactionId: 'i2' });
  assert.equal(spect.code, 'NOT_ADDRESSED');
  assert.deepEqual((await l.svc.stateOf('ch1'))!.alliances, []);
  const okc = await l.svc.handleButton({ channelId: 'ch1', userId: bob.id, userName: bob.name, buttonId: 'req:1:accept', interactionId: 'i3' });
  assert.equal(okc.ok, true, okc.text);
  assert.deepEqual((await l.svc.stateOf('ch1'))!.alliances, [['A', 'B']]);
  const again = await l.svc.handleButton({ channelId: 'ch1', userId: bob.id, userName: bob.name, buttonId: 'req:1:accept', interactionId: 'i3' });
  assert.equal(again.duplicate, true);
  const stale = await l.svc.handleButton({ channelId: 'ch1', userId: bob.id, userName: bob.name, buttonId: 'req:1:reject', interactionId: 'i4' });
  assert.equal(stale.code, 'NO_SUCH_REQUEST');
});

test("the judge's desk: every action logged with who did it and announced; replace and remove players", async () => {
  const l = await liveSetup();
  await l.svc.createGame('ch1', judy, { map: TINY });
  await l.svc.join('ch1', alice, 'A');
  await l.svc.join('ch1', bob, 'B');
  await l.svc.join('ch1', carol, 'C');
  await l.svc.start('ch1', judy);
  const set = await say(l, 'ch1', judy, '【设置】甲国 分数=100');
  assert.equal(set.ok, true);
  assert.equal((await l.svc.stateOf('ch1'))!.countries.A!.score, 100);
  assert.match(l.chat.posts('ch1').join('\n'), /裁判将甲国的分数设为100/);
  const [g] = l.store.games();
  const e = l.store.entries(g!.id).at(-1)!;
  assert.deepEqual((e.entry as { speaker: unknown }).speaker, { kind: 'judge', name: 'Judy' });
  assert.equal(e.userId, judy.id);

  const dan = { id: 'u-dan', name: 'Dan' };
  assert.equal((await say(l, 'ch1', dan, '【延时】2分钟')).code, 'SPECTATOR');
  assert.equal((await l.svc.addJudge('ch1', judy, dan.id)).ok, true);
  assert.equal((await say(l, 'ch1', dan, '【延时】2分钟')).ok, true, 'a judge from the per-game list');
  assert.match(l.chat.posts('ch1').join('\n'), /⚖️ Judy任命<@u-dan>为裁判/);

  assert.equal((await l.svc.replacePlayer('ch1', judy, '乙国', sam)).ok, true);
  assert.equal((await l.svc.countryOf('ch1', sam.id)), 'B');
  assert.equal((await say(l, 'ch1', bob, '【完成】')).code, 'SPECTATOR', 'the replaced player is a spectator now');
  assert.equal((await say(l, 'ch1', sam, '【完成】')).ok, true);
  assert.match(l.chat.posts('ch1').join('\n'), /裁判Judy将乙国的玩家由Bob换为Sam/);

  const rm = await l.svc.removePlayer('ch1', judy, 'A');
  assert.equal(rm.ok, true, rm.text);
  const s = (await l.svc.stateOf('ch1'))!;
  // R3.2: civil disorder — the country stays in the game, counts as committed and is never late.
  assert.equal(s.countries.A!.alive, true);
  assert.equal(s.countries.A!.player, false);
  assert.equal(s.status, 'running', 'B and C play on');
  assert.match(l.chat.posts('ch1').join('\n'), /⚖️ 裁判Judy移除了甲国的玩家（R13）\n甲国进入托管/);
  assert.equal((await l.svc.countryOf('ch1', alice.id)), null);
  const eve = { id: 'u-eve', name: 'Eve' };
  assert.equal((await l.svc.replacePlayer('ch1', judy, '甲国', eve)).ok, true, 'a country in civil disorder gets a new player');
  assert.equal((await l.svc.stateOf('ch1'))!.countries.A!.player, true);
  assert.equal((await l.svc.countryOf('ch1', eve.id)), 'A');
  const metas = l.store.entries(g!.id).map((x) => x.entry as { type: string; action?: string; by?: string }).filter((x) => x.type === 'meta');
  assert.deepEqual(metas.map((m) => `${m.action}:${m.by}`), ['addJudge:Judy', 'replacePlayer:Judy', 'removePlayer:Judy', 'replacePlayer:Judy']);
});

test('end: winner and final table posted, archived read-only, export, history and the score chart', async () => {
  const l = await liveSetup();
  await twoPlayerGame(l);
  await say(l, 'ch1', alice, '【完成】');
  await say(l, 'ch1', bob, '【完成】');
  await say(l, 'ch1', judy, '【设置】乙国 分数=77');
  const end = await l.svc.end('ch1', judy);
  assert.equal(end.ok, true);
  await l.svc.idle();
  const text = l.chat.posts('ch1').join('\n');
  assert.match(text, /裁判结束了游戏。胜者：乙国/);
  assert.match(text, /🏁 游戏结束！\n胜者：乙国/);
  assert.match(text, /最终分数：\n1\. 乙国 77\n2\. 甲国 3\d/);
  const final = l.chat.log.filter((p) => p.msg.images?.some((i) => i.name === 'score-chart.png'));
  assert.equal(final.length, 1, 'the score chart is posted at the end');
  assert.equal(final[0]!.msg.images!.find((i) => i.name === 'score-chart.png')!.png.subarray(1, 4).toString(), 'PNG');
  assert.equal((await l.svc.gameOf('ch1'))!.status, 'ended');
  const after = await say(l, 'ch1', alice, '【完成】');
  assert.equal(after.code, 'GAME_NOT_RUNNING');
  const exp = (await l.svc.export('ch1', alice));
  assert.equal(exp.ok, true, 'after the end anyone may export');
  if (exp.ok) {
    assert.equal((exp.value.state as { turn: number }).turn, 2);
    assert.equal((exp.value.state as { status: string }).status, 'ended', 'the engine recorded the judge\'s end');
    assert.deepEqual((exp.value.state as { winner: string[] }).winner, ['B']);
    assert.ok(exp.value.log.some((x) => (x.entry as { type: string }).type === 'start'));
  }
  const h = await l.svc.history('ch1', 1);
  assert.equal(h.ok, true);
  if (h.ok) {
    assert.match(h.value.text, /^═ 第1回合结算 ═/);
    assert.deepEqual(h.value.images.map((i) => i.png.toString()), ['MAP2', 'SCORES2']);
  }
  const none = await l.svc.history('ch1', 5);
  assert.equal(none.ok ? '' : none.code, 'NO_SUCH_TURN');
  const chart = await l.svc.scoreChart('ch1');
  assert.equal(chart.ok && chart.value.subarray(1, 4).toString(), 'PNG');
  assert.equal((await l.svc.createGame('ch1', judy, { map: TINY })).ok, true, 'a new game may start in the channel');
});

test('a player in several games names the game in a private message, or gets the last joined', async () => {
  const l = await liveSetup();
  await twoPlayerGame(l, 'ch1');
  await l.svc.createGame('ch2', judy, { map: TINY });
  await l.svc.join('ch2', alice, 'C');
  await l.svc.join('ch2', carol, 'B');
  await l.svc.start('ch2', judy);
  const dflt = await say(l, 'dm-alice', alice, '【军事】3', { private: true });
  assert.equal(dflt.ok, true);
  assert.equal((await l.svc.stateOf('ch2'))!.countries.C!.buying, 3, 'default: the last game joined');
  const named = await say(l, 'dm-alice', alice, '【军事】4', { private: true, dmGame: 'ch1' });
  assert.equal(named.ok, true);
  assert.equal((await l.svc.stateOf('ch1'))!.countries.A!.buying, 4);
  assert.equal(l.chat.privates(alice.id).every((p) => p.channelId === 'ch1' || p.channelId === 'ch2'), true);
});

test('house rules before the start: a judge changes an open game\'s settings; not once it runs', async () => {
  const l = await liveSetup();
  await l.svc.createGame('ch9', judy, { map: TINY });
  const code = (r: { ok: boolean; code?: string }) => (r.ok ? null : r.code);
  assert.equal(code(await l.svc.updateSettings('ch9', alice, { latePenalty: 3 })), 'NOT_JUDGE');
  assert.equal(code(await l.svc.updateSettings('ch9', judy, { latePenalty: -1 })), 'BAD_SETTINGS');
  assert.equal((await l.svc.updateSettings('ch9', judy, { latePenalty: 3, turnSeconds: 600 })).ok, true);
  await l.svc.join('ch9', alice, 'A');
  await l.svc.join('ch9', bob, 'B');
  await l.svc.start('ch9', judy);
  const s = (await l.svc.stateOf('ch9'))!;
  assert.equal(s.settings.latePenalty, 3);
  assert.equal(s.settings.turnSeconds, 600);
  assert.equal(s.clock.deadlineAt - s.clock.openedAt, 600_000);
  assert.equal(code(await l.svc.updateSettings('ch9', judy, { latePenalty: 4 })), 'ALREADY_STARTED');
});
