/**
 * The skill registry (triggers.ts) with test-only skills — what issue 19's generals will hook into: phase starts and
 * ends as trigger points (G4.3–G4.8), G21.1's order for skills of several characters at one moment (the current
 * player first, then seat order), an optional trigger asking its owner through a timed ask (X3.2: no by default),
 * a locked one applying without asking, limits (once per turn, once per game) enforced by the engine, a hidden
 * owner asked privately and revealed by accepting (G13.2 item 2, G21.9), and nothing at all with skills=off.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { draw, P, retrial } from '../../src/games/guozhan/core.ts';
import { loseHp } from '../../src/games/guozhan/damage.ts';
import { card } from '../../src/games/guozhan/cards.ts';
import { hide, reveal } from '../../src/games/guozhan/reveal.ts';
import { registerSkill, type TriggerEvent } from '../../src/games/guozhan/triggers.ts';
import { runGuozhanTranscript } from '../../src/games/guozhan/transcript.ts';
import { stateJson } from '../../src/games/guozhan/view.ts';
import { askText } from '../../src/games/guozhan/describe.ts';
import type { State } from '../../src/games/guozhan/types.ts';
import { registerGeneralSkills } from '../../src/games/guozhan/skills/index.ts';

// The engine registers the standard generals' real skills when it loads (issue 19). These tests check the registry's
// mechanics with test-only skills put on real generals (曹操, 周泰, 貂蝉, …), so the real skills are taken out for this
// file's process (each test file runs in its own): only the test skills hear the points, and the counts below are theirs.
registerGeneralSkills()();

const phaseIs = (e: TriggerEvent, ...ph: string[]) => (e.point === 'phaseStart' || e.point === 'phaseEnd') && ph.includes(e.phase);
const skillRows = (s: State) => s.log.filter((r) => r.t === 'skill').map((r) => `${s.players[r.seat as number]!.name}:${r.skill}@${turnOf(s, r)}`);
/** The turn number a log row falls in. */
const turnOf = (s: State, row: unknown) => { let n = 0; for (const r of s.log) { if (r.t === 'turn') n = r.n as number; if (r === row) return n; } return -1; };

function withSkills<T>(specs: Parameters<typeof registerSkill>[0][], fn: () => T): T {
  const offs = specs.map(registerSkill);
  try { return fn(); } finally { offs.forEach((o) => o()); }
}

const HEAD4 = ['@game guozhan', '@seats 甲 乙 丙 丁', '@generals 甲=曹操+许褚 乙=刘备+关羽 丙=孙权+周泰 丁=吕布+貂蝉', '@revealed 甲=主将 丙=副将'];
// X: 甲's 曹操, optional, at any character's prepare or finish phase start, once per turn. Y: 丙's 周泰, locked, the same moments.
const X = { id: 't_x', name: '测甲', general: 'hs__caocao', kind: 'trigger', point: 'phaseStart', limit: 'turn', can: (_c: unknown, _o: number, e: TriggerEvent) => phaseIs(e, 'prepare', 'finish'), effect: (ctx: Parameters<typeof draw>[0], o: number) => draw(ctx, o, 1, '测甲') } as const;
const Y = { id: 't_y', name: '测丙', general: 'hs__zhoutai', kind: 'locked', point: 'phaseStart', can: (_c: unknown, _o: number, e: TriggerEvent) => phaseIs(e, 'prepare', 'finish'), effect: (ctx: Parameters<typeof draw>[0], o: number) => draw(ctx, o, 1, '测丙') } as const;

test('G21.1: skills at one moment resolve from the current player in seat order; an optional one asks, a locked one does not; once per turn is enforced', () => {
  const lines = [...HEAD4,
    '甲: 【不出】',
    // Turn 1, 甲's prepare phase starts: 甲 (the current player) first — asked —, then 丙's locked skill.
    '甲: 【技能】测甲',
    '甲: 【结束】', '@timeout',
    // 甲's finish phase: 测甲 was used this turn (not asked again); 测丙 fires again.
    '乙: 【不出】',
    // Turn 2, 乙's prepare: from 乙 — 丙 (locked) before 甲 (asked, declines).
    '甲: 【不出】',
    '乙: 【结束】', '@timeout',
    // 乙's finish: 丙, then 甲 again (a new turn's allowance; declining did not use it): accepts.
    '甲: 【确定】',
  ];
  withSkills([X, Y], () => {
    const s = runGuozhanTranscript('order.txt', lines.join('\n')).state;
    assert.deepEqual(skillRows(s), ['甲:测甲@1', '丙:测丙@1', '丙:测丙@1', '丙:测丙@2', '丙:测丙@2', '甲:测甲@2']);
    // Every command was accepted (a refusal would mean an ask came in another order).
    assert.deepEqual(s.commands.filter((c) => !c.ok).map((c) => c.code), []);
    // The once-per-turn count: one use in turn 1, one in turn 2.
    assert.deepEqual(Object.entries(s.skillUses).filter(([k]) => k.includes('t_x')).map(([k, v]) => `${k}=${v}`), ['0|t_x|t1=1', '0|t_x|t2=1']);
    assert.equal(s.turn.seat, 2);
  });
});

