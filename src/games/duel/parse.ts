/**
 * Europe Duel's text commands (duel.md D10.1): orders (调兵 all/half, 驻守), routes (路线, D5), cancelling
 * (撤销 X|全部, 撤销 路线 X|#id|全部), the helper's mode and brush (助手, D6.9), the rally point (集结点, D6.5), ready
 * (准备 = 完成, 取消准备 = 取消完成), resign (认输); the queries 地图 状态 命令 分数 帮助 排行 等级分; the judge's 结算 暂停
 * 继续 规则 结束 (D7.6, D2.7, D10.9). Names: Chinese, English, id or alias; Traditional Chinese reads as Simplified
 * through New European War's converter (commands.md §1). New European War's commands are WRONG_GAME (decided at
 * the name) and a number in an order COUNT_NOT_ALLOWED (with the syntax), both before names (D10.10). The
 * refusal texts of every duel code live here too (refusalText), so the module and the transcript runner say the same.
 * Invisible characters (zero-width, BOM, bidi marks: the platform's stripInvisible) are taken out before anything is read.
 */
import { findName, normalizeName } from '../europe/map/index.ts';
import { parseMessage, toSimplified } from '../neuwar/parse/index.ts';
import { stripInvisible } from '../../platform/chat/index.ts';
import type { DuelGraph } from './board.ts';
import type { DuelCommand, JudgeCommand, LogKind } from './engine.ts';
import type { Order } from './orders.ts';
import type { Side } from './resolve.ts';
import { modeWord, regionTerritories } from './helpers.ts';
import { checkSetting, parseAssignments } from './settings.ts';

export type Query = { kind: 'query'; what: 'status' | 'help' | 'map' | 'orders' | 'scores' | 'leaderboard' | 'rating' };
export type JudgeParsed = { kind: 'judge'; command: JudgeCommand };
export type ParseRefusal = 'UNKNOWN_COMMAND' | 'BAD_SYNTAX' | 'UNKNOWN_TERRITORY' | 'COUNT_NOT_ALLOWED' | 'WRONG_GAME' | 'MESSAGE_TOO_LONG' | 'TOO_MANY_COMMANDS';

export type Parsed =
  | { ok: true; command: DuelCommand | Query | JudgeParsed; text: string }
  | { ok: false; code: ParseRefusal; message: string; text: string; kind: LogKind };

/** commands.md §1: a message with more commands than this is refused whole (TOO_MANY_COMMANDS). */
export const MAX_COMMANDS_PER_MESSAGE = 100;
/** commands.md §1: a message longer than this is refused whole (MESSAGE_TOO_LONG). */
export const MAX_MESSAGE_LENGTH = 4000;

/** The judge's commands (D10.1): unrated games only, but 【结束】 in any game (an abort when rated). */
export const JUDGE_COMMANDS = new Set(['resolve', 'pause', 'resume', 'rule', 'end']);

export interface DuelParseOptions {
  /** Names that mean side A or B in 【结束】A (besides A/B, 红方/蓝方, Red/Blue): e.g. a transcript's @players. */
  sides?: Partial<Record<Side, string[]>>;
}

