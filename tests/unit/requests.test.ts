import test from 'node:test';
import assert from 'node:assert/strict';
import { loadMapFile } from '../../src/games/europe/map/index.ts';
import {
  answerCommand, answeredRequest, applyEntry, isJudgeCommand, land, newGame, requestCommand,
  type Command, type CountryId, type Game, type PendingRequest, type Step,
} from '../../src/games/neuwar/engine/index.ts';
import { requestCommand as quotableRequest } from '../../src/games/neuwar/sim/generate.ts';

const map = loadMapFile('tests/fixtures/tiny.json');
const game = (): Game => newGame(map, { players: ['A', 'B', 'C'], at: 0 });
const say = (g: Game, id: CountryId, command: Command): Step => applyEntry(g, { type: 'command', at: 0, speaker: { kind: 'country', id }, command });
const judge = (g: Game, command: Command): Step => applyEntry(g, { type: 'command', at: 0, speaker: { kind: 'judge', name: 'J' }, command });
const accepted = (st: Step): void => assert.ok(st.outcome?.ok, st.outcome && !st.outcome.ok ? `${st.outcome.code} ${st.outcome.message}` : 'no outcome');
const pending = (g: Game, from: CountryId, to: CountryId): PendingRequest => {
  const r = g.state.pending.find((x) => x.from === from && x.to === to);
  assert.ok(r, `a request ${from}→${to} is open`);
  return r;
};
/** What a request's button sends, as the addressee. */
const press = (g: Game, r: PendingRequest, answer: 'accept' | 'reject'): Step => {
  const command = answerCommand(r, answer);
  assert.ok(command, `request ${r.id} (${r.kind}) can be answered by a button`);
  return say(g, r.to, command);
};
const answeredIds = (st: Step): number[] => (st.outcome?.ok ? st.outcome.events : []).flatMap((e) => (e.type === 'answered' ? [e.id] : []));

test('a button answers the request it is on, not the newest one addressed to the same country (R4.2)', () => {
  const g = game();
  accepted(say(g, 'B', { kind: 'alliance', from: 'B', to: 'A' }));
  accepted(say(g, 'C', { kind: 'alliance', from: 'C', to: 'A' }));
  const fromB = pending(g, 'B', 'A');
  // The short form 【同意】 would take C's request, the newest.
  assert.equal(answeredRequest(g.state, 'A')?.from, 'C');
  const st = press(g, fromB, 'accept');
  accepted(st);
  assert.deepEqual(answeredIds(st), [fromB.id]);
  assert.deepEqual(g.state.alliances, [['A', 'B']]);
  assert.deepEqual(g.state.pending.map((r) => r.from), ['C'], "C's request is still open");
  accepted(press(g, pending(g, 'C', 'A'), 'reject'));
  assert.deepEqual(g.state.pending, []);
  assert.deepEqual(g.state.alliances, [['A', 'B']]);
});

test('a button answers a one-sided trade, which has no text form to quote', () => {
  const g = game();
  accepted(say(g, 'C', { kind: 'trade', from: 'C', to: 'B', give: [{ kind: 'points', n: 5 }], get: [] }));
  const r = pending(g, 'C', 'B');
  assert.equal(quotableRequest(r), null, 'the simulator does not quote it in text');
  assert.deepEqual(requestCommand(r), { kind: 'trade', from: 'C', to: 'B', give: [{ kind: 'points', n: 5 }], get: [] });
  const before = { b: g.state.countries.B!.score, c: g.state.countries.C!.score };
  accepted(press(g, r, 'accept'));
  assert.equal(g.state.countries.B!.score, before.b + 5);
  assert.equal(g.state.countries.C!.score, before.c - 5);
});

test('a button on a counter-offer answers it as the kind it counters (R5.3, R6.6)', () => {
  const g = game();
  accepted(say(g, 'A', { kind: 'declareWar', from: 'A', to: 'B' }));
  accepted(judge(g, { kind: 'resolve' }));
  accepted(say(g, 'A', { kind: 'ceasefire', from: 'A', to: 'B', unconditional: false, terms: [{ kind: 'territory', id: 'b_land' }] }));
  accepted(say(g, 'B', { kind: 'answer', answer: 'counter', terms: [{ kind: 'points', n: 5 }] }));
  const counter = pending(g, 'B', 'A');
  assert.equal(counter.kind, 'counter');
  assert.deepEqual(requestCommand(counter), { kind: 'ceasefire', from: 'B', to: 'A', unconditional: false, terms: [{ kind: 'points', n: 5 }] });
  const a = g.state.countries.A!.score;
  const st = press(g, counter, 'accept');
  accepted(st);
  assert.deepEqual(answeredIds(st), [counter.id]);
  assert.equal(g.state.countries.A!.score, a + 5, 'the counter-offer\'s terms were paid');
  assert.deepEqual(g.state.wars, []);
  assert.equal(land(g.state, 'b_land')?.owner, 'B', 'the territory asked at first stays');
});

test('an unconditional ceasefire is quoted without terms; a counter-offer without its base kind has no quote', () => {
  const base: PendingRequest = { id: 1, kind: 'ceasefire', from: 'A', to: 'B', turn: 1, unconditional: true, terms: [{ kind: 'points', n: 3 }] };
  assert.deepEqual(requestCommand(base), { kind: 'ceasefire', from: 'A', to: 'B', unconditional: true, terms: [] });
  assert.deepEqual(answerCommand(base, 'reject'), { kind: 'answer', answer: 'reject', request: { kind: 'ceasefire', from: 'A', to: 'B', unconditional: true, terms: [] } });
  const orphan: PendingRequest = { id: 2, kind: 'counter', from: 'A', to: 'B', turn: 1 };
  assert.equal(requestCommand(orphan), null);
  assert.equal(answerCommand(orphan, 'accept'), null);
});

test('a command kind the engine does not know (an untyped log entry) is refused as unknown and changes nothing', () => {
  for (const kind of ['bogus', 'toString', 'constructor']) {
    const g = game();
    const before = JSON.stringify({ ...g.state, log: [] });
    // Read back from storage, an entry is not type-checked: this is what such an entry looks like to the engine.
    const command = JSON.parse(`{"kind":"${kind}"}`) as Command;
    const st = say(g, 'A', command);
    assert.equal(st.outcome?.ok, false);
    assert.equal(st.outcome && !st.outcome.ok ? st.outcome.code : '', 'UNKNOWN_COMMAND', kind);
    assert.equal(JSON.stringify({ ...g.state, log: [] }), before, kind);
    assert.equal(isJudgeCommand(command.kind), false, kind);
  }
});
