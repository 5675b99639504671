/**
 * 国战 (issue 18's speed targets): a whole random 8-player game of vanilla generals, engine time only, median
 * ≤ 100 ms; one action applied, median ≤ 0.2 ms. The measuring code sits beside the engine's random-play
 * generator (src/games/guozhan/bench.ts); this file puts it in `npm run bench -- guozhan`.
 */
export { benchGuozhan } from '../src/games/guozhan/bench.ts';