const SEGMENT = /[【〖［\[]\s*([^】〗］\]]+?)\s*[】〗］\]]([^【〖［\[]*)/g;
const ARROW = /\s*(?:→|->|=>|＞|>|至|到)\s*/;
/**
 * The war-mode kind of a bracket name New European War knows (its parser reads the bare 【name】: the command, or a
 * refusal naming the command's kind), or null for a name no mode knows. Called only for names the duel does not know.
 */
function warKind(g: DuelGraph, rawName: string): string | null {
  const p = parseMessage(`【${rawName}】`, g.map)[0];
  if (!p) return null;
  if (p.ok) return p.command.kind;
  return p.code === 'UNKNOWN_COMMAND' ? null : p.kind ?? null;
}
const L = (lang: 'zh' | 'en', zh: string, en: string) => (lang === 'en' ? en : zh);

/** An order's or route's last word: 一半/半/half or 全部/全/all (all by default), and the text before it. */
function countSuffix(body: string): { count: 'all' | 'half'; path: string; last: string } {
  const words = body.split(/\s+/);
  const last = words.length > 1 ? words[words.length - 1]! : '';
  if (/^(一半|半|half)$/i.test(last)) return { count: 'half', path: words.slice(0, -1).join(' '), last };
  if (/^(全部|全|all)$/i.test(last)) return { count: 'all', path: words.slice(0, -1).join(' '), last };
  return { count: 'all', path: body, last };
}

/** A territory or sea zone of the duel graph by any of its names; Traditional Chinese reads as Simplified. */
function territory(g: DuelGraph, name: string): string | null {
  const raw = name.trim();
  const id = findName(g.map.territoryByName, raw) ?? findName(g.map.territoryByName, toSimplified(raw));
  return id && g.kind.has(id) ? id : null;
}

/** Which side a name means in 【结束】X: A/B, 红方/蓝方 (红/蓝), Red/Blue, or the options' names. */
function sideName(name: string, opts: DuelParseOptions): Side | null {
  const n = name.trim().toLowerCase();
  for (const side of ['A', 'B'] as const) {
    const names = [side, side === 'A' ? '红方' : '蓝方', side === 'A' ? '红' : '蓝', side === 'A' ? 'red' : 'blue', ...(opts.sides?.[side] ?? [])];
    if (names.some((x) => x.toLowerCase() === n)) return side;
  }
  return null;
}

/** The commands of one chat message, in order; none when it holds no 【】 command. */
export function parseDuel(g: DuelGraph, typed: string, lang: 'zh' | 'en', opts: DuelParseOptions = {}): Parsed[] {
  // Characters that show nothing (zero-width spaces and joiners, BOM, bidi marks) are not read, as in New European
  // War's parser: 【准备\u200b】 is 【准备】, and no refusal quotes a character its reader cannot see.
  const text = stripInvisible(typed);
  if (text.length > MAX_MESSAGE_LENGTH) {
    return [{ ok: false, code: 'MESSAGE_TOO_LONG', kind: 'unknown', message: L(lang, `消息太长（${text.length} 字），上限 ${MAX_MESSAGE_LENGTH} 字：请分成几条发送`, `the message is too long (${text.length} characters, at most ${MAX_MESSAGE_LENGTH}): send it in parts`), text: text.slice(0, 100) }];
  }
  // commands.md §1, as in New European War: a message of more commands than this is refused whole (one message of
  // 【准备】×150 would otherwise write 150 log rows and post 150 echoes).
  const segments = [...text.matchAll(SEGMENT)];
  if (segments.length > MAX_COMMANDS_PER_MESSAGE) {
    return [{ ok: false, code: 'TOO_MANY_COMMANDS', kind: 'unknown', message: L(lang, `一条消息最多 ${MAX_COMMANDS_PER_MESSAGE} 条命令，这条有 ${segments.length} 条：请分成几条发送`, `at most ${MAX_COMMANDS_PER_MESSAGE} commands in one message (this one has ${segments.length}): send them in parts`), text: text.slice(0, 100) }];
  }
  const out: Parsed[] = [];
  for (const m of segments) {
    // Traditional Chinese reads as Simplified (commands.md §1): the name by the war mode's command key, the body here.
    const name = normalizeName(toSimplified(m[1]!));
    const body = toSimplified(m[2]!).trim().replace(/[；;。，,]+$/, '').trim();
    const raw = m[0].trim();
    let kind: LogKind = 'unknown';
    const push = (p: Omit<Extract<Parsed, { ok: false }>, 'kind'> | Extract<Parsed, { ok: true }>) => out.push(p.ok ? p : { ...p, kind });
    const unknown = (place: string) => ({ ok: false as const, code: 'UNKNOWN_TERRITORY' as const, message: L(lang, `地图上没有"${place}"（对决中兵工厂不算领土）`, `no territory "${place}" on the map (arsenals are not part of a duel)`), text: raw });
    kind = ({ 调兵: 'move', 驻守: 'stand', 路线: 'route', 撤销: /^路线/.test(body) ? 'cancelRoute' : 'cancel', 撤消: /^路线/.test(body) ? 'cancelRoute' : 'cancel', 助手: 'helper', 集结点: 'rally', 结算: 'resolve', 暂停: 'pause', 继续: 'resume', 规则: 'rule', 结束: 'end' } as Record<string, LogKind>)[name] ?? 'unknown';
    switch (name) {
      case '调兵': {
        const { count, path, last } = countSuffix(body);
        if (/^\d+$/.test(last)) { push({ ok: false, code: 'COUNT_NOT_ALLOWED', message: L(lang, '对决中调兵只有"全部"或"一半"，不能写数字；例如【调兵】甲都→甲城 一半', 'a duel order moves all or half, never a number; e.g. 【调兵】a→b half'), text: raw }); continue; }
        const ends = path.split(ARROW);
        if (ends.length !== 2 || !ends[0] || !ends[1]) { push({ ok: false, code: 'BAD_SYNTAX', message: L(lang, '写法：【调兵】出发地→目的地 [全部|一半]', 'usage: 【调兵】from→to [all|half]'), text: raw }); continue; }
        const from = territory(g, ends[0]);
        const to = territory(g, ends[1]);
        if (!from) { push(unknown(ends[0])); continue; }
        if (!to) { push(unknown(ends[1])); continue; }
        const order: Order = from === to ? { kind: 'stand', from } : { kind: 'move', from, to, count };
        push({ ok: true, command: { kind: 'order', order }, text: raw });
        continue;
      }
      case '驻守': {
        const names = body.split(/[、，,\s]+/).filter(Boolean);
        if (!names.length) { push({ ok: false, code: 'BAD_SYNTAX', message: L(lang, '写法：【驻守】领土、领土…', 'usage: 【驻守】place, place…'), text: raw }); continue; }
        for (const n of names) {
          const id = territory(g, n);
          push(id ? { ok: true, command: { kind: 'order', order: { kind: 'stand', from: id } }, text: raw } : unknown(n));
        }
        continue;
      }
      case '路线': {
        // D5.2: 【路线】X→P1→…→Pn [全部|一半], all by default.
        const { count, path } = countSuffix(body);
        const names = path.split(ARROW).map((x) => x.trim()).filter(Boolean);
        if (names.length < 2) { push({ ok: false, code: 'BAD_SYNTAX', message: L(lang, '写法：【路线】出发地→地点→…→终点 [全部|一半]', 'usage: 【路线】from→point→…→end [all|half]'), text: raw }); continue; }
        const ids = names.map((x) => territory(g, x));
        const bad = ids.findIndex((x) => !x);
        if (bad >= 0) { push(unknown(names[bad]!)); continue; }
        push({ ok: true, command: { kind: 'route', from: ids[0]!, points: ids.slice(1) as string[], count }, text: raw });
        continue;
      }
      case '撤销': case '撤消': {
        // D5.6: 【撤销】路线 X | #3 | 全部.
        const rm = /^路线\s*(.*)$/.exec(body);
        if (rm) {
          const t = rm[1]!.trim();
          if (!t) { push({ ok: false, code: 'BAD_SYNTAX', message: L(lang, '写法：【撤销】路线 领土 | #编号 | 全部', 'usage: 【撤销】路线 place | #id | 全部'), text: raw }); continue; }
          if (/^(全部|all)$/i.test(t)) { push({ ok: true, command: { kind: 'cancelRoute', target: 'all' }, text: raw }); continue; }
          const num = /^[#＃](\d+)$/.exec(t);
          if (num) { push({ ok: true, command: { kind: 'cancelRoute', target: { id: Number(num[1]) } }, text: raw }); continue; }
          const id = territory(g, t);
          push(id ? { ok: true, command: { kind: 'cancelRoute', target: { node: id } }, text: raw } : unknown(t));
          continue;
        }
        // The war mode's 【撤销】X→Y is read as 【撤销】X (D10.1).
        const what = body.split(ARROW)[0]!.trim();
        if (/^(全部|all)$/i.test(what)) { push({ ok: true, command: { kind: 'cancel', from: 'all' }, text: raw }); continue; }
        const id = territory(g, what);
        push(id ? { ok: true, command: { kind: 'cancel', from: id }, text: raw } : unknown(what));
        continue;
      }
      case '助手': {
        // D6.9: 【助手】模式 sets the default; 【助手】模式 X、Y… or 模式 区域 R paints; 【助手】清除 X…|区域 R|全部.
        const words = body.split(/[、，,\s]+/).filter(Boolean);
        const head = words.shift() ?? '';
        const clear = head === '清除';
        const mode = clear ? null : modeWord(head);
        if (!clear && !mode) { push({ ok: false, code: 'BAD_SYNTAX', message: L(lang, '写法：【助手】普通|扩张|集结|防守 [领土、… | 区域 名称]，或【助手】清除 领土…|区域 名称|全部', 'usage: 【助手】普通|扩张|集结|防守 [places | 区域 region], or 【助手】清除 places|区域 region|全部'), text: raw }); continue; }
        let ids: string[] | 'all' | null = null;
        if (words[0] === '区域') {
          const region = findName(g.map.regionByName, words.slice(1).join(' '));
          const inside = region ? regionTerritories(g, region) : null;
          if (!inside) { push({ ok: false, code: 'UNKNOWN_TERRITORY', message: L(lang, `没有叫"${words.slice(1).join(' ')}"的区域`, `no region "${words.slice(1).join(' ')}"`), text: raw }); continue; }
          ids = inside;
        } else if (clear && /^(全部|all)$/i.test(words[0] ?? '')) ids = 'all';
        else if (words.length) {
          const found = words.map((w) => territory(g, w));
          const bad = found.findIndex((x) => !x);
          if (bad >= 0) { push(unknown(words[bad]!)); continue; }
          ids = found as string[];
        }
        if (clear) push(ids ? { ok: true, command: { kind: 'clearPaint', ids }, text: raw } : { ok: false, code: 'BAD_SYNTAX', message: L(lang, '写法：【助手】清除 领土…|区域 名称|全部', 'usage: 【助手】清除 places|区域 region|全部'), text: raw });
        else push({ ok: true, command: { kind: 'helper', mode: mode!, ...(ids && ids !== 'all' ? { paint: ids } : {}) }, text: raw });
        continue;
      }
      case '集结点': {
        // D6.5: 【集结点】X sets the rally point ⚑, 【集结点】取消 clears it.
        if (/^(取消|清除|cancel)$/i.test(body)) { push({ ok: true, command: { kind: 'rally', at: null }, text: raw }); continue; }
        const id = territory(g, body);
        push(id ? { ok: true, command: { kind: 'rally', at: id }, text: raw } : unknown(body));
        continue;
      }
      case '准备': case '完成': push({ ok: true, command: { kind: 'ready' }, text: raw }); continue;
      case '取消准备': case '取消完成': push({ ok: true, command: { kind: 'unready' }, text: raw }); continue;
      case '认输': push({ ok: true, command: { kind: 'resign' }, text: raw }); continue;
      case '状态': case '地图': case '命令': case '分数': case '帮助': case '排行': case '等级分': {
        const what = ({ 状态: 'status', 地图: 'map', 命令: 'orders', 分数: 'scores', 帮助: 'help', 排行: 'leaderboard', 等级分: 'rating' } as const)[name];
        kind = 'query';
        push({ ok: true, command: { kind: 'query', what }, text: raw });
        continue;
      }
      // The judge's commands (D10.1). Whether the speaker may use them is the module's check (NOT_JUDGE), after names.
      case '结算': push({ ok: true, command: { kind: 'judge', command: { kind: 'resolve' } }, text: raw }); continue;
      case '暂停': push({ ok: true, command: { kind: 'judge', command: { kind: 'pause' } }, text: raw }); continue;
      case '继续': push({ ok: true, command: { kind: 'judge', command: { kind: 'resume' } }, text: raw }); continue;
      case '规则': {
        // D10.9: 【规则】key=value …; an unknown key, a value out of range or a fourth decimal is BAD_SYNTAX.
        const a = parseAssignments(body);
        if (!a.ok) { push({ ok: false, code: 'BAD_SYNTAX', message: L(lang, a.zh, a.en), text: raw }); continue; }
        const bad = Object.entries(a.patch).map(([k, v]) => checkSetting(k, v)).find((c) => !c.ok);
        if (bad && !bad.ok) { push({ ok: false, code: 'BAD_SYNTAX', message: L(lang, bad.zh, bad.en), text: raw }); continue; }
        push({ ok: true, command: { kind: 'judge', command: { kind: 'rule', patch: a.patch } }, text: raw });
        continue;
      }
      case '结束': {
        // D7.6: 【结束】 on the scores, 【结束】A names the winner.
        if (!body) { push({ ok: true, command: { kind: 'judge', command: { kind: 'end' } }, text: raw }); continue; }
        const w = sideName(body, opts);
        push(w ? { ok: true, command: { kind: 'judge', command: { kind: 'end', winner: w } }, text: raw }
          : { ok: false, code: 'BAD_SYNTAX', message: L(lang, '写法：【结束】（按分数结算）或【结束】红方|蓝方（指定胜者）', 'usage: 【结束】 (on the scores) or 【结束】Red|Blue (names the winner)'), text: raw });
        continue;
      }
      default: {
        // D10.10: a New European War command is WRONG_GAME as soon as its name is read, and keeps its war-mode kind.
        const war = warKind(g, m[1]!);
        if (war) {
          kind = war;
          push({ ok: false, code: 'WRONG_GAME', message: L(lang, `【${name}】是新欧洲战争的命令，对决中没有；对决用【调兵】【驻守】【路线】【助手】【集结点】【准备】【认输】`, `【${name}】 is a New European War command; a duel has 【调兵】【驻守】【路线】【助手】【集结点】【准备】【认输】`), text: raw });
        } else {
          push({ ok: false, code: 'UNKNOWN_COMMAND', message: L(lang, `没有【${name}】这个命令；对决用【调兵】【驻守】【撤销】【路线】【助手】【集结点】【准备】【认输】【状态】【帮助】`, `no command 【${name}】; a duel has 【调兵】【驻守】【撤销】【路线】【助手】【集结点】【准备】【认输】【状态】【帮助】`), text: raw });
        }
      }
    }
  }
  return out;
}


/** The words of every refusal the engine gives (D10.10), in Chinese and English; each says what would work. */
const ANSWERS: Record<string, [string, string]> = {
  NOT_OWNER: ['这里不是你的领土（或你在这片海域没有部队）；只能从自己的领土或自己的海上部队出发', 'this is not your territory (or you have no stack in this sea zone); orders start from your own'],
  NOT_ADJACENT: ['目的地与出发地不相邻；调兵只能去相邻的地方，远处请用【路线】', 'the target is not a neighbour of the source; for a far target use 【路线】'],
  NOT_ENOUGH_ARMIES: ['兵力不够：一半的1是0；用"全部"或换一个出发地', 'not enough armies: half of 1 is 0; order all, or another source'],
  NO_PATH: ['找不到通往这个地点的路（D5.3）；换一个途经点', 'there is no way to that point (D5.3); try other waypoints'],
  BAD_SYNTAX: ['路线至少要有一个和出发地不同的地点', 'a route needs at least one point other than its origin'],
  LIMIT_EXCEEDED: ['路线太多了（每方最多 maxRoutes 条，默认50）；先【撤销】路线 #编号', 'too many routes (maxRoutes a side, 50 by default); cancel some first with 【撤销】路线 #id'],
  NO_SUCH_ROUTE: ['你没有这条路线；【命令】列出你的路线', 'no such route of yours; 【命令】 lists your routes'],
  NOT_ALLOWED: ['海域不能涂助手模式，也不能当集结点；请选陆地领土', 'a sea zone takes no helper paint and is no rally point; choose a land territory'],
  UNKNOWN_TERRITORY: ['地图上没有这个领土', 'no such territory'],
  GAME_NOT_RUNNING: ['对决已经结束，不再接受命令', 'the duel is over; no more commands'],
  RATED_LOCKED: ['排位赛的设置不能修改（D9.2）', 'a rated game\'s settings are locked (D9.2)'],
  NOT_JUDGE: ['只有裁判可以用【结算】【暂停】【继续】【规则】【结束】', 'only a judge may use 【结算】【暂停】【继续】【规则】【结束】'],
  NOT_YOUR_COUNTRY: ['你在这局对决里没有一方；只有红方和蓝方的玩家可以下命令', 'you have no side in this duel; only the players of Red and Blue give orders'],
};

/** The text of a refusal code, unless the engine gave its own message. */
export function refusalText(code: string, lang: 'zh' | 'en', own?: { zh: string; en: string }): string {
  if (own) return L(lang, own.zh, own.en);
  const a = ANSWERS[code];
  return a ? L(lang, a[0], a[1]) : code;
}
