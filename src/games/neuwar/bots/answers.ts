/**
 * A bot's answers to the requests addressed to it (R4.2), each by a valuation it can say in one Chinese sentence:
 * alliances and pacts by the balance of armies, trades by what the goods are worth to the end of the game, peace
 * by what the terms cost against what the war would cost, pledges by the tribute. 'defend' mode rejects everything
 * but a peace that costs nothing.
 */
import type { GameMap } from '../../europe/map/index.ts';
import { cn, requestCommand, answeredRequest, type Command, type CountryId, type GameState, type Item, type PendingRequest } from '../engine/index.ts';
import { Board } from './board.ts';
import { Scratch } from './scratch.ts';
import { STYLES, type StyleParams } from './style.ts';
import type { TurnOptions } from './turn.ts';

type Verdict = { answer: 'accept' | 'reject' | 'counter'; reason: string; terms?: Item[] };

/** Points goods are worth to whoever gets them: points as such, a territory its income to the end and its armies. */
function worth(b: Board, items: Item[]): number {
  let v = 0;
  for (const it of items) {
    if (it.kind === 'points') v += it.n;
    else if (it.kind === 'territory') v += (b.kind(it.id) === 'city' ? 2 : 1) * b.left + b.armies(it.id) * 0.5;
    else v += it.n * 0.6;
  }
  return v;
}

const ratioText = (x: number) => (x >= 10 ? '十倍以上' : `${x.toFixed(1)}倍`);

/** What a war with `other` will cost if it goes on: own territories it could take now, at their worth. */
function warRisk(b: Board, other: CountryId): number {
  let v = 0;
  for (const t of b.own()) {
    const near = b.pressure(t, (c) => c === other);
    if (near > 0 && near > b.armies(t) * b.s.settings.defenseFactor) v += b.value(t) + (b.kind(t) === 'capital' ? 100 : 0);
  }
  return v;
}

function judge(b: Board, map: GameMap, r: PendingRequest, st: StyleParams, defend: boolean): Verdict {
  const s = b.s, me = b.me;
  const other = r.from;
  const name = cn(map, other, 'zh');
  const base = r.base ?? r.kind;
  const ratio = b.strength(other) / Math.max(1, b.strength(me));
  if (base === 'ceasefire' || base === 'surrender') {
    const winner = r.winner ?? (base === 'surrender' ? r.to : r.from);
    const terms = r.terms ?? [];
    if (winner === me) {
      if (terms.length === 0 || !defend) {
        return { answer: 'accept', reason: base === 'surrender' ? `对方认输，我方得${s.settings.peaceBase}分并结束战争，收益明确。` : '对方接受停战，我方作为胜者结束战争，不必再付军费。' };
      }
      return { answer: 'reject', reason: '托管期间只接受不附条件的和平。' };
    }
    // Own loss: what the terms cost against what the war would go on costing.
    const cost = worth(b, terms) + (base === 'surrender' ? s.settings.peaceBase : 0);
    if (terms.length === 0 && base === 'ceasefire') {
      return { answer: 'accept', reason: `无条件停战不花一分，拒绝反要付${s.settings.warCost}分并成为进攻方，接受最划算。` };
    }
    if (defend) return { answer: 'reject', reason: '托管期间只接受不附条件的停战。' };
    const risk = warRisk(b, other);
    if (cost <= Math.max(10, risk * 0.8)) {
      return { answer: 'accept', reason: `条件约值${Math.round(cost)}分，低于继续作战可能损失的约${Math.round(risk)}分，接受。` };
    }
    return { answer: 'reject', reason: `条件约值${Math.round(cost)}分，而继续作战的风险只有约${Math.round(risk)}分，不值得接受。` };
  }
  if (defend) return { answer: 'reject', reason: '本国由托管代理，只守不谈，暂不接受任何协议。' };
  switch (base) {
    case 'alliance': {
      if (ratio >= 0.6) return { answer: 'accept', reason: `${name}兵力是我方的${ratioText(ratio)}，结盟可保边境无忧，对我有利。` };
      return { answer: 'reject', reason: `${name}兵力只有我方的${ratioText(ratio)}，结盟只会束缚我方手脚。` };
    }
    case 'pact': {
      // Refused only by a style that would attack it: the weakest neighbour it could beat.
      const weak = st.warRatio < Infinity && ratio * st.warRatio <= 1 && b.neighbours().includes(other);
      if (weak) return { answer: 'reject', reason: `${name}兵力只有我方的${ratioText(ratio)}，互不侵犯会束缚我方扩张。` };
      return { answer: 'accept', reason: `对方已付${s.settings.pactCost}分，五回合互不侵犯让我方专心发展，不花我方一分。` };
    }
    case 'trade': {
      // r.give is what the requester gives (we get), r.get what it wants from us.
      const gain = worth(b, r.give ?? []), pay = worth(b, r.get ?? []);
      if (gain >= pay * 1.15 + 1) return { answer: 'accept', reason: `我方得到约值${Math.round(gain)}分，付出约值${Math.round(pay)}分，这笔交易划算。` };
      return { answer: 'reject', reason: `我方只得到约值${Math.round(gain)}分，却要付出约值${Math.round(pay)}分，不划算。` };
    }
    case 'pledge':
      return { answer: 'accept', reason: `${name}成为我国傀儡，每回合进贡收入的${Math.round(s.settings.tribute * 100)}%，不花我方一分。` };
    default:
      return { answer: 'reject', reason: '这个请求对我方没有好处。' };
  }
}

/**
 * Answers to every request addressed to `me`, newest first, each checked by the parser and engine on a scratch
 * copy (an accepted peace ends a war, so later answers are judged on the state it leaves). The full form
 * (request——同意。reason) names the request; the reason follows the answer word, which the parser allows.
 */
export function planResponses(state: GameState, map: GameMap, me: CountryId, opts: TurnOptions): { command: string; reason: string }[] {
  const cs = state.countries[me];
  if (!cs?.alive || state.status !== 'running' || !state.pending.some((r) => r.to === me)) return [];
  const st = STYLES[opts.style] ?? STYLES.balanced;
  const defend = opts.mode === 'defend';
  const sc = new Scratch(state, map, me);
  const out: { command: string; reason: string }[] = [];
  const open = state.pending.filter((r) => r.to === me).sort((x, y) => y.id - x.id);
  for (const r0 of open) {
    const r = sc.state.pending.find((p) => p.id === r0.id);
    if (!r) continue;
    const request = requestCommand(r);
    if (!request || answeredRequest(sc.state, me, request) !== r) continue;
    const b = new Board(sc.state, map, me, st);
    const v = judge(b, map, r, st, defend);
    const reason = v.reason.replace(/[；;\n\r【】]/g, '，');
    const tryAnswer = (answer: 'accept' | 'reject'): boolean => {
      const c: Command = { kind: 'answer', answer, request };
      const n = sc.lines.length;
      if (!sc.try(c, reason)) return false;
      out.push({ command: sc.lines[n]!, reason });
      return true;
    };
    if (v.answer === 'accept' && tryAnswer('accept')) continue;
    // An acceptance the engine would refuse (goods gone, R6.5) becomes a rejection, with its own reason.
    if (v.answer === 'accept') {
      const n = sc.lines.length;
      const why = '对方的条件已无法兑现，只能拒绝。';
      if (sc.try({ kind: 'answer', answer: 'reject', request }, why)) out.push({ command: sc.lines[n]!, reason: why });
      continue;
    }
    tryAnswer('reject');
  }
  return out;
}
