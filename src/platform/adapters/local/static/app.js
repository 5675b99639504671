// The local web channel's page. Every piece of text from people or the bot is put in the page with
// textContent / createTextNode only — never innerHTML — so a player's text can never become markup.
import { splitIcons, needSeconds, clockText, foldAnswer, tooLongText } from './format.js';
import { duelInit, duelMessage, duelClose } from './duel.js';
import { lobbyInit, lobbyMessage, lobbyWelcome, lobbyNamed, lobbyRouted, lobbyLink, lobbyLeave, lobbyOpen, lobbyInfo, lobbyRefresh, lobbyLastName } from './lobby.js';
import { $, el } from './dom.js';

const MAX_TEXT = 4000;
const store = window.sessionStorage;

/** The page's own icon for a known emoji (the emoji stays its alt and title text). */
function icon(name, alt) {
  const i = document.createElement('img');
  i.className = 'emoji';
  i.src = `/icons/${name}.svg`;
  i.alt = alt;
  i.title = alt;
  i.draggable = false;
  return i;
}

/** Text with the known emoji drawn as icons: no emoji font needed. */
function iconText(text) {
  const frag = document.createDocumentFragment();
  for (const part of splitIcons(String(text))) frag.append(typeof part === 'string' ? document.createTextNode(part) : icon(part.icon, part.alt));
  return frag;
}

const S = {
  ws: null,
  token: store.getItem('nw.token') || '',
  name: store.getItem('nw.name') || '',
  password: store.getItem('nw.pw') || '',
  userId: '',
  games: [],
  maps: [],
  /** The games the server hosts, the default first. */
  kinds: [],
  channel: null,
  status: null,
  /** The open channel's board game as its channel frame named it (国战: 'guozhan'), for a channel the list lacks yet. */
  board: null,
  /** 国战: whose turn it is, from the seat's view the server pushes (the status has no turn seat). */
  turnSeat: null,
  names: null,
  feed: new Map(),
  /** Actions sent but not acknowledged: resent with the same id after a reconnect (applied once). */
  pending: new Map(),
  retry: 0,
  blockedUntil: 0,
  needPassword: false,
  skew: 0,
  counter: 0,
  onAck: new Map(),
};

function newId() {
  S.counter += 1;
  const r = crypto.getRandomValues(new Uint32Array(2));
  return `${Date.now().toString(36)}-${S.counter}-${r[0].toString(36)}${r[1].toString(36)}`;
}

// ---------- connection ----------

function connect() {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(`${proto}//${location.host}/ws`);
  S.ws = ws;
  ws.addEventListener('open', () => {
    // A duel's seat or watch link opens that duel without the password (the server checks its token).
    const link = S.password ? null : lobbyLink();
    ws.send(JSON.stringify({ t: 'hello', token: S.token || undefined, name: S.name || undefined, password: S.password || undefined, ...(link ? { link } : {}) }));
  });
  ws.addEventListener('message', (ev) => {
    let m;
    try { m = JSON.parse(ev.data); } catch { return; }
    onServer(m);
    gzTurn(m);
    // Europe Duel's lobby and seat links, then the game that draws its own board, take their messages after the page.
    lobbyMessage(m);
    // 国战's board is its own panel's (guozhan.js), never the duel map's.
    const gzBoard = m.t === 'channel' && m.board && m.board.game === 'guozhan';
    gzFeed(m);
    duelMessage(gzBoard ? { ...m, board: undefined } : m);
  });
  ws.addEventListener('close', () => {
    if (S.ws !== ws) return;
    S.ws = null;
    $('conn').hidden = false;
    // Without the password a reconnect is only another refusal: the password form reconnects.
    if (S.needPassword && !S.password) return;
    // Turned away for a while (too many wrong passwords, too many identities): wait as long as told.
    const wait = Math.max(Math.min(5000, 500 * 2 ** S.retry), S.blockedUntil - Date.now());
    S.retry += 1;
    setTimeout(connect, wait);
  });
}

function sendRaw(obj) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(obj));
}

/** Sends an action with a fresh id; resolves with its acknowledgement. */
function act(obj) {
  const msg = { ...obj, id: newId() };
  S.pending.set(msg.id, msg);
  sendRaw(msg);
  return new Promise((resolve) => S.onAck.set(msg.id, resolve));
}

function onServer(m) {
  switch (m.t) {
    case 'welcome': {
      S.retry = 0;
      S.blockedUntil = 0;
      $('conn').textContent = '连接中断，正在重连…';
      $('conn').hidden = true;
      S.token = m.token;
      store.setItem('nw.token', m.token);
      S.userId = m.userId;
      if (m.name) { S.name = m.name; store.setItem('nw.name', m.name); }
      S.games = m.games;
      S.maps = m.maps;
      S.kinds = m.kinds || [];
      S.practice = m.practice || null;
      $('practice').hidden = !S.practice;
      renderMe();
      renderGames();
      sendRaw({ t: 'ping' });
      for (const p of S.pending.values()) sendRaw(p);
      // A lobby duel's address (/duel/<id>#seat=…) opens its seat (a name is asked only if the seat needs one);
      // otherwise the channel last shown.
      if (lobbyWelcome()) break;
      if (!S.name) askName();
      const want = S.channel || decodeURIComponent(location.hash.slice(1)) || store.getItem('nw.channel');
      if (want) sendRaw({ t: 'open', channelId: want });
      break;
    }
    case 'error':
      if (m.code === 'BAD_PASSWORD') { S.needPassword = true; S.password = ''; store.removeItem('nw.pw'); askPassword(); }
      else if (m.code === 'BAD_LINK') { S.needPassword = true; toast(m.text, true); askPassword(); }
      else if (m.code === 'NEED_PASSWORD') toast(m.text, true);
      else if (m.code === 'NO_GAME' || m.code === 'GAME_BROKEN') {
        S.channel = null;
        store.removeItem('nw.channel');
        showNoGame();
        if (m.code === 'GAME_BROKEN') toast(m.text, true);
      } else if (m.code === 'TOO_MANY_ATTEMPTS' || m.code === 'TOO_MANY_USERS') {
        S.blockedUntil = Date.now() + (m.retryAfterMs || 60000);
        const conn = $('conn');
        conn.textContent = m.text;
        conn.hidden = false;
      } else toast(m.text, true);
      // A request refused or failed before it ran (RATE_LIMITED, INTERNAL_ERROR) settles like a refusal.
      if (m.id && S.onAck.has(m.id)) onServer({ t: 'ack', id: m.id, ok: false, code: m.code, text: m.text, toasted: true });
      else if (m.id) S.pending.delete(m.id);
      break;
    case 'pong':
      S.skew = m.now - Date.now();
      break;
    case 'ack': {
      S.pending.delete(m.id);
      const f = S.onAck.get(m.id);
      S.onAck.delete(m.id);
      if (f) f(m);
      break;
    }
    case 'you':
      S.name = m.name;
      store.setItem('nw.name', m.name);
      renderMe();
      lobbyNamed();
      break;
    case 'games':
      S.games = m.games;
      renderGames();
      break;
    case 'gamesDiff': {
      // Only what changed: a game's new line in place, a new game on top (newest first), a gone one out.
      const gone = new Set(m.remove);
      const fresh = new Map(m.upsert.map((g) => [g.channelId, g]));
      const kept = S.games.filter((g) => !gone.has(g.channelId)).map((g) => {
        const u = fresh.get(g.channelId);
        fresh.delete(g.channelId);
        return u || g;
      });
      S.games = [...fresh.values(), ...kept];
      renderGames();
      break;
    }
    case 'channel':
      openedChannel(m);
      break;
    case 'status':
      if (m.channelId === S.channel) { S.status = m.status; renderStatus(); }
      break;
    case 'msg':
      if (m.m.channelId === S.channel) upsertMessage(m.m);
      break;
    case 'del':
      if (m.channelId === S.channel) removeMessage(m.id);
      break;
  }
}

