import type { ChatInputCommandInteraction } from 'discord.js';
import type { Reply, UserRef } from '../../../platform/chat/index.ts';
import type { GameInfo, GameServiceApi, Lang, Result } from '../../../platform/session/index.ts';
import type { AnswerMessage, NameLookup, SlashContext } from '../../../platform/slash/index.ts';
import type { GameMap } from '../../europe/map/index.ts';
import type { Command } from '../engine/index.ts';
import { formatCommand, lookupCountry, lookupTerritory } from '../parse/index.ts';
import { neuwarRules } from './rules.ts';

/** A slash handler's context in a New European War game: the generic one, plus the map's countries and territories. */
export interface NeuwarContext extends SlashContext {
  /** The game's map; null when the channel has no New European War game. */
  readonly map: GameMap | null;
  /** A country the player named: its id when the map knows the name, else the text as typed (the parser then says what is wrong and suggests). */
  country(text: string): string;
  territory(text: string): string;
  /** The Chinese name of a country or territory id (the text as given when it is not an id). */
  name(id: string): string;
  /** The acting country: the `as` option (overlord for a puppet, judge for anyone), else the user's own; null when neither (the user is answered). */
  actor(): Promise<string | null>;
  /** formatCommand on the game's map (names in Chinese: the text commands are Chinese). */
  format(c: Command): string;
}

/**
 * The generic context, delegated to rather than copied: the adapter's context counts its answers (the first
 * edits the deferred reply), so every call must reach that one object.
 */
class NeuwarSlashContext implements NeuwarContext, NameLookup {
  private mapRead = false;
  private mapValue: GameMap | null = null;

  constructor(private readonly base: SlashContext) {}

  /** Reads the channel's map once, before any handler asks (the service is asynchronous). */
  async read(): Promise<void> {
    this.mapValue = (await neuwarRules(this.base.service, this.base.channelId))?.map ?? null;
    this.mapRead = true;
  }

  get interaction(): ChatInputCommandInteraction { return this.base.interaction; }
  get service(): GameServiceApi { return this.base.service; }
  get channelId(): string { return this.base.channelId; }
  get user(): UserRef { return this.base.user; }
  get lang(): Lang { return this.base.lang; }
  get game(): GameInfo | null { return this.base.game; }
  t(zh: string, en: string): string { return this.base.t(zh, en); }
  string(name: string): string | null { return this.base.string(name); }
  integer(name: string): number | null { return this.base.integer(name); }
  subcommand(): string | null { return this.base.subcommand(); }
  run(text: string, opts?: { private?: boolean }): Promise<Reply> { return this.base.run(text, opts); }
  answer(msg: AnswerMessage): Promise<void> { return this.base.answer(msg); }
  result(r: Result<unknown>, extra?: AnswerMessage): Promise<void> { return this.base.result(r, extra); }
  checkPermissions(): string | null { return this.base.checkPermissions(); }

  /** Read once per interaction, when a handler first needs a name. */
  get map(): GameMap | null {
    if (!this.mapRead) {
      throw new Error('neuwarContext: the map is read before use (await neuwarContext)');
    }
    return this.mapValue;
  }

  country(text: string): string {
    const t = text.trim();
    if (!this.map || !t) return t;
    const r = lookupCountry(t, this.map, this.lang);
    return r.ok ? r.id : t;
  }

  territory(text: string): string {
    const t = text.trim();
    if (!this.map || !t) return t;
    const r = lookupTerritory(t, this.map, this.lang);
    return r.ok ? r.id : t;
  }

  name(id: string): string {
    return this.map?.country.get(id)?.name.zh ?? this.map?.territory.get(id)?.name.zh ?? id;
  }

  seat(text: string): string { return this.country(text); }
  place(text: string): string { return this.territory(text); }

  async actor(): Promise<string | null> {
    const as = this.string('as');
    if (as?.trim()) return this.country(as);
    const mine = (await this.service.seatOf(this.channelId, this.user.id));
    if (mine) return mine;
    await this.answer({
      text: this.game
        ? this.t('❌ 你在这局游戏里没有国家：用 /game join 加入；裁判可以用 `as` 选项代表一个国家。', '❌ You have no country in this game: /game join; a judge may act for a country with the `as` option.')
        : this.t('❌ 这里没有游戏：/game create 开一局。', '❌ No game here: /game create opens one.'),
    });
    return null;
  }

  format(c: Command): string {
    return this.map ? formatCommand(c, this.map, 'zh') : '';
  }
}

/** The New European War side of a slash context. */
export async function neuwarContext(ctx: SlashContext): Promise<NeuwarContext & NameLookup> {
  const c = new NeuwarSlashContext(ctx);
  await c.read();
  return c;
}
