import type { ChatPort } from '../chat/types.ts';
import type { Clock } from '../clock/index.ts';
import type { Store } from '../store/index.ts';
import type { GameServiceApi, Renderer } from './types.ts';

export interface GameServiceOptions {
  store: Store;
  clock: Clock;
  chat: ChatPort;
  /** null: no pictures. Default: src/render. */
  renderer?: Renderer | null;
  /** Project root for map paths (default: cwd). */
  root?: string;
}

/** Placeholder: the implementation lands in the next commit. */
export declare class GameService implements GameServiceApi {
  constructor(opts: GameServiceOptions);
  startUp: GameServiceApi['startUp'];
  handleMessage: GameServiceApi['handleMessage'];
  handleButton: GameServiceApi['handleButton'];
  createGame: GameServiceApi['createGame'];
  join: GameServiceApi['join'];
  leave: GameServiceApi['leave'];
  start: GameServiceApi['start'];
  end: GameServiceApi['end'];
  addJudge: GameServiceApi['addJudge'];
  removeJudge: GameServiceApi['removeJudge'];
  replacePlayer: GameServiceApi['replacePlayer'];
  removePlayer: GameServiceApi['removePlayer'];
  listGames: GameServiceApi['listGames'];
  gameOf: GameServiceApi['gameOf'];
  mapOf: GameServiceApi['mapOf'];
  stateOf: GameServiceApi['stateOf'];
  countryOf: GameServiceApi['countryOf'];
  renderMap: GameServiceApi['renderMap'];
  renderScores: GameServiceApi['renderScores'];
  history: GameServiceApi['history'];
  export: GameServiceApi['export'];
  scoreChart: GameServiceApi['scoreChart'];
  close: GameServiceApi['close'];
}