// ---------- identity ----------

function renderMe() {
  $('me-name').textContent = S.name || '（未命名）';
  $('me-avatar').textContent = (S.name || '?').slice(0, 1);
}

const NAME_HINT = '其他玩家会看到这个名字。每个标签页是一个独立身份。';
/** The name box; `hint`: why it is asked now (a duel's seat waiting for its player). */
function askName(hint) {
  $('name-hint').textContent = typeof hint === 'string' && hint ? hint : NAME_HINT;
  const d = $('name-dialog');
  $('name-input').value = S.name || lobbyLastName() || '';
  if (!d.open) d.showModal();
  $('name-input').focus();
}

function askPassword() {
  const d = $('password-dialog');
  if (!d.open) d.showModal();
  $('password-input').focus();
}

$('name-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const name = $('name-input').value.trim();
  if (!name) return;
  const ack = await act({ t: 'name', name });
  if (!ack.ok) { if (!ack.toasted) toast(ack.text || '名字无效', true); return; }
  $('name-dialog').close();
});
$('name-dialog').addEventListener('cancel', (e) => { if (!S.name) e.preventDefault(); });
$('rename').addEventListener('click', askName);
$('password-form').addEventListener('submit', (e) => {
  e.preventDefault();
  S.password = $('password-input').value;
  store.setItem('nw.pw', S.password);
  $('password-dialog').close();
  if (S.ws) S.ws.close(); else connect();
});

// ---------- games list ----------

const STATUS_ZH = { open: '招募中', running: '进行中', ended: '已结束' };

function renderGames() {
  const nav = $('games');
  nav.replaceChildren();
  $('games-empty').hidden = S.games.length > 0;
  for (const g of S.games) {
    const b = el('button', 'game-item' + (g.channelId === S.channel ? ' active' : '') + (g.broken ? ' broken' : ''));
    b.type = 'button';
    b.dataset.channel = g.channelId;
    const top = el('div', 'gt');
    top.append(el('span', '', `# ${g.title}`), el('span', `pill ${g.broken ? 'broken' : g.status}`, g.broken ? '已损坏' : STATUS_ZH[g.status] || g.status));
    const sub = el('div', 'gs', g.broken ? `数据已损坏：${g.broken}` : `${g.mapName} · ${g.players} 名玩家${g.turn ? ` · 第 ${g.turn} 回合` : ''}`);
    b.append(top, sub);
    if (g.broken) {
      // Listed so nobody wonders where the game went, but it cannot be opened or joined.
      b.disabled = true;
      b.title = `这局游戏的数据已损坏，不能打开：${g.broken}`;
    } else b.addEventListener('click', () => { openChannel(g.channelId); document.getElementById('app').classList.remove('show-side'); });
    nav.append(b);
  }
}

function openChannel(channelId) {
  // One of this browser's own lobby duels opens as its seat; any other channel leaves a duel's address.
  if (lobbyOpen(channelId)) return;
  if (lobbyRouted()) { lobbyLeave(); history.pushState(null, '', `/#${encodeURIComponent(channelId)}`); }
  sendRaw({ t: 'open', channelId });
}

/** The lobby: no channel shown (the welcome, with Europe Duel's lobby when the server hosts it). */
function home() {
  lobbyLeave();
  S.channel = null;
  S.status = null;
  store.removeItem('nw.channel');
  if (location.pathname !== '/' || location.hash) history.pushState(null, '', '/');
  duelClose();
  showNoGame();
  $('app').classList.remove('show-side');
  lobbyRefresh();
}

function showNoGame() {
  $('app').classList.add('no-game');
  $('title').textContent = '新欧洲战争';
  $('statusline').replaceChildren();
  renderGames();
}

function openedChannel(m) {
  S.channel = m.channelId;
  store.setItem('nw.channel', m.channelId);
  // A lobby duel keeps its own address (/duel/<id>#seat=…).
  if (!lobbyRouted() && location.hash.slice(1) !== m.channelId) history.replaceState(null, '', `#${encodeURIComponent(m.channelId)}`);
  S.status = m.status;
  S.names = m.names;
  S.board = m.board && typeof m.board.game === 'string' ? m.board.game : null;
  S.turnSeat = null;
  S.feed.clear();
  $('feed').replaceChildren();
  $('app').classList.remove('no-game');
  for (const msg of m.feed) upsertMessage(msg, true);
  scrollFeed(true);
  renderGames();
  renderStatus();
}

// ---------- create ----------

