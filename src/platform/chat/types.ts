/**
 * chat/: the platform-neutral channel interface. The Discord adapter and the local web channel both
 * implement `ChatPort` (how the bot speaks) and feed `Incoming` / `ButtonPress` (what people do) into the
 * one `GameService` (src/game). Nothing here knows about discord.js or websockets.
 */

/** A picture attached to a message (map, score table, chart). */
export interface OutImage {
  name: string;
  png: Buffer;
  caption?: string;
}

export interface OutButton {
  /**
   * `req:<requestId>:accept` / `req:<requestId>:reject` for request answers (answered: the buttons go). `page:` is a
   * link to the game's web page: an adapter that knows the page's public address answers a press with the link,
   * one that knows none leaves the button out. Any other id is the game's (its `press`) or an adapter's command's.
   */
  id: string;
  label: string;
  style?: 'primary' | 'danger' | 'secondary';
}

/**
 * A menu of choices (Discord: a string select of at most 25 options, each on its own row above the buttons): the
 * chosen values come back to whoever claims `id` (a command's button handler). Adapters without menus leave it out.
 */
export interface OutSelect {
  id: string;
  placeholder: string;
  options: { value: string; label: string; description?: string }[];
  /** How many may be chosen (default 1 and 1). */
  min?: number;
  max?: number;
}

export interface OutMessage {
  text: string;
  images?: OutImage[];
  buttons?: OutButton[];
  /** Menus (Discord: at most 5 rows with the buttons' rows). */
  selects?: OutSelect[];
}

/** What the bot can do in a chat platform; implemented once per platform. */
export interface ChatPort {
  /** Posts in a channel; returns the platform's message id. */
  post(channelId: string, msg: OutMessage): Promise<string>;
  /**
   * Edits a message in place (the game's status message, an answered request). The edited message has
   * exactly `msg`'s buttons: none when `msg.buttons` is absent or empty (an answered request loses its
   * Accept/Reject buttons).
   */
  edit(channelId: string, messageId: string, msg: OutMessage): Promise<void>;
  /** A message only `userId` sees (Discord: ephemeral answer or DM; web: that user's socket). */
  privateReply(channelId: string, userId: string, msg: OutMessage): Promise<void>;
  /**
   * Deletes a message (a private order typed in the public channel). Resolves true when it is gone (or was
   * already), false when the bot may not delete it (Discord: no Manage Messages permission, 50013/403): the
   * service then tells the author privately that the order is still visible. Optional.
   */
  delete?(channelId: string, messageId: string): Promise<boolean>;
  /**
   * The game in the channel has ended and is archived (its final message is posted). An adapter may tidy up: the
   * Discord adapter archives a thread made for the game an hour later (duel.md D10.3.4). Optional; failures are logged.
   */
  gameEnded?(channelId: string, kind: string): Promise<void>;
}

/** A chat message (or a slash command rendered as its text form) from a person. */
export interface Incoming {
  /** The game's channel. For a direct message: the DM channel id; the game is found by `dmGame` or the user's default. */
  channelId: string;
  userId: string;
  userName: string;
  text: string;
  /** Platform message/interaction id: the same id twice is applied once (idempotency). */
  messageId: string;
  /** Came privately (DM, ephemeral slash command): never echo it to the channel. */
  private?: boolean;
  /** In a private message: which game (its channel id) the user means, when in several. */
  dmGame?: string;
  /** The adapter says the user has the server's judge/moderator role (R13). */
  isModerator?: boolean;
  /**
   * true (default): the service delivers the direct answer itself (channel post, or privateReply for a
   * private command). false: the adapter delivers `Reply` (e.g. as an ephemeral interaction answer).
   * Public announcements (requests, the turn post, the status message) are always posted by the service.
   */
  deliver?: boolean;
}

/** A click on a button the bot posted. */
export interface ButtonPress {
  channelId: string;
  userId: string;
  userName: string;
  buttonId: string;
  /** Platform interaction id, for idempotency like `Incoming.messageId`. */
  interactionId: string;
  isModerator?: boolean;
  deliver?: boolean;
}

/** One answered command of a message. */
export interface ReplyItem {
  ok: boolean;
  /** Stable error code (commands.md §5 or a lifecycle code) when refused. */
  code?: string;
  text: string;
  /** Answered privately (private command, R3.1). */
  private: boolean;
}

/** The service's answer to one incoming message or button. */
export interface Reply {
  /** false when the message held no command (ordinary chat) or named no game: adapters stay silent. */
  handled: boolean;
  ok: boolean;
  /** First refusal's code, if any. */
  code?: string;
  /** The whole answer text in the game's language (all items joined). */
  text: string;
  /** true when any item is private: deliver only to the speaker. */
  private: boolean;
  items: ReplyItem[];
  /** A private command typed in the public channel: the adapter should delete the original message. */
  deleteOriginal?: boolean;
  /** The same messageId was seen before: nothing was applied again. */
  duplicate?: boolean;
  images?: OutImage[];
}

/** A person, as the adapters know them. */
export interface UserRef {
  id: string;
  name: string;
  isModerator?: boolean;
}
