export type { GameStatus, PlayerInfo, GameInfo, Result, CreateOptions, ExportData, GameServiceApi } from './types.ts';
export { withDefaults } from './module.ts';
export type { Answer, BotMessage, Entry, FullRules, GameModule, GameRegistry, Lang, PageView, PictureAsk, Post, Rules, SeatLookup, SettingsCheck, Speaker, StepResult, Timers } from './module.ts';
export { GameService, defaultHolder, startSeed, type GameServiceOptions } from './service.ts';
export { foldEntries, loadGame, rebuildGame, type MetaEntry } from './rebuild.ts';
export { withTimeout, RenderQueue, PictureRate } from './renderer.ts';
export { startLiveService } from './boot.ts';
export { SeatBook, LocalIdentities, identityUserId, newSecret, secretHash, secretMatches, SECRET_RE, type MetaStore, type SeatRecord, type IdentityCheck } from './seats.ts';