$('new-game').addEventListener('click', () => {
  if (!S.name) { askName(); return; }
  // A choice of game only when the server hosts more than one; the map and clock fields are New European War's.
  const kinds = $('create-kind');
  kinds.replaceChildren();
  for (const k of S.kinds) {
    const o = el('option', '', k.title.zh);
    o.value = k.kind;
    kinds.append(o);
  }
  $('create-kind-row').hidden = S.kinds.length < 2;
  createFields();
  const sel = $('create-map');
  sel.replaceChildren();
  for (const m of S.maps) {
    const o = el('option', '', m.name);
    o.value = m.path;
    sel.append(o);
  }
  $('create-dialog').showModal();
});
$('create-cancel').addEventListener('click', () => $('create-dialog').close());
$('create-kind').addEventListener('change', createFields);

/** The dialog's fields and hint follow the game chosen: 国战 has no map, no turn clock and plays in Chinese. */
function createFields() {
  const w = words($('create-kind').value || (S.kinds[0] && S.kinds[0].kind));
  $('create-map-row').hidden = !w.createClock;
  $('create-clock').hidden = !w.createClock;
  $('create-lang-row').hidden = !w.createClock;
  $('create-hint').textContent = w.createHint;
}

// ---------- 单人练习: one click is a game against computer players ----------

$('practice').addEventListener('click', () => {
  if (!S.name) { askName(); return; }
  if (!S.practice) return;
  const sel = $('practice-country');
  sel.replaceChildren();
  for (const c of S.practice.countries) {
    const o = el('option', '', c.zh);
    o.value = c.id;
    sel.append(o);
  }
  $('practice-map').textContent = `在${S.practice.mapName}上与机器人对战：你选一个国家，其余国家都由机器人控制，游戏立即开始。`;
  $('practice-dialog').showModal();
});
$('practice-cancel').addEventListener('click', () => $('practice-dialog').close());
$('practice-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  $('practice-go').disabled = true;
  const ack = await act({ t: 'practice', country: $('practice-country').value });
  $('practice-go').disabled = false;
  if (!ack.ok) { if (!ack.toasted) toast(ack.text || ack.code, true); return; }
  $('practice-dialog').close();
  $('app').classList.remove('show-side');
  openChannel(ack.channelId);
});
$('create-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const settings = {};
  const turn = Number($('create-turn').value);
  const grace = Number($('create-grace').value);
  if (Number.isFinite(turn) && turn > 0) settings.turnSeconds = Math.round(turn);
  if (Number.isFinite(grace) && grace >= 0) settings.graceSeconds = Math.round(grace);
  settings.language = $('create-lang').value;
  const kind = $('create-kind').value;
  const other = S.kinds.length > 1 && kind && kind !== S.kinds[0].kind;
  const ack = await act(other ? { t: 'create', game: kind, settings: { language: settings.language } } : { t: 'create', map: $('create-map').value, settings });
  if (!ack.ok) { if (!ack.toasted) toast(ack.text || ack.code, true); return; }
  $('create-dialog').close();
  // On a phone the list was slid open to reach 新建游戏: the new channel is what to see now.
  $('app').classList.remove('show-side');
  openChannel(ack.channelId);
});

// ---------- feed ----------

// Whether the feed follows new lines: kept by the feed's own scroll events (read when the browser has just laid it
// out), so adding a line never reads the layout it has just made stale (a forced layout per message, duel.md B7).
let feedStuck = true;
let feedScroll = 0;
$('feed').addEventListener('scroll', () => {
  const f = $('feed');
  feedStuck = f.scrollHeight - f.scrollTop - f.clientHeight < 160;
}, { passive: true });
function scrollFeed(force) {
  if (!force && !feedStuck) return;
  if (force) feedStuck = true;
  if (feedScroll) return;
  feedScroll = requestAnimationFrame(() => { feedScroll = 0; const f = $('feed'); f.scrollTop = f.scrollHeight; });
}

const fmtTime = (ms) => new Date(ms).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit' });

/**
 * Bot text: `**bold**`, Discord timestamps `<t:unix:R|t|T|…>`, mentions of people the server knows, export
 * download links and the known emoji become nodes; everything else stays plain text.
 */
function richText(text, mentions) {
  const frag = document.createDocumentFragment();
  const re = /<t:(\d{1,12})(?::([tTdDfFR]))?>|\*\*([^*\n]{1,400})\*\*|<@!?([\w:-]{1,80})>|(\/download\/[0-9a-f]{32}\.json)/g;
  // Clock times that would read alike to the minute ("截止 14:02，宽限至 14:02") show their seconds.
  const times = [...text.matchAll(/<t:(\d{1,12}):[tT]>/g)].map((x) => Number(x[1]) * 1000);
  const withSeconds = needSeconds(times);
  let last = 0;
  let mm;
  while ((mm = re.exec(text))) {
    if (mm.index > last) frag.append(iconText(text.slice(last, mm.index)));
    if (mm[4]) {
      // Only a real mention of someone known becomes a name; anything else stays as it was written.
      if (mentions && mentions[mm[4]]) frag.append(el('strong', 'mention', `@${mentions[mm[4]]}`));
      else frag.append(document.createTextNode(mm[0]));
    } else if (mm[5]) {
      const a = el('a', 'download', '下载 neuwar-export.json');
      a.href = mm[5];
      a.download = 'neuwar-export.json';
      frag.append(a);
    } else if (mm[1]) {
      const at = Number(mm[1]) * 1000;
      const span = el('span', 'ts');
      span.title = new Date(at).toLocaleString('zh-CN');
      if (mm[2] === 'R') { span.dataset.rel = String(at); span.textContent = relText(at); }
      else span.textContent = mm[2] === 't' || mm[2] === 'T' ? clockText(at, mm[2] === 'T' || withSeconds.has(at)) : new Date(at).toLocaleString('zh-CN');
      frag.append(span);
    } else {
      const strong = el('strong');
      strong.append(iconText(mm[3]));
      frag.append(strong);
    }
    last = re.lastIndex;
  }
  if (last < text.length) frag.append(iconText(text.slice(last)));
  return frag;
}

