export type { GameStatus, PlayerInfo, GameInfo, Result, Renderer, CreateOptions, ExportData, GameServiceApi } from './types.ts';
export { GameService, type GameServiceOptions } from './service.ts';
export { defaultRenderer } from './renderer.ts';
export { scoreChartSvg, scoreChartPng } from './chart.ts';
export { startLiveService } from './boot.ts';
