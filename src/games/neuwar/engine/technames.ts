import type { TechId } from './types.ts';

export const TECH_NAMES_LOCAL: Record<TechId, { zh: string; en: string }> = {
  airship: { zh: '空艇', en: 'Airship' },
  spy: { zh: '间谍', en: 'Spy' },
  comms: { zh: '通讯', en: 'Communications' },
};