function relText(at) {
  const s = Math.round((at - (Date.now() + S.skew)) / 1000);
  const a = Math.abs(s);
  const v = a < 60 ? `${a} 秒` : a < 3600 ? `${Math.round(a / 60)} 分钟` : a < 86400 ? `${Math.round(a / 3600)} 小时` : `${Math.round(a / 86400)} 天`;
  return s >= 0 ? `${v}后` : `${v}前`;
}

/** A person's message longer than this many lines is folded (the bot's long answers carry a summary). */
const LONG_LINES = 12;

function buildMessage(m) {
  const mine = m.author.kind === 'user' && m.author.userId === S.userId;
  const box = el('article', `msg ${m.author.kind}${mine ? ' mine' : ''}${m.to ? ' private' : ''}`);
  box.dataset.id = m.id;
  box.dataset.seq = String(m.seq);
  const meta = el('div', 'meta');
  if (m.author.kind === 'bot') { meta.append(el('span', 'author botname', '裁判机器人'), el('span', 'bot-tag', 'BOT')); }
  else meta.append(el('span', 'author', m.author.name));
  const t = el('time', '', fmtTime(m.at));
  t.dateTime = new Date(m.at).toISOString();
  meta.append(t);
  if (m.to) meta.append(el('span', 'badge', '仅你可见'));
  if (m.edited) meta.append(el('span', '', '（已更新）'));
  box.append(meta);
  const text = el('div', 'text');
  if (m.author.kind === 'bot' && m.summary) {
    // A long answer to many orders: the counts and the refusals in sight, every line behind a toggle.
    const fold = foldAnswer(m.text, m.summary);
    box.classList.add('folded');
    text.append(el('div', 'summary-head', fold.head));
    for (const line of fold.refused) {
      const r = el('div', 'refused');
      r.append(iconText(line));
      text.append(r);
    }
    if (fold.more) text.append(el('div', 'refused more', `……还有 ${fold.more} 条被拒绝`));
    const details = el('details', 'all-lines');
    details.append(el('summary', '', `查看全部 ${m.summary.accepted + m.summary.refused} 条回答`));
    const all = el('div', 'text');
    all.append(richText(m.text, m.mentions));
    details.append(all);
    text.append(details);
  } else if (m.author.kind === 'bot') text.append(richText(m.text, m.mentions));
  else {
    const lines = m.text.split('\n');
    if (lines.length > LONG_LINES) {
      // A long paste of orders: its first lines, the rest behind a toggle (a phone would scroll for pages).
      text.append(iconText(lines.slice(0, 4).join('\n')));
      const details = el('details', 'all-lines');
      details.append(el('summary', '', `展开其余 ${lines.length - 4} 行`));
      const rest = el('div', 'text');
      rest.append(iconText(lines.slice(4).join('\n')));
      details.append(rest);
      text.append(details);
    } else text.append(iconText(m.text));
  }
  box.append(text);
  if (m.images && m.images.length) {
    const imgs = el('div', 'images');
    for (const im of m.images) {
      const fig = el('figure');
      const a = el('a');
      a.href = im.url;
      a.target = '_blank';
      a.rel = 'noopener';
      const img = el('img');
      img.src = im.url;
      img.alt = im.caption || im.name;
      img.width = im.width;
      img.height = im.height;
      img.decoding = 'async';
      img.dataset.stick = feedStuck ? '1' : '0';
      img.dataset.name = im.name;
      img.addEventListener('error', () => { fig.hidden = true; });
      img.addEventListener('load', () => { if (img.dataset.stick === '1') scrollFeed(true); });
      a.append(img);
      fig.append(a);
      if (im.caption) fig.append(el('figcaption', '', im.caption));
      imgs.append(fig);
    }
    box.append(imgs);
  }
  if (m.buttons && m.buttons.length) {
    const row = el('div', 'buttons');
    for (const b of m.buttons) {
      const btn = el('button', b.style === 'danger' ? 'danger' : b.style === 'primary' ? 'primary' : '', b.label);
      btn.type = 'button';
      btn.dataset.button = b.id;
      btn.addEventListener('click', async () => {
        for (const x of row.querySelectorAll('button')) x.disabled = true;
        const ack = await act({ t: 'button', channelId: m.channelId, buttonId: b.id });
        if (!ack.ok) {
          if (!ack.toasted) toast(ack.text || ack.code, true);
          for (const x of row.querySelectorAll('button')) x.disabled = false;
        }
      });
      row.append(btn);
    }
    box.append(row);
  }
  return box;
}

function upsertMessage(m, bulk) {
  const feed = $('feed');
  const node = buildMessage(m);
  const old = S.feed.get(m.id);
  S.feed.set(m.id, m);
  const existing = old && feed.querySelector(`article[data-id="${CSS.escape(m.id)}"]`);
  if (existing) { existing.replaceWith(node); return; }
  // Insert by creation order: a held chat line is revealed after the bot's answer to it was already shown.
  let after = null;
  for (let c = feed.lastElementChild; c; c = c.previousElementSibling) {
    if (Number(c.dataset.seq) < m.seq) { after = c; break; }
  }
  if (after) after.after(node); else feed.prepend(node);
  if (!bulk) scrollFeed(m.author.kind === 'user' && m.author.userId === S.userId);
}

function removeMessage(id) {
  S.feed.delete(id);
  const n = $('feed').querySelector(`article[data-id="${CSS.escape(id)}"]`);
  if (n) n.remove();
}

// ---------- status, countries, members ----------

function myCountryName() {
  const st = S.status;
  if (!st || !st.me.country) return '';
  const c = st.countries.find((x) => x.id === st.me.country);
  return c ? c.zh : st.me.country;
}

/**
 * The side panel's words per game kind (issue 20). New European War's are the default, and Europe Duel keeps them;
 * 国战 seats players in 座位 甲乙丙…, has no turn to resolve or to mark done (a seat is asked, or it is not), and its
 * judge's desk takes back the last move (【撤回】) instead of forcing a resolution.
 */
