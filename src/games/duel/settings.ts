/**
 * Europe Duel's settings (duel.md D10.9): the zod schema `DuelSettingsSchema`, their ranges, and the one check
 * that `@set`, the arena and the judge's `【规则】` share. Fractional settings take at most three decimals (each is
 * only ever used as `round(x × 1000)`, duel.md preamble); an unknown key, a value out of range or a fourth
 * decimal is `BAD_SYNTAX` with a Chinese (or English) message that names the range.
 */
import { z } from 'zod';

/** A setting's range and whether it is a whole number (D10.9's table). */
interface Range { min: number; max: number; int: boolean; spec: string }

/** D10.9, row by row: default, range, the clause it belongs to. */
export const DUEL_RANGES = {
  startArmies: { min: 1, max: 1000, int: true, spec: 'D1.5' },
  garrisonMin: { min: 0, max: 100, int: true, spec: 'D1.4' },
  garrisonMax: { min: 0, max: 100, int: true, spec: 'D1.4' },
  turnSeconds: { min: 5, max: 604800, int: true, spec: 'D2.1' },
  turnLimit: { min: 1, max: 10000, int: true, spec: 'D7.3' },
  drawMargin: { min: 0, max: 0.5, int: false, spec: 'D7.3' },
  idleTurns: { min: 0, max: 100, int: true, spec: 'D2.8' },
  defenseFactor: { min: 1, max: 10, int: false, spec: 'D4' },
  seaLoss: { min: 0, max: 1, int: false, spec: 'D4.6' },
  capitalMinValue: { min: 1, max: 3, int: true, spec: 'D1.6' },
  capitalMinDistance: { min: 1, max: 50, int: true, spec: 'D1.6' },
  wealthRadius: { min: 1, max: 5, int: true, spec: 'D1.6' },
  wealthTolerance: { min: 0, max: 1, int: false, spec: 'D1.6' },
  shareTolerance: { min: 0, max: 1, int: false, spec: 'D1.6' },
  maxRoutes: { min: 1, max: 500, int: true, spec: 'D5.2' },
  mapEvery: { min: 1, max: 50, int: true, spec: 'D10.3' },
} as const satisfies Record<string, Range>;

export type NumericSetting = keyof typeof DUEL_RANGES;

/** D10.9's defaults. */
export const SETTING_DEFAULTS = {
  startArmies: 10, garrisonMin: 1, garrisonMax: 3, turnSeconds: 30, turnLimit: 150, drawMargin: 0.1, idleTurns: 3,
  defenseFactor: 1.5, seaLoss: 0.1, capitalMinValue: 2, capitalMinDistance: 8, wealthRadius: 2, wealthTolerance: 0.2,
  shareTolerance: 0.2, maxRoutes: 50, mapEvery: 5, language: 'zh' as 'zh' | 'en',
};

/** Settings that act only at setup (D10.9: "the setup settings no longer act" during a game). */
export const SETUP_SETTINGS: ReadonlySet<string> = new Set(['startArmies', 'garrisonMin', 'garrisonMax', 'capitalMinValue', 'capitalMinDistance', 'wealthRadius', 'wealthTolerance', 'shareTolerance']);

/** Settings a rated game may change from their defaults (D9.2: `mapEvery` and `language`). */
export const RATED_FREE: ReadonlySet<string> = new Set(['mapEvery', 'language']);

/** At most three decimals: x × 1000 is a whole number (up to float noise: 0.1 × 1000 = 100.00000000000001). */
const threeDecimals = (x: number) => Math.abs(x * 1000 - Math.round(x * 1000)) < 1e-6;

const num = (k: NumericSetting) => {
  const r: Range = DUEL_RANGES[k];
  const base = z.number().finite().min(r.min).max(r.max);
  return (r.int ? base.int() : base.refine(threeDecimals, { message: 'at most three decimals' })).default(SETTING_DEFAULTS[k]);
};

/** D10.9's schema: every duel setting with its default and range (garrisonMin ≤ garrisonMax). */
export const DuelSettingsSchema = z.object({
  ...(Object.fromEntries((Object.keys(DUEL_RANGES) as NumericSetting[]).map((k) => [k, num(k)])) as Record<NumericSetting, ReturnType<typeof num>>),
  language: z.enum(['zh', 'en']).default('zh'),
}).strict().refine((s) => s.garrisonMin <= s.garrisonMax, { message: 'garrisonMin ≤ garrisonMax', path: ['garrisonMin'] });

