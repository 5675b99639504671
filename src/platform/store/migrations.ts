/** Numbered migrations; each runs once, in order, inside a transaction. Never edit a released one: add the next. */
export const MIGRATIONS: { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
CREATE TABLE games (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  channel_id TEXT NOT NULL,
  map_path TEXT NOT NULL,
  map_id TEXT NOT NULL,
  settings TEXT NOT NULL,          -- engine rule settings (JSON)
  live TEXT NOT NULL,              -- live-game settings (JSON)
  status TEXT NOT NULL CHECK (status IN ('open','running','ended')),
  creator TEXT NOT NULL,
  judges TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL,
  started_at INTEGER,
  ended_at INTEGER,
  status_message_id TEXT
);
-- One live game per channel; ended games stay as the archive.
CREATE UNIQUE INDEX games_channel_live ON games(channel_id) WHERE status <> 'ended';

CREATE TABLE players (
  game_id INTEGER NOT NULL REFERENCES games(id),
  country TEXT NOT NULL,
  user_id TEXT NOT NULL,
  name TEXT NOT NULL,
  joined_at INTEGER NOT NULL,
  PRIMARY KEY (game_id, country)
);
CREATE UNIQUE INDEX players_user ON players(game_id, user_id);

-- The game log, append-only: state = fold of these entries (a game is its log).
CREATE TABLE log (
  game_id INTEGER NOT NULL REFERENCES games(id),
  seq INTEGER NOT NULL,
  at INTEGER NOT NULL,
  entry TEXT NOT NULL,
  user_id TEXT,
  message_id TEXT,
  part INTEGER NOT NULL DEFAULT 0,
  undone INTEGER NOT NULL DEFAULT 0,
  turn INTEGER NOT NULL,
  PRIMARY KEY (game_id, seq)
);
CREATE UNIQUE INDEX log_message ON log(game_id, message_id, part) WHERE message_id IS NOT NULL;

-- Every platform message/interaction handled, with the answer given: the same id twice is applied once.
CREATE TABLE handled (
  message_id TEXT PRIMARY KEY,
  game_id INTEGER,
  at INTEGER NOT NULL,
  reply TEXT NOT NULL
);

-- The engine game after each resolution (and at the start): state, undo and turn-start JSON.
CREATE TABLE snapshots (
  game_id INTEGER NOT NULL REFERENCES games(id),
  seq INTEGER NOT NULL,            -- last log seq folded in (0: the start)
  turn INTEGER NOT NULL,           -- the turn open in this state
  at INTEGER NOT NULL,
  game TEXT NOT NULL,
  PRIMARY KEY (game_id, seq)
);
CREATE INDEX snapshots_turn ON snapshots(game_id, turn, seq);

-- Absolute times of the running turn (for rescheduling after a restart and for inspection).
CREATE TABLE timers (
  game_id INTEGER NOT NULL REFERENCES games(id),
  kind TEXT NOT NULL,              -- deadline | hardClose | reminder:<offset>
  at INTEGER NOT NULL,
  turn INTEGER NOT NULL,
  PRIMARY KEY (game_id, kind)
);

CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`,
  },
  {
    version: 2,
    sql: `
-- A player's own choices, across games: reminders by direct message instead of a mention in the channel.
CREATE TABLE user_prefs (
  user_id TEXT PRIMARY KEY,
  remind_dm INTEGER NOT NULL DEFAULT 0
);
`,
  },
  {
    version: 3,
    sql: `
-- Requests posted with Accept/Reject buttons: the post is edited to its outcome (and loses its buttons) when the
-- request is answered, countered, lapses or the game ends, also after a restart.
CREATE TABLE request_posts (
  game_id INTEGER NOT NULL REFERENCES games(id),
  message_id TEXT NOT NULL,
  request_id INTEGER NOT NULL,
  text TEXT NOT NULL,
  turn INTEGER NOT NULL,
  outcome TEXT,                    -- accepted | rejected | countered | lapsed | ended; NULL while open
  PRIMARY KEY (game_id, message_id)
);
CREATE INDEX request_posts_open ON request_posts(game_id) WHERE outcome IS NULL;
`,
  },
  {
    version: 4,
    sql: `
-- One platform, several games: each game row says which game module plays it (every game before this was
-- New European War), a player holds a seat (a country in New European War), and ratings are kept per game kind
-- for the games whose rules rate them (empty until Europe Duel fills it).
ALTER TABLE games ADD COLUMN kind TEXT NOT NULL DEFAULT 'neuwar';
ALTER TABLE players RENAME COLUMN country TO seat;
CREATE TABLE ratings (
  game_kind TEXT NOT NULL,
  user_id TEXT NOT NULL,
  rating REAL NOT NULL,
  games INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (game_kind, user_id)
);
`,
  },
  {
    version: 5,
    sql: `
-- Ratings (duel.md D9): each identity's standing per game kind gains its record and the name the boards show, and
-- every rated game leaves one result row (both identities, the result, how, each side's rating before and Δ),
-- written in the transaction that stores the game's end. \`scope\` files the game under a board: 'local' (the local
-- web channel) or 'discord:<guildId>' (NULL: a server the bot could not tell).
ALTER TABLE ratings ADD COLUMN wins INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN draws INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN losses INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN name TEXT NOT NULL DEFAULT '';
CREATE INDEX ratings_board ON ratings(game_kind, rating DESC);
CREATE TABLE rating_results (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  game_kind TEXT NOT NULL,
  game_id INTEGER NOT NULL REFERENCES games(id),
  channel_id TEXT NOT NULL,
  scope TEXT,
  a TEXT NOT NULL,                 -- identities: discord:<id> | local:<name> | bot:agent@v<N>
  b TEXT NOT NULL,
  a_seat TEXT NOT NULL,
  b_seat TEXT NOT NULL,
  result TEXT NOT NULL CHECK (result IN ('a','b','draw')),
  how TEXT NOT NULL,               -- the game's words: capital | score | technical | resign | …
  a_before INTEGER NOT NULL,
  b_before INTEGER NOT NULL,
  a_delta INTEGER NOT NULL,        -- the change applied (D9.3's Δ, or less at the floor)
  b_delta INTEGER NOT NULL,
  at INTEGER NOT NULL
);
-- A game is rated once, whatever retries its end.
CREATE UNIQUE INDEX rating_results_game ON rating_results(game_kind, game_id);
CREATE INDEX rating_results_a ON rating_results(game_kind, a, id);
CREATE INDEX rating_results_b ON rating_results(game_kind, b, id);
CREATE INDEX rating_results_scope ON rating_results(game_kind, scope);
`,
  },
  {
    version: 6,
    sql: `
-- Issue 16, several processes on one database: the process that writes a game holds the game's lease, taken when
-- it loads the game and renewed while it runs it. A lease not renewed by expires_at (ms) may be taken over by
-- another process; every commit that names its lease checks it in the same transaction.
CREATE TABLE leases (
  game_id INTEGER PRIMARY KEY REFERENCES games(id),
  holder TEXT NOT NULL,            -- host:pid:random of the process (a restarted process is a new holder)
  taken_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX leases_holder ON leases(holder);
`,
  },
];

/**
 * The same migrations for PostgreSQL (PgStore), version for version: the same tables, columns, keys and indexes in
 * PostgreSQL's types. Times in ms and ids are BIGINT (read back as numbers), REAL is DOUBLE PRECISION, an
 * AUTOINCREMENT id is an identity column (BY DEFAULT, so `db:copy` can keep a game's id). request_posts has one
 * column more, `ord`, for SQLite's implicit rowid: open posts are listed oldest first. JSON stays TEXT, as written.
 */
export const PG_MIGRATIONS: { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
CREATE TABLE games (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  channel_id TEXT NOT NULL,
  map_path TEXT NOT NULL,
  map_id TEXT NOT NULL,
  settings TEXT NOT NULL,
  live TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open','running','ended')),
  creator TEXT NOT NULL,
  judges TEXT NOT NULL DEFAULT '[]',
  created_at BIGINT NOT NULL,
  started_at BIGINT,
  ended_at BIGINT,
  status_message_id TEXT
);
CREATE UNIQUE INDEX games_channel_live ON games(channel_id) WHERE status <> 'ended';

CREATE TABLE players (
  game_id BIGINT NOT NULL REFERENCES games(id),
  country TEXT NOT NULL,
  user_id TEXT NOT NULL,
  name TEXT NOT NULL,
  joined_at BIGINT NOT NULL,
  PRIMARY KEY (game_id, country)
);
CREATE UNIQUE INDEX players_user ON players(game_id, user_id);

CREATE TABLE log (
  game_id BIGINT NOT NULL REFERENCES games(id),
  seq INTEGER NOT NULL,
  at BIGINT NOT NULL,
  entry TEXT NOT NULL,
  user_id TEXT,
  message_id TEXT,
  part INTEGER NOT NULL DEFAULT 0,
  undone INTEGER NOT NULL DEFAULT 0,
  turn INTEGER NOT NULL,
  PRIMARY KEY (game_id, seq)
);
CREATE UNIQUE INDEX log_message ON log(game_id, message_id, part) WHERE message_id IS NOT NULL;

CREATE TABLE handled (
  message_id TEXT PRIMARY KEY,
  game_id BIGINT,
  at BIGINT NOT NULL,
  reply TEXT NOT NULL
);

CREATE TABLE snapshots (
  game_id BIGINT NOT NULL REFERENCES games(id),
  seq INTEGER NOT NULL,
  turn INTEGER NOT NULL,
  at BIGINT NOT NULL,
  game TEXT NOT NULL,
  PRIMARY KEY (game_id, seq)
);
CREATE INDEX snapshots_turn ON snapshots(game_id, turn, seq);

CREATE TABLE timers (
  game_id BIGINT NOT NULL REFERENCES games(id),
  kind TEXT NOT NULL,
  at BIGINT NOT NULL,
  turn INTEGER NOT NULL,
  PRIMARY KEY (game_id, kind)
);

CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`,
  },
  {
    version: 2,
    sql: `
CREATE TABLE user_prefs (
  user_id TEXT PRIMARY KEY,
  remind_dm INTEGER NOT NULL DEFAULT 0
);
`,
  },
  {
    version: 3,
    sql: `
CREATE TABLE request_posts (
  game_id BIGINT NOT NULL REFERENCES games(id),
  message_id TEXT NOT NULL,
  request_id INTEGER NOT NULL,
  text TEXT NOT NULL,
  turn INTEGER NOT NULL,
  outcome TEXT,
  ord BIGINT GENERATED ALWAYS AS IDENTITY,
  PRIMARY KEY (game_id, message_id)
);
CREATE INDEX request_posts_open ON request_posts(game_id) WHERE outcome IS NULL;
`,
  },
  {
    version: 4,
    sql: `
ALTER TABLE games ADD COLUMN kind TEXT NOT NULL DEFAULT 'neuwar';
ALTER TABLE players RENAME COLUMN country TO seat;
CREATE TABLE ratings (
  game_kind TEXT NOT NULL,
  user_id TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  games INTEGER NOT NULL DEFAULT 0,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (game_kind, user_id)
);
`,
  },
  {
    version: 5,
    sql: `
ALTER TABLE ratings ADD COLUMN wins INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN draws INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN losses INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ratings ADD COLUMN name TEXT NOT NULL DEFAULT '';
CREATE INDEX ratings_board ON ratings(game_kind, rating DESC);
CREATE TABLE rating_results (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  game_kind TEXT NOT NULL,
  game_id BIGINT NOT NULL REFERENCES games(id),
  channel_id TEXT NOT NULL,
  scope TEXT,
  a TEXT NOT NULL,
  b TEXT NOT NULL,
  a_seat TEXT NOT NULL,
  b_seat TEXT NOT NULL,
  result TEXT NOT NULL CHECK (result IN ('a','b','draw')),
  how TEXT NOT NULL,
  a_before INTEGER NOT NULL,
  b_before INTEGER NOT NULL,
  a_delta INTEGER NOT NULL,
  b_delta INTEGER NOT NULL,
  at BIGINT NOT NULL
);
CREATE UNIQUE INDEX rating_results_game ON rating_results(game_kind, game_id);
CREATE INDEX rating_results_a ON rating_results(game_kind, a, id);
CREATE INDEX rating_results_b ON rating_results(game_kind, b, id);
CREATE INDEX rating_results_scope ON rating_results(game_kind, scope);
`,
  },
  {
    version: 6,
    sql: `
CREATE TABLE leases (
  game_id BIGINT PRIMARY KEY REFERENCES games(id),
  holder TEXT NOT NULL,
  taken_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX leases_holder ON leases(holder);
`,
  },
];