const WORDS = {
  default: {
    game: '新欧洲战争',
    seats: '国家',
    seatsAndMembers: '国家与成员',
    role: (seat) => `你是 ${seat} 的玩家`,
    memberRole: (seat) => seat,
    join: '加入',
    openLine: (n) => `${n} 名玩家已加入 · 裁判开始游戏后进入第 1 回合`,
    turnLine: (st) => `第 ${st.turn} 回合`,
    /** Whether seats mark their turn done (已完成 / 未完成, the ✓ and the 已完成 n/m count). */
    commits: true,
    judgeAct: { label: '强制结算', title: '', text: '【结算】', confirm: '' },
    createClock: true,
    createHint: '你是这局的裁判：可以开始、强制结算、结束游戏，并把裁判席位授予他人。',
  },
  guozhan: {
    game: '国战',
    seats: '座位',
    seatsAndMembers: '座位与成员',
    role: (seat) => `你的座位：${seat}`,
    memberRole: (seat) => `座位${seat}`,
    join: '入座',
    openLine: (n) => `${n} 名玩家已入座 · 裁判开始游戏后选将`,
    // Turn 0 is the pick of generals.
    turnLine: (st) => (st.turn ? `第 ${st.turn} 回合${S.turnSeat ? ` · ${S.turnSeat}的回合` : ''}` : '选将中'),
    commits: false,
    judgeAct: { label: '撤回上一步', title: '【撤回】：撤回最后一个由人做的动作，连同它之后电脑玩家的动作和超时', text: '【撤回】', confirm: '撤回最后一个由人做的动作（连同它之后电脑玩家的动作和超时）吗？' },
    createClock: false,
    createHint: '你是这局的裁判：可以开始、暂停和继续、撤回上一步、结束游戏，并把裁判席位授予他人。座位甲乙丙…开局时随机排座次。',
  },
};
const words = (kind = channelKind()) => WORDS[kind] || WORDS.default;

/** 国战: a seat's line in the people list says whether it must answer now, whose turn it is, or that it died. */
function seatNote(c, st) {
  if (!c.alive) return { text: '阵亡', cls: '' };
  if (st.status !== 'running') return null;
  if (!c.committed) return { text: '待回应', cls: 'asked' };
  if (S.turnSeat && c.id === S.turnSeat) return { text: '回合中', cls: '' };
  return null;
}

/** 国战's pushed view names whose turn it is: the top line and the people list follow it. */
function gzTurn(m) {
  if (m.t !== 'view' || m.channelId !== S.channel || !m.view || channelKind() !== 'guozhan') return;
  const seat = m.view.turn && typeof m.view.turn.seat === 'string' ? m.view.turn.seat : null;
  if (seat === S.turnSeat) return;
  S.turnSeat = seat;
  renderStatus();
}

function renderStatus() {
  const st = S.status;
  const w = words();
  renderPalette();
  const line = $('statusline');
  line.replaceChildren();
  if (!st) return;
  $('title').textContent = `# ${st.title} · ${st.mapName}`;
  // The tab's title names the channel's game as the server calls it (a Europe Duel channel is not 新欧洲战争).
  const kind = S.kinds.find((k) => k.kind === channelKind());
  document.title = `${st.title} · ${kind ? kind.title.zh : w.game}`;
  $('people-title').textContent = w.seats;
  $('people-toggle').textContent = w.seats;
  $('people-toggle').setAttribute('aria-label', w.seatsAndMembers);
  $('people').setAttribute('aria-label', w.seatsAndMembers);
  if (st.status === 'open') {
    // A lobby duel starts by itself when the second seat's link is opened.
    line.append(el('span', 'turn', '招募中'), el('span', '', lobbyRouted() ? '等待对手打开对决链接 · 对手入座后立即开始' : w.openLine(st.countries.filter((c) => c.player).length)));
  } else if (st.status === 'running') {
    line.append(el('span', 'turn', w.turnLine(st)));
    if (st.paused) {
      const p = el('span', 'clock');
      p.append(icon('pause', '⏸'), document.createTextNode(' 已暂停'));
      line.append(p);
    } else if (st.deadlineAt) {
      const c = el('span', 'clock');
      c.dataset.deadline = String(st.deadlineAt);
      line.append(c);
      // Minutes alone would show a deadline and a grace under a minute later as the same time.
      const grace = st.hardCloseAt && st.hardCloseAt > st.deadlineAt ? st.hardCloseAt : null;
      const secs = needSeconds(grace ? [st.deadlineAt, grace] : [st.deadlineAt]);
      const when = el('span', 'deadline', `截止 ${clockText(st.deadlineAt, secs.has(st.deadlineAt))}${grace ? `，宽限至 ${clockText(grace, secs.has(grace))}` : ''}`);
      line.append(when);
    }
    const active = st.countries.filter((c) => c.player && c.alive);
    const done = active.filter((c) => c.committed);
    if (w.commits) {
      const d = el('span', '', `已完成 ${done.length}/${active.length}`);
      if (done.length) d.title = done.map((c) => c.zh).join('、');
      line.append(d);
    }
    // 国战: the seats not "done" are exactly the ones the open prompt asks.
    const waiting = active.filter((c) => !c.committed).map((c) => c.zh);
    if (waiting.length) line.append(el('span', '', `等待：${waiting.join('、')}`));
    else if (active.length && w.commits) line.append(el('span', 'done', '全部完成'));
  } else {
    const winners = (st.winner || []).map((id) => (st.countries.find((c) => c.id === id) || { zh: id }).zh);
    line.append(el('span', 'turn', '游戏结束'), el('span', '', winners.length ? `胜者：${winners.join('、')}` : '无胜者'));
  }
  tickClock();
  renderPeople();
}

function tickClock() {
  for (const c of document.querySelectorAll('.clock[data-deadline]')) {
    const left = Math.floor((Number(c.dataset.deadline) - (Date.now() + S.skew)) / 1000);
    const a = Math.abs(left);
    const hh = Math.floor(a / 3600);
    const mm = String(Math.floor((a % 3600) / 60)).padStart(2, '0');
    const ss = String(a % 60).padStart(2, '0');
    const txt = `${hh ? `${hh}:` : ''}${mm}:${ss}`;
    c.textContent = left >= 0 ? `剩余 ${txt}` : `已超时 ${txt}（宽限期）`;
    c.classList.toggle('late', left < 60);
  }
  for (const s of document.querySelectorAll('.ts[data-rel]')) s.textContent = relText(Number(s.dataset.rel));
}
setInterval(tickClock, 1000);