test('X3.2: an optional skill\'s prompt times out as "no"; the prompt is private to its owner (G21.9)', () => {
  withSkills([X], () => {
    const asked = runGuozhanTranscript('t.txt', [...HEAD4, '甲: 【不出】'].join('\n')).state;
    assert.equal(asked.ask?.kind, 'confirm');
    assert.match(String(stateJson(asked, 0).ask && (stateJson(asked, 0).ask as { text: string }).text), /测甲/);
    // Another seat and a spectator see only who is asked and until when.
    for (const v of [1, 'public'] as const) assert.deepEqual(Object.keys(stateJson(asked, v).ask as object).sort(), ['deadline', 'id', 'kind', 'openedAt', 'seats']);
    // The channel's line for the open prompt names who waits, not the question.
    assert.equal(askText(asked), '⏳ 等待甲（30秒）：私密提示');
    const s = runGuozhanTranscript('t.txt', [...HEAD4, '甲: 【不出】', '@timeout'].join('\n')).state;
    assert.deepEqual(skillRows(s), []);
    assert.equal(s.ask?.kind, 'play');
    // A wrong skill name is refused and changes nothing.
    const w = runGuozhanTranscript('t.txt', [...HEAD4, '甲: 【不出】', '甲: 【技能】奸雄'].join('\n')).state;
    assert.deepEqual(w.commands.filter((c) => !c.ok).map((c) => c.code), ['UNKNOWN_SKILL']);
  });
});

test('G13.2 item 2: a hidden general\'s skill asks privately; accepting reveals it first (kingdom, first-reveal marker); a limited skill fires once a game', () => {
  // Z: 甲's deputy 貂蝉 (hidden), at the end of its own draw phase, once per game.
  const Z = { id: 't_z', name: '测丁', general: 'hs__diaochan', kind: 'trigger', point: 'phaseEnd', limit: 'game', can: (_c: unknown, o: number, e: TriggerEvent) => phaseIs(e, 'draw') && e.point === 'phaseEnd' && e.seat === o, effect: (ctx: Parameters<typeof draw>[0], o: number) => draw(ctx, o, 1, '测丁') } as const;
  const head = ['@game guozhan', '@seats 甲 乙 丙', '@set aozhan=false', '@generals 甲=吕布+貂蝉 乙=刘备+关羽 丙=孙权+周泰', '甲: 【不出】'];
  withSkills([Z], () => {
    const s = runGuozhanTranscript('z.txt', [...head, '甲: 【技能】测丁'].join('\n')).state;
    const p = P(s, 0);
    // Revealed 貂蝉 (deputy): Qun, the game's first reveal (先驱), then the draw: 4 dealt + 2 drawn + 1.
    assert.deepEqual([p.revealed, p.kingdom, p.markers.vanguard, p.hand.length], [[false, true], 'qun', 1, 7]);
    const rows = s.log.filter((r) => r.t === 'reveal' || r.t === 'skill').map((r) => r.t);
    assert.deepEqual(rows, ['reveal', 'skill']);
    // On through turn 4 by timeouts: 甲's play and discard (7 cards, HP 4), 乙's and 丙's turn start, play and discard
    // (6 cards each), 甲's turn-start reveal — 9. 甲's second draw phase then ends without asking (once per game):
    // the open ask is its play prompt, not the skill's.
    let t = runGuozhanTranscript('z.txt', [...head, '甲: 【技能】测丁', '@timeout 9'].join('\n')).state;
    assert.deepEqual([t.turn.n, t.turn.seat, t.ask?.kind], [4, 0, 'play']);
    assert.deepEqual(skillRows(t), ['甲:测丁@1']);
    // With skills=off the same skill never fires: no prompt after the draw phase.
    t = runGuozhanTranscript('z.txt', [...head.slice(0, 2), '@set aozhan=false skills=off', ...head.slice(3)].join('\n')).state;
    assert.equal(t.ask?.kind, 'play');
    assert.deepEqual(skillRows(t), []);
  });
});

