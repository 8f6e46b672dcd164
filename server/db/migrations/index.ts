import type { Migration, MigrationProvider } from 'kysely/migration';
import { migration as m001 } from './001_accounts_mowers_sharing.ts';
import { migration as m002 } from './002_comments.ts';
import { migration as m003 } from './003_oauth_records.ts';
import { migration as m004 } from './004_policy_and_newsletter.ts';
import { migration as m005 } from './005_messages.ts';
import { migration as m006 } from './006_voice_links.ts';
import { migration as m007 } from './007_shared_limits.ts';
import { migration as m008 } from './008_fleet.ts';
import { migration as m009 } from './009_live_tickets.ts';
import { migration as m010 } from './010_alexa_skill.ts';
import { migration as m011 } from './011_session_refresh_retry.ts';
import { migration as m012 } from './012_used_refresh_tokens.ts';
import { migration as m013 } from './013_mqtt_credential_origin.ts';
import { migration as m014 } from './014_oauth_refresh_retry.ts';
import { migration as m015 } from './015_retry_answer_sweep.ts';
import { migration as m016 } from './016_commands_under_abuse.ts';
import { migration as m017 } from './017_message_types.ts';
import { migration as m018 } from './018_live_ticket_origin.ts';
import { migration as m019 } from './019_command_results.ts';

/**
 * Migrations, one file each, in order. Each runs once, in a transaction, on SQLite and PostgreSQL alike; never edit
 * one that has shipped: add the next file and list it here.
 */
const migrations: Record<string, Migration> = {
  '001_accounts_mowers_sharing': m001,
  '002_comments': m002,
  '003_oauth_records': m003,
  '004_policy_and_newsletter': m004,
  '005_messages': m005,
  '006_voice_links': m006,
  '007_shared_limits': m007,
  '008_fleet': m008,
  '009_live_tickets': m009,
  '010_alexa_skill': m010,
  '011_session_refresh_retry': m011,
  '012_used_refresh_tokens': m012,
  '013_mqtt_credential_origin': m013,
  '014_oauth_refresh_retry': m014,
  '015_retry_answer_sweep': m015,
  '016_commands_under_abuse': m016,
  '017_message_types': m017,
  '018_live_ticket_origin': m018,
  '019_command_results': m019,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