function renderPeople() {
  const st = S.status;
  const seat = $('seat');
  seat.replaceChildren();
  const list = $('countries');
  list.replaceChildren();
  const members = $('members');
  members.replaceChildren();
  if (!st) return;
  const me = st.me;
  const w = words();
  const role = me.country ? w.role(myCountryName()) : '你在观战';
  seat.append(el('div', '', `${role}${me.judge ? ' · 裁判' : ''}`));
  // A lobby duel's seats come by its links only (duel.md D10.6): no join or leave buttons.
  const lobbySeats = lobbyRouted();
  if (me.country && st.status === 'open' && !lobbySeats) {
    const row = el('div', 'row');
    const b = el('button', '', '离开，改为观战');
    b.type = 'button';
    b.addEventListener('click', () => lifecycle({ t: 'leave', channelId: S.channel }));
    row.append(b);
    seat.append(row);
  }
  for (const c of st.countries.filter((x) => x.playable)) {
    const item = el('div', `country${c.id === me.country ? ' mine' : ''}${c.alive ? '' : ' dead'}`);
    item.dataset.country = c.id;
    const sw = el('span', 'swatch');
    sw.style.setProperty('background', /^#[0-9a-fA-F]{3,8}$/.test(c.color) ? c.color : '#888');
    const cn = el('span', 'cn', c.zh);
    // Issue 13: a country a computer plays is marked (机器人 / 自动托管), in words: no emoji font is needed.
    const robot = c.bot || (c.player && String(c.player.userId).startsWith('bot:') ? '机器人' : '');
    if (robot) cn.append(document.createTextNode(' '), el('span', 'ai', robot));
    if (w.commits && c.committed && st.status === 'running') cn.append(document.createTextNode(' '), icon('tick', '✓'));
    item.append(sw, cn);
    if (!c.player && st.status === 'open' && !me.country && !lobbySeats) {
      const b = el('button', 'primary', w.join);
      b.type = 'button';
      b.dataset.join = c.id;
      b.addEventListener('click', () => lifecycle({ t: 'join', channelId: S.channel, country: c.id }));
      item.append(b);
    } else {
      item.append(el('span', 'score', c.score === null ? '' : `${c.score} 分`));
    }
    const cp = el('div', 'cp');
    cp.append(el('span', '', c.player ? c.player.name : '（空缺）'));
    if (w.commits) {
      if (st.status === 'running' && c.player) cp.append(el('span', c.committed ? 'tick' : '', c.committed ? '已完成' : '未完成'));
    } else {
      const note = seatNote(c, st);
      if (note) cp.append(el('span', `note${note.cls ? ` ${note.cls}` : ''}`, note.text));
    }
    item.append(cp);
    list.append(item);
  }
  // An ended game is read-only: no judge desk, no seats to grant, no command chips (renderPalette).
  const ended = st.status === 'ended';
  $('judge-tools').hidden = !me.judge || ended;
  $('btn-start').hidden = st.status !== 'open';
  $('btn-resolve').hidden = st.status !== 'running';
  $('btn-resolve').textContent = w.judgeAct.label;
  $('btn-resolve').title = w.judgeAct.title;
  $('btn-end').hidden = st.status === 'ended';
  for (const m of st.members) {
    const li = el('li');
    li.append(el('span', `dot${m.online ? ' on' : ''}`), el('span', 'nm', m.name));
    const roles = [];
    if (m.country) roles.push(w.memberRole((st.countries.find((c) => c.id === m.country) || { zh: m.country }).zh));
    if (m.judge) roles.push('裁判');
    if (!roles.length) roles.push('观战');
    li.append(el('span', 'role', roles.join(' · ')));
    if (me.judge && !ended && !m.judge && m.userId !== S.userId) {
      const b = el('button', '', '设为裁判');
      b.type = 'button';
      b.addEventListener('click', () => lifecycle({ t: 'judge', channelId: S.channel, userId: m.userId }));
      li.append(b);
    }
    members.append(li);
  }
}

async function lifecycle(msg) {
  const ack = await act(msg);
  if (!ack.ok && !ack.toasted) toast(ack.text || ack.code, true);
}

$('btn-start').addEventListener('click', () => lifecycle({ t: 'start', channelId: S.channel }));
$('btn-end').addEventListener('click', () => {
  if (confirm('确定结束这局游戏吗？')) lifecycle({ t: 'end', channelId: S.channel });
});
$('btn-resolve').addEventListener('click', () => {
  const a = words().judgeAct;
  if (!a.confirm || confirm(a.confirm)) say(a.text);
});

// ---------- composer: palette, autocomplete, send ----------

const PALETTE = [
  { label: '宣战', tpl: '【宣战】{me}向|宣战', when: 'player' },
  { label: '调兵', tpl: '【调兵】|→ 全部', when: 'player' },
  { label: '完成', tpl: '【完成】', when: 'player' },
  { label: '取消完成', tpl: '【取消完成】', when: 'player' },
  { label: '撤销', tpl: '【撤销】全部', when: 'player' },
  { sep: true },
  { label: '求和', tpl: '【求和】{me}向|请求停战，无条件', when: 'player' },
  { label: '投降', tpl: '【求和】{me}向|请求投降', when: 'player' },
  { label: '结盟', tpl: '【结盟】{me}向|请求缔结盟约。', when: 'player' },
  { label: '背盟', tpl: '【背盟】{me}向|解散联盟。', when: 'player' },
  { label: '协定', tpl: '【协定】{me}向|请求互不侵犯协定。', when: 'player' },
  { label: '交易', tpl: '【交易】{me}向|提出交易申请，以（20分）交换（）。', when: 'player' },
  { label: '同意', tpl: '【同意】', when: 'player' },
  { label: '拒绝', tpl: '【拒绝】', when: 'player' },
  { sep: true },
  { label: '军事', tpl: '【军事】|10', when: 'player' },
  { label: '工业', tpl: '【工业】', when: 'player' },
  { label: '科技', tpl: '【科技】|间谍 50', when: 'player' },
  { label: '空运', tpl: '【空运】|→ 10', when: 'player' },
  { label: '动员', tpl: '【动员】部分', when: 'player' },
  { label: '窥探', tpl: '【窥探】', when: 'player' },
  { sep: true },
  { label: '地图', tpl: '【地图】' },
  { label: '分数', tpl: '【分数】' },
  { label: '状态', tpl: '【状态】', when: 'player' },
  { label: '命令', tpl: '【命令】', when: 'player' },
  { label: '帮助', tpl: '【帮助】' },
  { sep: true, when: 'judge' },
  { label: '结算', tpl: '【结算】', when: 'judge' },
  { label: '暂停', tpl: '【暂停】', when: 'judge' },
  { label: '继续', tpl: '【继续】', when: 'judge' },
  { label: '延时', tpl: '【延时】|5分钟', when: 'judge' },
  { label: '撤回', tpl: '【撤回】', when: 'judge' },
  { label: '设置', tpl: '【设置】|兵力=', when: 'judge' },
  { label: '规则', tpl: '【规则】|latePenalty=10', when: 'judge' },
];

// 国战's commands (the transcript grammar, docs/guozhan.md §2): cards by name, answers, skills, queries.
const PALETTE_GZ = [
  { label: '杀', tpl: '【杀】→|', when: 'player' },
  { label: '闪', tpl: '【闪】', when: 'player' },
  { label: '桃', tpl: '【桃】', when: 'player' },
  { label: '不出', tpl: '【不出】', when: 'player' },
  { label: '结束', tpl: '【结束】', when: 'player' },
  { sep: true },
  { label: '技能', tpl: '【技能】|', when: 'player' },
  { label: '明置', tpl: '【明置】|', when: 'player' },
  { label: '弃牌', tpl: '【弃牌】|', when: 'player' },
  { label: '确定', tpl: '【确定】', when: 'player' },
  { sep: true },
  { label: '桌面', tpl: '【桌面】' },
  { label: '状态', tpl: '【状态】' },
  { label: '帮助', tpl: '【帮助】' },
  { sep: true, when: 'judge' },
  { label: '暂停', tpl: '【暂停】', when: 'judge' },
  { label: '继续', tpl: '【继续】', when: 'judge' },
  { label: '撤回', tpl: '【撤回】', when: 'judge' },
];
const COMMANDS_GZ = ['杀', '闪', '桃', '酒', '不出', '结束', '技能', '明置', '弃牌', '确定', '选择', '给出', '拼点', '排列', '预亮', '重铸', '连横', '无懈可击', '桌面', '牌桌', '状态', '帮助', '暂停', '继续', '撤回', '机器人'];
/** The kind of game in the open channel (the game list names it): the palette and completion follow it. */
const channelKind = () => (S.games.find((g) => g.channelId === S.channel) || {}).kind || S.board || undefined;

function renderPalette() {
  const p = $('palette');
  p.replaceChildren();
  const st = S.status;
  p.hidden = !st || st.status === 'ended';
  if (p.hidden) return;
  const gz = channelKind() === 'guozhan';
  const player = !!(st && st.me.country);
  const judge = !!(st && st.me.judge);
  for (const item of gz ? PALETTE_GZ : PALETTE) {
    if (item.when === 'player' && !player && !judge) continue;
    if (item.when === 'judge' && !judge) continue;
    if (item.sep) { p.append(el('span', 'sep')); continue; }
    const b = el('button', item.when === 'judge' ? 'judge' : '', item.label);
    b.type = 'button';
    b.title = item.tpl.replace('|', '').replace('{me}', myCountryName() || '本国');
    b.addEventListener('click', () => insertTemplate(item.tpl));
    p.append(b);
  }
}

function insertTemplate(tpl) {
  const input = $('input');
  const filled = tpl.replace('{me}', myCountryName() || '');
  const caret = filled.indexOf('|');
  const text = filled.replace('|', '');
  const cur = input.value;
  const prefix = cur && !/[\n；;]\s*$/.test(cur) ? `${cur}\n` : cur;
  input.value = prefix + text;
  const pos = prefix.length + (caret < 0 ? text.length : caret);
  input.focus();
  input.setSelectionRange(pos, pos);
  autosize();
  updateAc();
}

const COMMANDS = ['宣战', '求和', '结盟', '背盟', '协定', '交易', '调兵', '撤销', '空运', '军事', '工业', '科技', '动员', '傀儡', '灭国', '领土要求', '独立', '效忠', '退出', '完成', '取消完成', '窥探', '地图', '分数', '状态', '命令', '帮助', '同意', '拒绝', '协商', '结算', '暂停', '继续', '延时', '撤回', '设置', '规则'];
const SEP = /[\s【】\[\]〖〗（）()，,。.、；;：:→>\-—=0-9０-９]/;

let acItems = [];
let acSel = 0;
let acRange = null;

function currentToken() {
  const input = $('input');
  const pos = input.selectionStart;
  if (pos !== input.selectionEnd) return null;
  const v = input.value;
  let i = pos;
  while (i > 0 && !SEP.test(v[i - 1])) i--;
  // 向 joins two names ("甲国向乙国"): a token never starts with it.
  let tok = v.slice(i, pos);
  const xiang = tok.lastIndexOf('向');
  if (xiang >= 0) { i += xiang + 1; tok = tok.slice(xiang + 1); }
  return { start: i, end: pos, tok, afterBracket: v[i - 1] === '【' };
}

function candidates(tok, afterBracket) {
  const q = tok.toLowerCase();
  const out = [];
  if (afterBracket) {
    for (const c of channelKind() === 'guozhan' ? COMMANDS_GZ : COMMANDS) if (c.startsWith(tok) && c !== tok) out.push({ kind: '命令', insert: `${c}】`, label: c, sub: '' });
    return out.slice(0, 8);
  }
  if (!S.names || !q) return out;
  const score = (names) => {
    let best = Infinity;
    for (const n of names) {
      const s = String(n).toLowerCase();
      if (s === q) best = Math.min(best, 0);
      else if (s.startsWith(q)) best = Math.min(best, 1);
      else if (s.includes(q)) best = Math.min(best, 2);
    }
    return best;
  };
  const latin = /^[\x00-\x7f]+$/.test(tok);
  const add = (kind, x) => {
    const sc = score([x.zh, x.en, x.id, ...x.aliases]);
    if (sc === Infinity) return;
    const name = latin ? x.en : x.zh;
    if (sc === 0 && name.toLowerCase() === q) return;
    out.push({ kind, insert: name, label: x.zh, sub: x.en, sc });
  };
  for (const c of S.names.countries) add('国家', c);
  for (const t of S.names.territories) add(t.kind === 'sea' ? '海域' : '领土', t);
  out.sort((a, b) => a.sc - b.sc || a.label.length - b.label.length);
  return out.slice(0, 8);
}

function updateAc() {
  const box = $('ac');
  const t = currentToken();
  acItems = t && (t.tok || t.afterBracket) ? candidates(t.tok, t.afterBracket) : [];
  acRange = t;
  acSel = 0;
  renderAc();
}

function renderAc() {
  const box = $('ac');
  box.replaceChildren();
  if (!acItems.length) { box.hidden = true; return; }
  acItems.forEach((it, i) => {
    const row = el('div', `ac-item${i === acSel ? ' sel' : ''}`);
    row.setAttribute('role', 'option');
    row.append(el('span', 'k', it.kind), el('span', '', it.label));
    if (it.sub) row.append(el('span', 'sub', it.sub));
    row.addEventListener('mousedown', (e) => { e.preventDefault(); pickAc(i); });
    box.append(row);
  });
  box.hidden = false;
}

function pickAc(i) {
  const it = acItems[i];
  if (!it || !acRange) return;
  const input = $('input');
  const v = input.value;
  input.value = v.slice(0, acRange.start) + it.insert + v.slice(acRange.end);
  const pos = acRange.start + it.insert.length;
  input.setSelectionRange(pos, pos);
  acItems = [];
  renderAc();
  input.focus();
  autosize();
}

function autosize() {
  const input = $('input');
  input.style.height = 'auto';
  input.style.height = `${Math.min(180, input.scrollHeight + 2)}px`;
  const n = input.value.length;
  const c = $('counter');
  c.hidden = n < MAX_TEXT - 300;
  c.textContent = n > MAX_TEXT ? `${n} / ${MAX_TEXT}：超出 ${n - MAX_TEXT} 字，请删减或分成几条发送` : `${n} / ${MAX_TEXT}`;
  c.classList.toggle('over', n > MAX_TEXT);
}

$('input').addEventListener('input', () => { autosize(); updateAc(); });
$('input').addEventListener('click', updateAc);
$('input').addEventListener('blur', () => setTimeout(() => { acItems = []; renderAc(); }, 100));
$('input').addEventListener('keydown', (e) => {
  if (e.isComposing || e.keyCode === 229) return;
  if (acItems.length) {
    if (e.key === 'ArrowDown') { e.preventDefault(); acSel = (acSel + 1) % acItems.length; renderAc(); return; }
    if (e.key === 'ArrowUp') { e.preventDefault(); acSel = (acSel - 1 + acItems.length) % acItems.length; renderAc(); return; }
    if (e.key === 'Tab') { e.preventDefault(); pickAc(acSel); return; }
    if (e.key === 'Escape') { acItems = []; renderAc(); return; }
  }
  if (e.key === 'Enter' && !e.shiftKey) {
    e.preventDefault();
    submit();
  }
});
$('send').addEventListener('click', submit);

function submit() {
  const input = $('input');
  const text = input.value;
  if (!text.trim()) return;
  // The whole text or nothing: the input keeps it to be shortened or split (never a silent cut, whose tail
  // would run as another command).
  if (text.length > MAX_TEXT) { toast(tooLongText(text.length, MAX_TEXT), true); return; }
  input.value = '';
  acItems = [];
  renderAc();
  autosize();
  say(text);
}

const SERVER_CODES = new Set(['MESSAGE_TOO_LONG', 'EMPTY', 'NO_NAME', 'NO_GAME', 'GAME_BROKEN']);
async function say(text) {
  if (!S.channel) return;
  if (!S.name) { askName(); return; }
  const ack = await act({ t: 'say', channelId: S.channel, text });
  // The service answers commands in the feed itself; only refusals at the page's door need a toast.
  if (!ack.ok && !ack.toasted && SERVER_CODES.has(ack.code)) toast(ack.text || ack.code, true);
}

// ---------- layout bits ----------

let toastTimer = null;
function toast(text, err) {
  const t = $('toast');
  t.replaceChildren(iconText(text));
  t.className = `toast${err ? ' err' : ''}`;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, 4000);
}