test('G21.7 / G9.1: retrial skills replace a judgement card in seat order from the current player, each once; the last change is final', () => {
  // R1 (乙's 刘备): a black judgement card may be replaced by a ♥ hand card, the old one discarded (as 鬼才).
  // R2 (丙's 孙权): a red one may be replaced by a ♠ hand card, the old one taken into hand (as 鬼道).
  const R1 = { id: 't_r1', name: '测改判红', general: 'hs__liubei', kind: 'trigger', point: 'retrial',
    can: (ctx: { s: State }, o: number, e: TriggerEvent) => e.point === 'retrial' && card(e.judgement.card).suit !== '♥' && P(ctx.s, o).hand.some((h) => card(h).suit === '♥'),
    effect: (ctx: Parameters<typeof retrial>[0], o: number, e: TriggerEvent) => { if (e.point === 'retrial') retrial(ctx, e.judgement, o, P(ctx.s, o).hand.find((h) => card(h).suit === '♥')!, 'discard'); } } as const;
  const R2 = { id: 't_r2', name: '测改判黑', general: 'hs__sunquan', kind: 'trigger', point: 'retrial',
    can: (ctx: { s: State }, o: number, e: TriggerEvent) => e.point === 'retrial' && card(e.judgement.card).suit === '♥' && P(ctx.s, o).hand.some((h) => card(h).suit === '♠'),
    effect: (ctx: Parameters<typeof retrial>[0], o: number, e: TriggerEvent) => { if (e.point === 'retrial') retrial(ctx, e.judgement, o, P(ctx.s, o).hand.find((h) => card(h).suit === '♠')!, 'hand'); } } as const;
  const lines = ['@game guozhan', '@seats 甲 乙 丙', '@set aozhan=false', '@generals 甲=曹操+许褚 乙=刘备+关羽 丙=孙权+周泰', '@revealed 乙=主将 丙=主将',
    '@hand 甲=S039', '@hand 乙=S030', '@hand 丙=S014', '@deck S041 S043 S010',
    // 甲 draws S041 S043 and places 乐不思蜀 (♥6) on 乙 (a delayed trick opens no window on use, C3).
    '甲: 【不出】', '甲: 【乐不思蜀】→乙', '甲: 【结束】',
    // 乙's turn start, then its judge phase: 乐不思蜀's window passes; the judgement is ♠5 S010 (no 乙 draw yet: the judge phase comes first). From 乙 (the current
    // player): R1 turns it into ♥2 S030 (S010 discarded); then 丙's R2 turns that into ♠7 S014 (S030 to 丙's hand).
    '乙: 【不出】', '@timeout', '乙: 【确定】', '丙: 【确定】'];
  withSkills([R1, R2], () => {
    const s = runGuozhanTranscript('retrial.txt', lines.join('\n')).state;
    const rows = s.log.filter((r) => r.t === 'retrial').map((r) => `${s.players[r.seat as number]!.name}:${r.replaced}→${r.card}`);
    assert.deepEqual(rows, ['乙:S010→S030', '丙:S030→S014']);
    // Final ♠7: not ♥, so 乙 skips its play phase (C-INDULGENCE); S030 is in 丙's hand, S010 and S014 discarded.
    assert.ok(s.log.some((r) => r.t === 'effect' && r.result === 'skipPlay'));
    assert.ok(P(s, 2).hand.includes('S030'));
    assert.ok(s.discardPile.includes('S010') && s.discardPile.includes('S014'));
    assert.deepEqual(s.commands.filter((c) => !c.ok).map((c) => c.code), []);
  });
  // Without the skills the ♠5 stands and nobody is asked.
  const plain = runGuozhanTranscript('retrial.txt', lines.slice(0, -2).join('\n')).state;
  assert.deepEqual(plain.log.filter((r) => r.t === 'retrial'), []);
});

