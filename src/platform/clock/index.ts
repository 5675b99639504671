export { RealClock, VirtualClock, flush, type Clock, type TimerId } from './clock.ts';
export { LiveSettingsSchema, defaultLiveSettings, type LiveSettings } from './live.ts';
export { parseClock } from './text.ts';
