import type { Generated, Selectable } from 'kysely';

/**
 * The database schema as Kysely sees it. Columns use types that mean the same on SQLite and PostgreSQL:
 * text ids, ISO-8601 UTC timestamps as text (they sort as time), integers, and 0/1 for flags
 * (docs/decisions/002-one-schema-for-sqlite-and-postgresql.md).
 */

export interface AccountTable {
  id: string;
  email: string;
  phone: string | null;
  password_hash: string;
  display_name: string;
  created_at: string;
}

/** First-party sessions of the native app; tokens are stored only as SHA-256 hashes. */
export interface SessionTable {
  id: string;
  account_id: string;
  access_token_hash: string;
  refresh_token_hash: string;
  access_expires_at: string;
  refresh_expires_at: string;
  created_at: string;
  revoked_at: string | null;
  /** The refresh token this session's current pair replaced (hash), answered again until `retry_until`. */
  previous_refresh_token_hash: string | null;
  retry_until: string | null;
  /** The answer that replaced it, AES-256-GCM under a key derived from that refresh token (never stored). */
  retry_answer: string | null;
}

/**
 * The refresh tokens first-party sessions rotated away (SHA-256 hashes), until `expires_at` (a refresh token's
 * lifetime after its use). One presented again until `retry_until` is a client's retry; later, theft, which ends
 * its session (server/modules/accounts/sessions.ts).
 */
export interface UsedRefreshTokenTable {
  token_hash: string;
  session_id: string;
  retry_until: string;
  expires_at: string;
}

export interface MowerTable {
  serial_number: string;
  owner_id: string;
  name: string;
  model: string;
  battery_percent: number;
  winter_mode: Generated<number>;
  created_at: string;
  /** The fleet's live state (server/modules/fleet, docs/decisions/014-fleet-model.md). */
  state: Generated<string>;
  at_station: Generated<number>;
  battery_progress_ms: Generated<number>;
  error_reason: string | null;
  return_reason: string | null;
  job_left_ms: Generated<number>;
  job_mowed_ms: Generated<number>;
  total_mowing_seconds: Generated<number>;
  return_left_ms: Generated<number>;
  resume_after_charge: Generated<number>;
  rain_until: string | null;
  online: Generated<number>;
  firmware_version: Generated<string>;
  state_since: string | null;
  advanced_to: string | null;
  next_event_at: string | null;
  state_version: Generated<number>;
}

/**
 * MQTT credentials for a linked service (the password only as a SHA-256 hash), and what they were issued under:
 * exactly one of a first-party session and an OAuth grant. They work only while that lives.
 */
export interface MqttCredentialTable {
  username: string;
  account_id: string;
  password_hash: string;
  may_control: number;
  client_id: string | null;
  session_id: string | null;
  grant_id: string | null;
  expires_at: string;
  created_at: string;
}

/** A single-use ticket for a page's live stream of one mower (the ticket only as a SHA-256 hash). */
export interface LiveTicketTable {
  ticket_hash: string;
  account_id: string;
  mower_serial: string;
  expires_at: string;
  /** What the ticket was issued under (server/db/credential-origins.ts): the app's session, or a linked service's grant. */
  session_id: string | null;
  grant_id: string | null;
}

export interface MowerShareTable {
  mower_serial: string;
  account_id: string;
  invitation_id: string | null;
  created_at: string;
}

export type InvitationStatus = 'pending' | 'accepted' | 'rejected' | 'cancelled';

export interface InvitationTable {
  id: string;
  mower_serial: string;
  inviter_id: string;
  invitee_id: string;
  status: InvitationStatus;
  expires_at: string;
  created_at: string;
  responded_at: string | null;
}

/** Everything oidc-provider persists (docs/decisions/005-oauth-server.md), as JSON text per model and id. */
export interface OAuthRecordTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: string | null;
  consumed_at: string | null;
  /** The payload's `accountId` and `clientId`, where it has them: link state is read by account and client. */
  account_id: string | null;
  client_id: string | null;
  /** A used refresh token's answer, sealed for a retry within its grace (server/modules/oauth/refresh-replay.ts). */
  retry_answer: string | null;
}

/** Alexa app-to-app linking in progress: the state's SHA-256, the account that started, the PKCE verifier. */
export interface AlexaLinkStateTable {
  state_hash: string;
  account_id: string;
  code_verifier: string;
  expires_at: string;
  created_at: string;
}

