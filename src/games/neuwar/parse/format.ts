import type { Command, Count, Item } from '../engine/index.ts';
import type { GameMap } from '../../europe/map/index.ts';

type Lang = 'zh' | 'en';

const TECH_ZH = { airship: '空艇', spy: '间谍', comms: '通讯' } as const;

/**
 * A Command in its canonical text (commands.md §1): used to echo back what was understood and to write
 * transcripts. parseMessage(formatCommand(c)) gives c back. Command words stay Chinese (the text commands
 * are Chinese); names are in `lang`.
 */
export function formatCommand(c: Command, map: GameMap, lang: Lang = 'zh'): string {
  const cn = (id: string) => map.country.get(id)?.name[lang] ?? id;
  const tn = (id: string) => map.territory.get(id)?.name[lang] ?? id;
  const who = (country?: string) => (country === undefined ? '' : cn(country));
  const sp = (country: string | undefined, rest: string) => (country === undefined ? rest : rest ? `${cn(country)} ${rest}` : cn(country));
  const count = (k: Count) => (k.kind === 'n' ? String(k.n) : k.kind === 'all' ? '全部' : '一半');
  const goods = (items: Item[]) => items.map((i) => (i.kind === 'points' ? `${i.n}分` : i.kind === 'territory' ? tn(i.id) : `${i.n}军（${tn(i.from)}→${tn(i.to)}）`)).join('、');
  const terms = (items: Item[]) => {
    const parts: string[] = [];
    let run: string[] = [];
    const flush = () => {
      if (run.length) parts.push(`割让${run.join('、')}`);
      run = [];
    };
    for (const i of items) {
      if (i.kind === 'territory') run.push(tn(i.id));
      else {
        flush();
        parts.push(i.kind === 'points' ? `赔款${i.n}分` : `${i.n}军（${tn(i.from)}→${tn(i.to)}）`);
      }
    }
    flush();
    return parts.join('，');
  };
  const pair = (c: { from: string; to: string }, mid: string) => `${cn(c.from)}${mid}${cn(c.to)}`;
  switch (c.kind) {
    case 'declareWar': return `【宣战】${pair(c, '向')}宣战`;
    case 'ceasefire': return c.unconditional ? `【求和】${pair(c, '向')}请求停战，无条件` : `【求和】${pair(c, '向')}请求停战，有条件。停战要求：${terms(c.terms)}`;
    case 'surrender': return `【求和】${pair(c, '向')}请求投降`;
    case 'alliance': return `【结盟】${pair(c, '向')}请求缔结盟约。`;
    case 'breakAlliance': return `【背盟】${pair(c, '向')}解散联盟。`;
    case 'pact': return `【协定】${pair(c, '向')}请求互不侵犯协定。`;
    case 'trade': return `【交易】${pair(c, '向')}提出交易申请，以${goods(c.give)}交换${goods(c.get)}。`;
    case 'pledge': return `【效忠】${pair(c, '向')}效忠`;
    case 'answer': {
      const word = c.answer === 'accept' ? '同意' : c.answer === 'reject' ? '拒绝' : '协商';
      const counter = c.give || c.get ? `以${goods(c.give ?? [])}交换${goods(c.get ?? [])}` : c.terms ? `停战要求：${terms(c.terms)}` : '';
      if (!c.request) return `【${word}】${c.answer === 'counter' ? counter : ''}`;
      return `${formatCommand(c.request, map, lang)}——${word}。${c.answer === 'counter' ? counter : ''}`;
    }
    case 'puppet': return `【傀儡】${pair(c, '对')}建立傀儡政权`;
    case 'annex': return `【灭国】${pair(c, '吞并')}`;
    case 'demand': return `【领土要求】${pair(c, '向')}要求${c.territories.map(tn).join('、')}`;
    case 'independence': return `【独立】${pair(c, '脱离')}独立`;
    case 'leave': return `【退出】${who(c.country)}`;
    case 'move': return `【调兵】${tn(c.from)}→${tn(c.to)} ${count(c.count)}`;
    case 'airlift': return `【空运】${tn(c.from)}→${tn(c.to)} ${count(c.count)}`;
    case 'cancel': return c.from !== undefined && c.to !== undefined ? `【撤销】${tn(c.from)}→${tn(c.to)}` : '【撤销】全部';
    case 'buy': return `【军事】${sp(c.country, String(c.n))}`;
    case 'industry': return `【工业】${who(c.country)}`;
    case 'tech': return `【科技】${sp(c.country, `${TECH_ZH[c.tech]} ${c.n}`)}`;
    case 'mobilize': {
      const place = c.placement.map((p) => `${tn(p.territory)}${p.n}`).join(' ');
      return `【动员】${sp(c.country, `${c.type === 'partial' ? '部分' : '全国'}${place ? ` ${place}` : ''}`)}`;
    }
    case 'commit': return `【完成】${who(c.country)}`;
    case 'uncommit': return `【取消完成】${who(c.country)}`;
    case 'spy': return `【窥探】${who(c.country)}`;
    case 'query': {
      if (c.what === 'map') {
        const r = c.region === undefined ? undefined : map.regions.find((x) => x.id === c.region);
        return `【地图】${c.region === undefined ? '' : r ? r.name[lang] : c.region}`;
      }
      const name = { scores: '分数', status: '状态', orders: '命令', help: '帮助' }[c.what];
      return `【${name}】${c.what === 'help' ? '' : who(c.country)}`;
    }
    case 'resolve': return '【结算】';
    case 'pause': return '【暂停】';
    case 'resume': return '【继续】';
    case 'undo': return '【撤回】';
    case 'extend': {
      const m = Math.floor(c.seconds / 60), s = c.seconds % 60;
      return `【延时】${s === 0 ? `${m}分钟` : m === 0 ? `${s}秒` : `${m}分${s}秒`}`;
    }
    case 'set': {
      const field = { armies: '兵力', owner: '归属', score: '分数' }[c.field];
      const target = c.field === 'score' ? cn(c.target) : tn(c.target);
      const value = c.field === 'owner' ? (c.value === null ? '中立' : cn(String(c.value))) : String(c.value);
      return `【设置】${target} ${field}=${value}`;
    }
    case 'rule': return `【规则】${c.key}=${c.value}`;
    case 'control': return `【${c.player ? '接管' : '托管'}】${cn(c.country)}`;
    case 'bot': return `【机器人】${cn(c.country)} ${c.style}`;
    case 'endGame': return c.winners && c.winners.length ? `【结束】${c.winners.map(cn).join('、')}` : '【结束】';
  }
}