/** A setting change refused: always BAD_SYNTAX (D10.9), with the key and a message in both languages. */
export interface SettingRefusal { ok: false; code: 'BAD_SYNTAX'; key: string; zh: string; en: string }

const isNumeric = (k: string): k is NumericSetting => Object.prototype.hasOwnProperty.call(DUEL_RANGES, k);

/** D10.9's words for a setting's range: "5…604800 的整数" / "0…0.5，最多三位小数". */
export function rangeText(k: NumericSetting): { zh: string; en: string } {
  const r: Range = DUEL_RANGES[k];
  return r.int
    ? { zh: `${r.min}…${r.max} 的整数`, en: `a whole number ${r.min}…${r.max}` }
    : { zh: `${r.min}…${r.max}，最多三位小数`, en: `${r.min}…${r.max}, at most three decimals` };
}

/**
 * One setting's value as typed (`key=value` of `@set` or `【规则】`, or a JSON value from the arena or the platform):
 * the value, or why not. Keys are D10.9's, case as written.
 */
export function checkSetting(key: string, raw: unknown): { ok: true; key: string; value: number | 'zh' | 'en' } | SettingRefusal {
  const bad = (zh: string, en: string): SettingRefusal => ({ ok: false, code: 'BAD_SYNTAX', key, zh, en });
  if (key === 'language') {
    return raw === 'zh' || raw === 'en' ? { ok: true, key, value: raw } : bad('language 只能是 zh 或 en', 'language is zh or en');
  }
  if (!isNumeric(key)) {
    const known = [...Object.keys(DUEL_RANGES), 'language'].join('、');
    return bad(`没有"${key}"这个对决设置；可设置的有：${known}`, `"${key}" is not a duel setting; the settings are ${known.replaceAll('、', ', ')}`);
  }
  const v = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/.test(raw) ? Number(raw) : NaN;
  const r: Range = DUEL_RANGES[key];
  const t = rangeText(key);
  if (!Number.isFinite(v)) return bad(`${key} 要写成数字：${t.zh}（${r.spec}）`, `${key} takes a number: ${t.en} (${r.spec})`);
  if (v < r.min || v > r.max || (r.int && !Number.isInteger(v)) || (!r.int && !threeDecimals(v))) {
    return bad(`${key}=${raw} 超出范围：应为 ${t.zh}（${r.spec}）`, `${key}=${raw} is out of range: ${t.en} (${r.spec})`);
  }
  return { ok: true, key, value: v };
}

/**
 * A whole patch checked against `base` (stored settings): each key by checkSetting, then the pair rule
 * garrisonMin ≤ garrisonMax on the merged result. Returns the merged settings or the first refusal.
 */
export function mergeSettings<S extends object>(base: S, patch: Record<string, unknown>): { ok: true; settings: S } | SettingRefusal {
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, raw] of Object.entries(patch)) {
    const c = checkSetting(k, raw);
    if (!c.ok) return c;
    merged[k] = c.value;
  }
  const min = merged.garrisonMin as number | undefined;
  const max = merged.garrisonMax as number | undefined;
  if (min !== undefined && max !== undefined && min > max) {
    return { ok: false, code: 'BAD_SYNTAX', key: 'garrisonMin', zh: `garrisonMin（${min}）不能大于 garrisonMax（${max}）（D1.4）`, en: `garrisonMin (${min}) may not exceed garrisonMax (${max}) (D1.4)` };
  }
  return { ok: true, settings: merged as S };
}

/**
 * `key=value key=value` (the body of `@set` or `【规则】`) as a patch; values stay as typed (checkSetting reads
 * them). A word without `=` is BAD_SYNTAX.
 */
export function parseAssignments(text: string): { ok: true; patch: Record<string, string> } | SettingRefusal {
  const patch: Record<string, string> = {};
  const words = text.replace(/[，,；;、]/g, ' ').split(/\s+/).filter(Boolean);
  if (!words.length) return { ok: false, code: 'BAD_SYNTAX', key: '', zh: '写法：【规则】设置=数值，例如【规则】turnSeconds=60', en: 'usage: 【规则】key=value, e.g. 【规则】turnSeconds=60' };
  for (const w of words) {
    const m = /^([A-Za-z]+)\s*[=＝:：]\s*(.+)$/.exec(w);
    if (!m) return { ok: false, code: 'BAD_SYNTAX', key: w, zh: `"${w}"不是"设置=数值"的写法，例如 turnSeconds=60`, en: `"${w}" is not key=value, e.g. turnSeconds=60` };
    patch[m[1]!] = m[2]!;
  }
  return { ok: true, patch };
}
