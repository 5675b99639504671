/**
 * One minibatch's gradient, the trainer's heaviest work (about 85% of a run's CPU time on Europe): shared by the
 * trainer's own thread and the game workers, which compute the two halves of each minibatch in parallel
 * (trainer.ts `trainStepPool`). A minibatch is always split the same way and its halves summed in the same order,
 * so a step is bit-identical whether the halves ran in workers or in process.
 */
import type { AgentGraph, Weights } from '../agent.ts';
import { backward, forwardCache, maskedLoss, zeroGrads, type Grads, type NodeTerm } from './net.ts';
import type { Sample } from './play.ts';

/** A training sample and its per-choice loss weights (BC class weights, or RL advantages). */
export interface Item { sample: Sample; weights: number[] }

export interface GradResult { g: Grads; loss: number; hits: number; nodes: number; moveHits: number; moves: number }

/** The summed per-node loss gradient of `items` at weights `w`, with its loss and argmax hits. */
export function batchGradient(ag: AgentGraph, w: Weights, items: readonly Item[], entropy = 0): GradResult {
  const g = zeroGrads();
  let loss = 0; let hits = 0; let nodes = 0; let moveHits = 0; let moves = 0;
  for (const it of items) {
    const s = it.sample;
    const { logits, cache } = forwardCache(ag, w, { node: Float64Array.from(s.node), global: Float64Array.from(s.global) });
    const dN = new Float64Array(logits.node.length);
    const dE = new Float64Array(logits.edge.length);
    const terms: NodeTerm[] = s.acting.map((i, j) => ({ i, mask: s.mask[j]!, action: s.actions[j]!, weight: it.weights[j]! }));
    const r = maskedLoss(ag, logits, terms, dN, dE, entropy);
    loss += r.loss;
    hits += r.argmaxHits;
    nodes += terms.length;
    // Accuracy on the teacher's manual orders (choices ≥ 1), the informative part of the labels.
    terms.forEach((t, q) => { if (t.action > 0) { moves++; if (Math.abs(r.logp[q]!) < Math.LN2) moveHits++; } });
    backward(ag, w, cache, dN, dE, g);
  }
  return { g, loss, hits, nodes, moveHits, moves };
}

/** The two halves a minibatch is always split into (the first takes the odd one). */
export function halves<T>(items: readonly T[]): [T[], T[]] {
  const k = Math.ceil(items.length / 2);
  return [items.slice(0, k), items.slice(k)];
}

/** a + b, half by half in a fixed order (a's gradient is summed into in place). */
export function addGrad(a: GradResult, b: GradResult): GradResult {
  for (const [name, x] of a.g) {
    const y = b.g.get(name)!;
    for (let i = 0; i < x.length; i++) x[i] = x[i]! + y[i]!;
  }
  return { g: a.g, loss: a.loss + b.loss, hits: a.hits + b.hits, nodes: a.nodes + b.nodes, moveHits: a.moveHits + b.moveHits, moves: a.moves + b.moves };
}
