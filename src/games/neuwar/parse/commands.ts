import type { Command, CommandKind } from '../engine/index.ts';
import { simplifyChar, toSimplified } from './convert.ts';

/** The text commands of commands.md §1, by their canonical (Simplified) name. */
export const COMMAND_NAMES = [
  '宣战', '求和', '结盟', '背盟', '协定', '交易', '同意', '拒绝', '协商', '傀儡', '灭国', '领土要求', '独立', '效忠', '退出',
  '调兵', '撤销', '空运', '军事', '工业', '科技', '动员', '完成', '取消完成', '窥探', '地图', '分数', '状态', '命令', '帮助',
  '结算', '暂停', '继续', '延时', '撤回', '设置', '规则', '托管', '接管', '结束', '机器人',
] as const;
export type CmdName = (typeof COMMAND_NAMES)[number];

/** The Command kind each text command gives (a query's subject in QUERY_OF): what a refusal of it is filed under. */
export const KIND_OF: Record<CmdName, CommandKind> = {
  宣战: 'declareWar', 求和: 'ceasefire', 结盟: 'alliance', 背盟: 'breakAlliance', 协定: 'pact', 交易: 'trade', 同意: 'answer', 拒绝: 'answer',
  协商: 'answer', 傀儡: 'puppet', 灭国: 'annex', 领土要求: 'demand', 独立: 'independence', 效忠: 'pledge', 退出: 'leave', 调兵: 'move',
  撤销: 'cancel', 空运: 'airlift', 军事: 'buy', 工业: 'industry', 科技: 'tech', 动员: 'mobilize', 完成: 'commit', 取消完成: 'uncommit',
  窥探: 'spy', 地图: 'query', 分数: 'query', 状态: 'query', 命令: 'query', 帮助: 'query', 结算: 'resolve', 暂停: 'pause', 继续: 'resume',
  延时: 'extend', 撤回: 'undo', 设置: 'set', 规则: 'rule', 托管: 'control', 接管: 'control', 结束: 'endGame', 机器人: 'bot',
};

export const QUERY_OF: Partial<Record<CmdName, Extract<Command, { kind: 'query' }>['what']>> = {
  地图: 'map', 分数: 'scores', 状态: 'status', 命令: 'orders', 帮助: 'help',
};

/** Variant spellings players use for the same command. */
const ALIASES: Record<string, CmdName> = {
  撤消: '撤销', 延长: '延时', 加时: '延时', 停战: '求和', 投降: '求和', 缔结盟约: '结盟', 解除盟约: '背盟',
  互不侵犯: '协定', 吞并: '灭国', 接受: '同意', 电脑: '机器人',
};

const TABLE = new Map<string, CmdName>();
for (const n of COMMAND_NAMES) TABLE.set(n, n);
for (const [k, v] of Object.entries(ALIASES)) TABLE.set(k, v);

export const MAX_NAME_LEN = 4;

/** Spaces and characters that show nothing (zero-width, word joiners, bidi marks, fillers): 【调\u2060兵】 is 【调兵】. */
const INVISIBLE = /[\s\u3000\u034f\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0]+/g;

const FIRST = new Set([...TABLE.keys()].map((k) => k[0]!));

/**
 * Whether a bracket's content may be a command name at all, judged by its first character: keeps a
 * message of 4,000 brackets from converting 4,000 strings.
 */
export function mayBeCommand(inner: string): boolean {
  let t = inner.normalize('NFKC');
  if (t.length && !FIRST.has(simplifyChar(t[0]!))) t = t.replace(INVISIBLE, '');
  if (!t) return true;
  return FIRST.has(simplifyChar(t[0]!));
}

/** The key a bracketed name is looked up by: NFKC, no spaces or invisible characters, Simplified, lower case. */
const keyCache = new Map<string, string>();

export function commandKey(s: string): string {
  let k = keyCache.get(s);
  if (k === undefined) {
    k = toSimplified(s.normalize('NFKC').replace(INVISIBLE, '')).toLowerCase();
    if (keyCache.size > 5000) keyCache.clear();
    keyCache.set(s, k);
  }
  return k;
}

export function commandByKey(key: string): CmdName | undefined {
  return TABLE.get(key);
}

const suggestCache = new Map<string, CmdName[]>();

/** Closest command names for an unknown one (edit distance 1, or sharing a character with a 2-char name). */
export function suggestCommand(key: string): CmdName[] {
  let hit = suggestCache.get(key);
  if (hit === undefined) {
    hit = suggestUncached(key);
    if (suggestCache.size > 2000) suggestCache.clear();
    suggestCache.set(key, hit);
  }
  return hit;
}

function suggestUncached(key: string): CmdName[] {
  const out: { n: CmdName; s: number }[] = [];
  for (const n of COMMAND_NAMES) {
    let same = 0;
    for (const ch of new Set(key)) if (n.includes(ch)) same++;
    if (same === 0) continue;
    const d = lev(key, n);
    if (d <= Math.max(1, Math.floor(n.length / 2))) out.push({ n, s: d - same / 10 });
  }
  return out.sort((a, b) => a.s - b.s).slice(0, 3).map((x) => x.n);
}

function lev(a: string, b: string): number {
  if (a.length > 20) return 99;
  const d: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const t = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = t;
    }
  }
  return d[b.length]!;
}
