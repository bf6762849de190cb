import type { Generated } from "kysely";

/**
 * The database schema as Kysely sees it. Column names are snake_case; timestamps are ISO-8601 strings in
 * UTC so that SQLite and PostgreSQL read and write them the same way.
 */
export interface Database {
  app_setting: AppSettingTable;
}

/** Site-wide settings changed at run time (for example whether the call for abstracts is open). */
export interface AppSettingTable {
  key: string;
  value: string;
  updated_at: Generated<string>;
}
