import type { CmdName } from './commands.ts';
import { COMMAND_NAMES } from './commands.ts';
import type { Examples } from './lexicon.ts';

export type Lang = 'zh' | 'en';

/** The correct form(s) of each command, with names from the map (shown after "格式："). */
export function formOf(name: CmdName, e: Examples, lang: Lang): string {
  const zh = lang === 'zh';
  const count = zh ? '（数量：数字、全部或一半，默认全部）' : ' (count: a number, 全部 all or 一半 half; default all)';
  const or = zh ? ' 或 ' : ' or ';
  switch (name) {
    case '宣战': return `【宣战】${e.c1}向${e.c2}宣战`;
    case '求和': return [`【求和】${e.c1}向${e.c2}请求停战，无条件`, `【求和】${e.c1}向${e.c2}请求停战，有条件。停战要求：割让${e.t3}，赔款20分`, `【求和】${e.c1}向${e.c2}请求投降`].join(or);
    case '结盟': return `【结盟】${e.c1}向${e.c2}请求缔结盟约。`;
    case '背盟': return `【背盟】${e.c1}向${e.c2}解散联盟。`;
    case '协定': return `【协定】${e.c1}向${e.c2}请求互不侵犯协定。`;
    case '交易': return `【交易】${e.c1}向${e.c2}提出交易申请，以20分交换${e.t3}。` + (zh ? '（物品：N分、领土名、N军（甲地→乙地），用、或，分开）' : ' (goods: N分 points, a territory, N军（X→Y） arms; separated by 、 or ，)');
    case '同意': return `【同意】${or}【结盟】${e.c1}向${e.c2}请求缔结盟约。——同意。`;
    case '拒绝': return `【拒绝】${or}【结盟】${e.c1}向${e.c2}请求缔结盟约。——拒绝。`;
    case '协商': return `【协商】以${e.t2}交换20分${or}【协商】停战要求：割让${e.t3}，赔款10分`;
    case '傀儡': return `【傀儡】${e.c1}对${e.c2}建立傀儡政权`;
    case '灭国': return `【灭国】${e.c1}吞并${e.c2}`;
    case '领土要求': return `【领土要求】${e.c1}向${e.c2}要求${e.t3}`;
    case '独立': return `【独立】${e.c2}脱离${e.c1}独立`;
    case '效忠': return `【效忠】${e.c2}向${e.c1}效忠`;
    case '退出': return '【退出】';
    case '调兵': return `【调兵】${e.t1}→${e.t2} 20${count}`;
    case '撤销': return `【撤销】${e.t1}→${e.t2}${or}【撤销】全部`;
    case '空运': return `【空运】${e.t1}→${e.t3} 20${count}`;
    case '军事': return '【军事】30';
    case '科技': return `【科技】空艇 50${zh ? '（科技：空艇、间谍、通讯）' : ' (tech: 空艇 airship, 间谍 spy, 通讯 comms)'}`;
    case '动员': return `【动员】部分${or}【动员】全国 ${e.t1}100 ${e.t2}100` + (zh ? '（分配兵力合计须正好是100或200，不写则全在首都）' : ' (a split must add up to exactly 100 or 200; without one, all go to the capital)');
    case '地图': return e.region ? `【地图】${or}【地图】${e.region}` : '【地图】';
    case '延时': return zh ? '【延时】5分钟（也可写90秒、2分30秒）' : '【延时】5分钟 (or 90秒 seconds, 2分30秒)';
    case '设置': return [`【设置】${e.t1} 兵力=50`, `【设置】${e.t1} 归属=${e.c2}`, `【设置】${e.t1} 归属=中立`, `【设置】${e.c1} 分数=100`].join(or);
    case '规则': return '【规则】latePenalty=10';
    case '托管': return `【托管】${e.c1}`;
    case '接管': return `【接管】${e.c1}`;
    case '机器人': return `【机器人】${e.c1} 进攻`;
    case '结束': return `【结束】${or}【结束】${e.c1}`;
    default: return `【${name}】`;
  }
}

const ALL_COMMANDS = COMMAND_NAMES.map((n) => `【${n}】`).join('');

export const msg = {
  badSyntax(name: CmdName, e: Examples, lang: Lang, detail?: string): string {
    return lang === 'zh'
      ? `看不懂这条【${name}】指令${detail ? `：${detail}` : ''}。格式：${formOf(name, e, lang)}`
      : `Could not read this 【${name}】 command${detail ? `: ${detail}` : ''}. Format: ${formOf(name, e, lang)}`;
  },
  unknownCommand(name: string, sugg: CmdName[], lang: Lang): string {
    const all = ALL_COMMANDS;
    const shown = name.length > 20 ? `${name.slice(0, 20)}…` : name;
    if (lang === 'zh') {
      return `没有【${shown}】这个指令${sugg.length ? `，你是不是指${sugg.map((s) => `【${s}】`).join('或')}？` : '。'}可用的指令：${all}`;
    }
    return `There is no command 【${shown}】${sugg.length ? `. Did you mean ${sugg.map((s) => `【${s}】`).join(' or ')}?` : '.'} Commands: ${all}`;
  },
  unknownName(name: string, kind: 'country' | 'territory' | 'region', sugg: string[], lang: Lang): string {
    const shown = name.length > 30 ? `${name.slice(0, 30)}…` : name;
    if (lang === 'zh') {
      const k = kind === 'country' ? '国家' : kind === 'territory' ? '领土' : '区域';
      return sugg.length ? `没有'${shown}'，你是不是指${sugg.map((s) => `'${s}'`).join('或')}？` : `没有叫'${shown}'的${k}。`;
    }
    return sugg.length ? `There is no '${shown}'. Did you mean ${sugg.map((s) => `'${s}'`).join(' or ')}?` : `There is no ${kind} called '${shown}'.`;
  },
  wrongKind(name: string, is: 'country' | 'territory' | 'region', want: 'country' | 'territory', lang: Lang): string {
    const zk = { country: '国家', territory: '领土', region: '区域' };
    return lang === 'zh' ? `'${name}'是${zk[is]}，这里要的是${zk[want]}。` : `'${name}' is a ${is}; a ${want} is needed here.`;
  },
  tooLong(n: number, lang: Lang): string {
    return lang === 'zh' ? `消息太长（${n}字），一条消息最多4000字，请分几条发送。` : `The message is too long (${n} characters); the limit is 4,000. Please split it.`;
  },
  tooMany(n: number, limit: number, lang: Lang): string {
    return lang === 'zh'
      ? `一条消息里的命令太多（${n}条），每条消息最多${limit}条；这条消息的命令都没有执行，请分几条发送。`
      : `This message holds too many commands (${n} commands); the limit is ${limit} per message. None of them was applied: please split it.`;
  },
};