test('G13.6: a re-hidden general keeps the kingdom; revealing it again grants nothing new', () => {
  const s = runGuozhanTranscript('hide.txt', ['@game guozhan', '@seats 甲 乙 丙', '@set aozhan=false', '@generals 甲=曹操+许褚 乙=刘备+关羽 丙=孙权+周泰', '@revealed 甲=全部'].join('\n')).state;
  // 甲 revealed both: the first reveal (先驱) and companions 曹操/许褚 (珠联璧合); 4 + 4 half-fish, no 阴阳鱼.
  assert.deepEqual(P(s, 0).markers, { vanguard: 1, yinyang: 0, companion: 1 });
  const ctx = { s, replies: [], i: 0, now: 0, serial: 0 };
  hide(ctx, 0, 1);
  assert.deepEqual([P(s, 0).revealed, P(s, 0).kingdom], [[true, false], 'wei']);
  // Hiding the last revealed general is not a G13.6 move.
  assert.throws(() => hide(ctx, 0, 0), /G13\.6/);
  const before = s.log.length;
  reveal(ctx, 0, 'deputy');
  assert.deepEqual(P(s, 0).markers, { vanguard: 1, yinyang: 0, companion: 1 });
  assert.deepEqual(s.log.slice(before).map((r) => r.t), ['reveal']);
});

test('G4.9: extra turns run before the next seat, a dead owner\'s is lost, and play resumes after the regular turn', () => {
  // E (甲's 曹操, locked, once a game): at the end of 甲's finish phase, extra turns for 丙 then 乙 are queued and 丙
  // loses 9 HP (dies: nobody holds a 桃 — the rescue asks time out).
  const E = { id: 't_e', name: '测额外', general: 'hs__caocao', kind: 'locked', point: 'phaseEnd', limit: 'game',
    can: (_c: unknown, o: number, e: TriggerEvent) => e.point === 'phaseEnd' && e.phase === 'finish' && e.seat === o,
    effect: (ctx: Parameters<typeof draw>[0], _o: number) => { ctx.s.extraTurns.push(2, 1); loseHp(ctx, 2, 9); } } as const;
  const lines = ['@game guozhan', '@seats 甲 乙 丙 丁', '@set aozhan=false', '@generals 甲=曹操+许褚 乙=刘备+关羽 丙=孙权+周泰 丁=吕布+貂蝉',
    '@revealed 甲=全部', '@hand 甲=S010', '@hand 乙=S014', '@hand 丙=S016', '@hand 丁=S017',
    // 甲 ends its play phase; the rescue round for 丙 asks 甲, 乙, 丙, 丁 (each holds a card): 4 timeouts.
    '甲: 【结束】', '@timeout 4'];
  withSkills([E], () => {
    const s = runGuozhanTranscript('extra.txt', lines.join('\n')).state;
    assert.equal(P(s, 2).alive, false);
    const turns = s.log.filter((r) => r.t === 'turn' || r.t === 'extraTurnLost').map((r) => `${r.t}:${s.players[r.seat as number]!.name}${r.extra ? '+' : ''}`);
    // Turn 1 甲; 丙's extra turn is lost (dead); 乙's extra turn (turn 2).
    assert.deepEqual(turns, ['turn:甲', 'extraTurnLost:丙', 'turn:乙+']);
    // 乙 ends its extra turn: play resumes after 甲's regular turn — 乙 again, a regular turn 3.
    const t = runGuozhanTranscript('extra.txt', [...lines, '乙: 【不出】', '乙: 【结束】'].join('\n')).state;
    assert.deepEqual([t.turn.n, t.turn.seat, t.turn.extra], [3, 1, false]);
  });
});

