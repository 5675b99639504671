/**
 * `/`-commands typed in the page's input box. Lifecycle ones (join, watch, start, …) are done by the server;
 * game ones become their 【…】 text form, so one parser and one engine take both routes (commands.md §1).
 */
export type Slash =
  | { kind: 'text'; text: string }
  | { kind: 'join'; country: string }
  | { kind: 'watch' }
  | { kind: 'leave' }
  | { kind: 'start' }
  | { kind: 'end' }
  | { kind: 'judge'; who: string }
  | { kind: 'name'; name: string }
  | { kind: 'history'; turn: number }
  | { kind: 'chart' }
  | { kind: 'export' }
  | { kind: 'help' }
  | { kind: 'error'; text: string };

const pair = (bracket: string, tail: string) => (a: string[]) =>
  a.length >= 2 ? `【${bracket}】${a[0]}向${a[1]}${tail}` : null;
const arrow = (bracket: string) => (a: string[]) =>
  a.length >= 2 ? `【${bracket}】${a[0]}→${a[1]}${a[2] ? ` ${a[2]}` : ''}` : null;
const plain = (bracket: string) => (a: string[]) => `【${bracket}】${a.join(' ')}`;

const GAME: Record<string, (args: string[]) => string | null> = {
  war: pair('宣战', '宣战'),
  peace: pair('求和', '请求停战，无条件'),
  surrender: pair('求和', '请求投降'),
  ally: pair('结盟', '请求缔结盟约。'),
  break: pair('背盟', '解散联盟。'),
  pact: pair('协定', '请求互不侵犯协定。'),
  trade: plain('交易'),
  move: arrow('调兵'),
  airlift: arrow('空运'),
  cancel: (a) => (a.length >= 2 ? `【撤销】${a[0]}→${a[1]}` : `【撤销】${a[0] === undefined || /^(all|全部)$/i.test(a[0]) ? '全部' : a[0]}`),
  buy: plain('军事'),
  industry: plain('工业'),
  tech: plain('科技'),
  mobilize: plain('动员'),
  done: plain('完成'),
  commit: plain('完成'),
  undone: plain('取消完成'),
  spy: plain('窥探'),
  map: plain('地图'),
  scores: plain('分数'),
  status: plain('状态'),
  orders: plain('命令'),
  accept: plain('同意'),
  reject: plain('拒绝'),
  counter: plain('协商'),
  resolve: plain('结算'),
  pause: plain('暂停'),
  resume: plain('继续'),
  extend: (a) => `【延时】${a[0] ?? '5'}${/^\d+$/.test(a[0] ?? '5') ? '分钟' : ''}`,
  undo: plain('撤回'),
  set: plain('设置'),
  rule: plain('规则'),
  quit: plain('退出'),
  bot: (a) => (a.length >= 1 ? `【机器人】${a.join(' ')}` : null),
};

/** Chinese slash names: `/宣战 甲国 乙国` works like `/war`. */
const ZH: Record<string, string> = {
  宣战: 'war', 求和: 'peace', 投降: 'surrender', 结盟: 'ally', 背盟: 'break', 协定: 'pact', 交易: 'trade',
  调兵: 'move', 空运: 'airlift', 撤销: 'cancel', 军事: 'buy', 工业: 'industry', 科技: 'tech', 动员: 'mobilize',
  完成: 'done', 取消完成: 'undone', 窥探: 'spy', 地图: 'map', 分数: 'scores', 状态: 'status', 命令: 'orders',
  同意: 'accept', 拒绝: 'reject', 协商: 'counter', 结算: 'resolve', 暂停: 'pause', 继续: 'resume', 延时: 'extend',
  撤回: 'undo', 设置: 'set', 规则: 'rule', 机器人: 'bot', 加入: 'join', 观战: 'watch', 离开: 'leave', 开始: 'start', 结束: 'end',
  裁判: 'judge', 改名: 'name', 历史: 'history', 走势: 'chart', 导出: 'export', 帮助: 'help',
};

/** Reads a `/`-command; null when the text is not one. */
export function parseSlash(text: string): Slash | null {
  const t = text.trim();
  if (!t.startsWith('/') && !t.startsWith('／')) return null;
  const [rawName = '', ...args] = t.slice(1).trim().split(/\s+/).filter(Boolean);
  const name = ZH[rawName] ?? rawName.toLowerCase();
  switch (name) {
    case 'join': return args[0] ? { kind: 'join', country: args.join(' ') } : { kind: 'error', text: '用法：/join 国家名' };
    case 'watch': return { kind: 'watch' };
    case 'leave': return { kind: 'leave' };
    case 'start': return { kind: 'start' };
    case 'end': return { kind: 'end' };
    case 'judge': return args[0] ? { kind: 'judge', who: args.join(' ') } : { kind: 'error', text: '用法：/judge 名字' };
    case 'name': return args[0] ? { kind: 'name', name: args.join(' ') } : { kind: 'error', text: '用法：/name 新名字' };
    case 'history': {
      // Without a turn: the score chart over all turns (as Discord's /history does).
      if (args[0] === undefined) return { kind: 'chart' };
      const n = Number(args[0]);
      return Number.isInteger(n) && n >= 1 ? { kind: 'history', turn: n } : { kind: 'error', text: '用法：/history 回合数（不写回合数：分数走势图）' };
    }
    case 'chart': return { kind: 'chart' };
    case 'export': return { kind: 'export' };
    case 'help': return { kind: 'help' };
  }
  const f = GAME[name];
  if (!f) return { kind: 'error', text: `没有 /${rawName} 这个命令。输入 /help 查看命令列表。` };
  const out = f(args);
  return out === null ? { kind: 'error', text: `/${rawName} 缺少参数。` } : { kind: 'text', text: out };
}

export const SLASH_HELP = [
  '网页命令：',
  '/join 国家 — 加入一个国家　/watch — 观战　/leave — 离开　/name 新名字 — 改名',
  '/start — 开始游戏　/end — 结束游戏　/judge 名字 — 授予裁判席位（裁判）',
  '/history N — 第 N 回合的地图与分数　/history — 分数走势图　/export — 导出状态与记录（结束前仅裁判）',
  '游戏命令（等同【…】文本命令）：',
  '/war 甲 乙　/peace 甲 乙　/surrender 甲 乙　/ally 甲 乙　/break 甲 乙　/pact 甲 乙　/trade …',
  '/move 从 到 [数量]　/airlift 从 到 [数量]　/cancel [从 到|全部]　/buy N　/industry　/tech 名称 N　/mobilize …',
  '/done　/undone　/spy　/map　/scores　/status　/orders　/accept　/reject　/counter 条件',
  '裁判：/resolve　/pause　/resume　/extend 分钟　/undo　/set …　/rule 键=值　/bot 国家 [风格] — 让机器人占一个空闲国家',
].join('\n');