$('menu').addEventListener('click', () => $('app').classList.toggle('show-side'));
$('people-toggle').addEventListener('click', () => $('app').classList.toggle('show-people'));
$('people-close').addEventListener('click', () => $('app').classList.remove('show-people'));
$('scrim').addEventListener('click', () => $('app').classList.remove('show-side', 'show-people'));
window.addEventListener('hashchange', () => {
  if (lobbyRouted()) return;
  const ch = decodeURIComponent(location.hash.slice(1));
  if (ch && ch !== S.channel) openChannel(ch);
});

// 国战's panel (issue 20), loaded beside the page: the frames that came before it loaded are given to it then.
let gz = null;
const gzEarly = [];
function gzFeed(m) {
  if (gz) gz.gzMessage(m);
  else if (m.t === 'channel' || m.t === 'view') { gzEarly.push(m); if (gzEarly.length > 20) gzEarly.shift(); }
}
import('./guozhan.js').then((mod) => {
  mod.gzInit({ act, toast, open: openChannel });
  gz = mod;
  for (const m of gzEarly.splice(0)) mod.gzMessage(m);
}).catch(() => { /* not served: 国战 channels show the feed only */ });

renderMe();
duelInit({ act, toast, status: () => S.status, skew: () => S.skew, info: lobbyInfo });
lobbyInit({
  act, toast, askName, home,
  name: () => S.name,
  games: () => S.games,
  status: () => S.status,
  hasDuel: () => S.kinds.some((k) => k.kind === 'duel'),
  async rename(name) {
    const ack = await act({ t: 'name', name });
    if (!ack.ok && !ack.toasted) toast(ack.text || '名字无效', true);
    return ack.ok;
  },
  // Back or forward to an address that is no lobby duel's: its channel, or the lobby.
  routeChanged() {
    const ch = decodeURIComponent(location.hash.slice(1));
    if (ch) sendRaw({ t: 'open', channelId: ch }); else home();
  },
});
connect();