test('X2 (b) decoyPrompts: a hidden skill\'s prompt is shown as one to every character with a hidden general; only its owner answers', () => {
  const Z = { id: 't_z2', name: '测丁', general: 'hs__diaochan', kind: 'trigger', point: 'phaseEnd', can: (_c: unknown, o: number, e: TriggerEvent) => phaseIs(e, 'draw') && e.point === 'phaseEnd' && e.seat === o, effect: (ctx: Parameters<typeof draw>[0], o: number) => draw(ctx, o, 1, '测丁') } as const;
  // 丙 revealed both generals: not eligible for a decoy. 甲 (the owner) and 乙 are hidden.
  const head = ['@game guozhan', '@seats 甲 乙 丙', '@set aozhan=false decoyPrompts=true', '@generals 甲=吕布+貂蝉 乙=刘备+关羽 丙=孙权+周泰', '@revealed 丙=全部', '甲: 【不出】'];
  withSkills([Z], () => {
    const s = runGuozhanTranscript('d.txt', head.join('\n')).state;
    assert.deepEqual(s.ask?.seats, [0, 1]);
    // The owner sees the real prompt; 乙 a wait; 丙 and spectators who and until when — the same seats for all.
    const mine = stateJson(s, 0).ask as { text: string; seats: string[] };
    const decoy = stateJson(s, 1).ask as { kind: string; text: string; seats: string[] };
    const pub = stateJson(s, 'public').ask as { kind: string; text?: string; seats: string[] };
    assert.match(mine.text, /测丁/);
    assert.deepEqual([decoy.kind, pub.kind, decoy.seats, pub.seats], ['private', 'private', ['甲', '乙'], ['甲', '乙']]);
    assert.doesNotMatch(decoy.text, /测丁/);
    assert.equal(pub.text, undefined);
    // 乙's answer is refused privately (its message does not name the skill); 甲's accept works.
    const t = runGuozhanTranscript('d.txt', [...head, '乙: 【确定】', '甲: 【确定】'].join('\n')).state;
    const bad = t.commands.filter((c) => !c.ok);
    assert.deepEqual(bad.map((c) => [c.code, c.to]), [['NO_PROMPT', [1]]]);
    assert.doesNotMatch(String(bad[0]!.message), /测丁/);
    assert.deepEqual(skillRows(t), ['甲:测丁@1']);
  });
  // Off (the default): the prompt goes to its owner alone.
  withSkills([Z], () => {
    const s = runGuozhanTranscript('d.txt', head.map((l) => l.replace(' decoyPrompts=true', '')).join('\n')).state;
    assert.deepEqual(s.ask?.seats, [0]);
  });
});

test('G21.1: one character\'s own skills at one moment go in the order its owner chooses — a locked one first unless the owner names the other', () => {
  // L: 甲's 曹操 (main), locked; O: 甲's 许褚 (deputy), optional; both at 甲's own prepare phase start, each draws 1.
  const own = (_c: unknown, o: number, e: TriggerEvent) => phaseIs(e, 'prepare') && 'seat' in e && e.seat === o;
  const L = { id: 't_l', name: '测锁', general: 'hs__caocao', kind: 'locked', point: 'phaseStart', can: own, effect: (ctx: Parameters<typeof draw>[0], o: number) => draw(ctx, o, 1, '测锁') } as const;
  const O = { id: 't_o', name: '测选', general: 'hs__xuchu', kind: 'trigger', point: 'phaseStart', can: own, effect: (ctx: Parameters<typeof draw>[0], o: number) => draw(ctx, o, 1, '测选') } as const;
  const head = ['@game guozhan', '@seats 甲 乙 丙 丁', '@generals 甲=曹操+许褚 乙=刘备+关羽 丙=孙权+周泰 丁=吕布+貂蝉', '@revealed 甲=全部'];
  const run = (...more: string[]) => runGuozhanTranscript('own.txt', [...head, ...more].join('\n')).state;
  withSkills([L, O], () => {
    // The owner is asked the order first: the prompt names both skills.
    const asked = run();
    assert.equal(asked.ask?.kind, 'confirm');
    const text = String((stateJson(asked, 0).ask as { text: string }).text);
    assert.match(text, /测锁/);
    assert.match(text, /测选/);
    // 【确定】: the locked one first, then the optional one is asked (and taken).
    let s = run('甲: 【确定】', '甲: 【确定】');
    assert.deepEqual(s.commands.filter((c) => !c.ok).map((c) => c.code), []);
    assert.deepEqual(skillRows(s), ['甲:测锁@1', '甲:测选@1']);
    // 【技能】测选: the optional one first, then the locked one applies without asking.
    s = run('甲: 【技能】测选');
    assert.deepEqual(s.commands.filter((c) => !c.ok).map((c) => c.code), []);
    assert.deepEqual(skillRows(s), ['甲:测选@1', '甲:测锁@1']);
    // X3: a timeout keeps the locked one first; the optional one's own ask then times out as "no".
    s = run('@timeout', '@timeout');
    assert.deepEqual(skillRows(s), ['甲:测锁@1']);
    assert.equal(s.ask?.kind, 'play');
    // A skill that is not pending is refused and changes nothing.
    s = run('甲: 【技能】奸雄');
    assert.deepEqual(s.commands.filter((c) => !c.ok).map((c) => c.code), ['UNKNOWN_SKILL']);
    assert.deepEqual(skillRows(s), []);
  });
});