/** Amazon's tokens for a link made app-to-app (one per grant of ours), to disable the skill when the user unlinks. */
export interface AlexaAmazonLinkTable {
  grant_id: string;
  account_id: string;
  access_token: string;
  refresh_token: string;
  access_expires_at: string;
  created_at: string;
}

/**
 * The Alexa skill's memory per account: the Alexa user it was last used by (skill events carry only that) and the
 * active mower, so that "Alexa, ask Segway robot for the battery" needs no name once a mower was chosen.
 */
export interface AlexaSkillAccountTable {
  account_id: string;
  alexa_user_id: string;
  active_mower_serial: string | null;
  updated_at: string;
}

/** Ratings and comments from the comment tool; `topic` is one of common/comments.ts's COMMENT_TOPICS. */
export interface CommentTable {
  id: string;
  account_id: string;
  mower_serial: string | null;
  rating: number;
  topic: string | null;
  comment: string | null;
  idempotency_key: string | null;
  created_at: string;
}

export interface PolicyConsentTable {
  account_id: string;
  version: string;
  agreed_at: string;
}

export interface NewsletterSubscriptionTable {
  email: string;
  account_id: string | null;
  language: string;
  subscribed_at: string;
}

/** Why the newsletter popup no longer shows for an account. */
export interface NewsletterPromptTable {
  account_id: string;
  hidden_at: string;
  reason: 'subscribed' | 'dismissed';
}

export interface MessageTable {
  id: string;
  mower_serial: string | null;
  category: string;
  type: string;
  /** JSON of the type's parameters (common/messages.ts). */
  params: string;
  severity: string;
  fault_code: string | null;
  created_at: string;
  /** How often the event happened: a work-log event repeated within minutes counts into one message. */
  occurrences: Generated<number>;
  /** When it last happened; null while it happened once. */
  last_occurred_at: string | null;
}

/** One reader's copy of a message, with its read state. */
export interface MessageInboxTable {
  account_id: string;
  message_id: string;
  category: string;
  created_at: string;
  read_at: string | null;
}

export interface Database {
  accounts: AccountTable;
  sessions: SessionTable;
  used_refresh_tokens: UsedRefreshTokenTable;
  mowers: MowerTable;
  mower_shares: MowerShareTable;
  invitations: InvitationTable;
  oauth_records: OAuthRecordTable;
  comments: CommentTable;
  policy_consents: PolicyConsentTable;
  newsletter_subscriptions: NewsletterSubscriptionTable;
  newsletter_prompts: NewsletterPromptTable;
  messages: MessageTable;
  message_inbox: MessageInboxTable;
  sign_in_failures: SignInFailureTable;
  rate_limit_windows: RateLimitWindowTable;
  alexa_link_states: AlexaLinkStateTable;
  alexa_amazon_links: AlexaAmazonLinkTable;
  alexa_skill_accounts: AlexaSkillAccountTable;
  mqtt_credentials: MqttCredentialTable;
  live_tickets: LiveTicketTable;
  command_buckets: CommandBucketTable;
  command_results: CommandResultTable;
  live_cadence_lease: LiveCadenceLeaseTable;
}

/** One failed (or not yet proven) sign-in attempt under one throttle key; `at` in ms since the epoch. */
export interface SignInFailureTable {
  id: string;
  key: string;
  /** bigint: PostgreSQL's driver hands it back as text. */
  at: number | string;
}

/** A fixed window of requests counted for one rate-limit key; `started_at` in ms since the epoch. */
export interface RateLimitWindowTable {
  key: string;
  started_at: number | string;
  count: number;
}

/** A token bucket of commands (a mower's, an account's); `credit` in 1/60 000 of a command, `updated_at` in ms. */
export interface CommandBucketTable {
  key: string;
  credit: number | string;
  updated_at: number | string;
}

/** A command of `sendCommands` as `responseCommands` answers it; times in ms since the epoch. */
export interface CommandResultTable {
  cmd_num: string;
  account_id: string;
  device_id: string;
  /** Why it failed; null: it succeeded (or there was nothing to do). */
  error_code: string | null;
  created_at: number | string;
  /** Until then the command is in progress (the mower has not confirmed it yet). */
  done_at: number | string;
}

/** Which process sends the live cadence (one row, `cadence`): its holder until `expires_at`, in ms since the epoch. */
export interface LiveCadenceLeaseTable {
  id: string;
  holder: string;
  expires_at: number | string;
}

export type Account = Selectable<AccountTable>;
export type Mower = Selectable<MowerTable>;
