import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { StartupError } from "./startup-error";

const portSchema = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .min(1, "must be between 1 and 65535")
  .max(65535, "must be between 1 and 65535");

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: portSchema.default(3000),
  HOST: optionalString,
  BASE_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
  ),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(
        /^(postgres|postgresql):\/\//,
        "must be a postgres:// URL (leave it unset to use the embedded SQLite database)",
      )
      .optional(),
  ),
  TRUST_PROXY: optionalString.pipe(
    z
      .string()
      .regex(
        /^(true|false|\d+|[\w.:/,\s-]+)$/,
        "must be true, false, a number of hops, or a list of proxy addresses",
      )
      .optional(),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  BETTER_AUTH_SECRET: optionalString.pipe(
    z
      .string()
      .min(32, "must be at least 32 characters (for example `openssl rand -base64 32`)")
      .optional(),
  ),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(
        /^smtps?:\/\//,
        "must be an smtp:// or smtps:// URL (leave it unset to write mail to DATA_DIR/mail)",
      )
      .optional(),
  ),
  MAIL_FROM: optionalString,
  MAIL_RATE_PER_MINUTE: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: "must be a number of messages per minute" })
      .int("must be a whole number")
      .min(0, "must be 0 (no limit) or more")
      .max(100_000, "must be at most 100000")
      .optional(),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_DISCOVERY_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  ),
  ADMIN_EMAILS: optionalString.pipe(
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email("must be a comma-separated list of email addresses")))
      .optional(),
  ),
  MAX_UPLOAD_MB: z.coerce
    .number({ error: "must be a number of megabytes" })
    .positive("must be more than 0")
    .max(100, "must be at most 100")
    .default(10),
  WEB_CONCURRENCY: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: "must be a number of worker processes" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(64, "must be at most 64")
      .optional(),
  ),
  DATABASE_POOL_SIZE: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: "must be a number of connections" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(1000, "must be at most 1000")
      .optional(),
  ),
  DATABASE_POOL_TIMEOUT_MS: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: "must be a number of milliseconds" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(60_000, "must be at most 60000")
      .optional(),
  ),
  BACKUP_INTERVAL_HOURS: optionalString.pipe(
    z.coerce
      .number<string | undefined>({
        error: "must be a number of hours (0 turns scheduled backups off)",
      })
      .min(0, "must be 0 (off) or more")
      .max(24 * 31, "must be at most 744 (a month)")
      .optional(),
  ),
  BACKUP_DIR: optionalString,
  BACKUP_KEEP: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: "must be a number of backups" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(1000, "must be at most 1000")
      .optional(),
  ),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ENDPOINT: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: optionalString.pipe(
    z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  ),
});

const googleDiscoveryDefault = "https://accounts.google.com/.well-known/openid-configuration";

export type Env = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string | undefined;
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL only: connections per worker process, and how long a query waits for one. */
  databasePool: { size: number; timeoutMs: number };
  trustProxy: boolean | number | string | undefined;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /** Undefined means "generate one into DATA_DIR on first start" (see features/accounts/auth-secret.server.ts). */
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  /** Messages per minute over every server; 0 sends as fast as the mail server takes them. */
  mailRatePerMinute: number;
  /** Google sign-in is on only when a client ID is configured. */
  google: { clientId: string; clientSecret: string | undefined; discoveryUrl: string } | undefined;
  adminEmails: string[];
  maxUploadBytes: number;
  /** HTTP worker processes the supervisor keeps running (server/supervisor.ts); default one per core. */
  webConcurrency: number;
  /** Scheduled backups, run by the supervisor; `intervalHours` 0 is off. */
  backup: { intervalHours: number; folder: string; keep: number };
  /** Uploads go to this S3-compatible bucket when set, else to DATA_DIR/uploads. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
};

export class InvalidEnvError extends StartupError {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "InvalidEnvError";
  }
}

function parseTrustProxy(value: string | undefined): Env["trustProxy"] {
  if (value === undefined || value === "false") return undefined;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Reads and validates configuration; throws InvalidEnvError listing every bad variable at once. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new InvalidEnvError(
      result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    );
  }
  const values = result.data;
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    baseUrl: values.BASE_URL ?? `http://localhost:${values.PORT}`,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databasePool: {
      size: values.DATABASE_POOL_SIZE ?? 10,
      timeoutMs: values.DATABASE_POOL_TIMEOUT_MS ?? 5_000,
    },
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    logLevel: values.LOG_LEVEL,
    authSecret: values.BETTER_AUTH_SECRET,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    mailRatePerMinute: values.MAIL_RATE_PER_MINUTE ?? 120,
    google: values.GOOGLE_CLIENT_ID
      ? {
          clientId: values.GOOGLE_CLIENT_ID,
          clientSecret: values.GOOGLE_CLIENT_SECRET,
          discoveryUrl: values.GOOGLE_DISCOVERY_URL ?? googleDiscoveryDefault,
        }
      : undefined,
    adminEmails: values.ADMIN_EMAILS ?? [],
    maxUploadBytes: Math.round(values.MAX_UPLOAD_MB * 1024 * 1024),
    webConcurrency: values.WEB_CONCURRENCY ?? os.availableParallelism(),
    backup: {
      intervalHours: values.BACKUP_INTERVAL_HOURS ?? 24,
      folder: path.resolve(values.BACKUP_DIR ?? path.join(values.DATA_DIR, "backups")),
      keep: values.BACKUP_KEEP ?? 7,
    },
    s3: values.S3_BUCKET
      ? {
          bucket: values.S3_BUCKET,
          region: values.S3_REGION ?? "us-east-1",
          endpoint: values.S3_ENDPOINT,
          accessKeyId: values.S3_ACCESS_KEY_ID,
          secretAccessKey: values.S3_SECRET_ACCESS_KEY,
          forcePathStyle: values.S3_FORCE_PATH_STYLE === "true",
        }
      : undefined,
  };
}

let current: Env | undefined;

/** The validated configuration of this process, read once. */
export function getEnv(): Env {
  current ??= parseEnv(process.env);
  return current;
}
