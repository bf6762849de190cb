import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { InvalidEnvError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("runs with nothing configured: port 3000, ./data, SQLite, a localhost base URL", () => {
    const env = parseEnv({});
    expect(env).toEqual({
      nodeEnv: "production",
      port: 3000,
      host: undefined,
      baseUrl: "http://localhost:3000",
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      databasePool: { size: 10, timeoutMs: 5_000 },
      trustProxy: undefined,
      logLevel: "info",
      authSecret: undefined,
      smtpUrl: undefined,
      mailFrom: undefined,
      mailRatePerMinute: 120,
      google: undefined,
      adminEmails: [],
      maxUploadBytes: 10 * 1024 * 1024,
      webConcurrency: os.availableParallelism(),
      backup: { intervalHours: 24, folder: path.resolve("./data/backups"), keep: 7 },
      s3: undefined,
    });
  });

  it("reads the backup schedule: daily into DATA_DIR/backups keeping 7 unless set; 0 is off", () => {
    expect(
      parseEnv({ DATA_DIR: "/srv/site", BACKUP_INTERVAL_HOURS: "6", BACKUP_KEEP: "30" }).backup,
    ).toEqual({ intervalHours: 6, folder: "/srv/site/backups", keep: 30 });
    expect(parseEnv({ BACKUP_INTERVAL_HOURS: "0", BACKUP_DIR: "/mnt/b" }).backup).toMatchObject({
      intervalHours: 0,
      folder: "/mnt/b",
    });
    expect(() => parseEnv({ BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP: must be at least 1/);
    expect(() => parseEnv({ BACKUP_INTERVAL_HOURS: "daily" })).toThrow(
      /BACKUP_INTERVAL_HOURS: must be a number of hours/,
    );
  });

  it("reads the number of HTTP workers, one per core unless set", () => {
    expect(parseEnv({ WEB_CONCURRENCY: "3" }).webConcurrency).toBe(3);
    expect(parseEnv({ WEB_CONCURRENCY: " " }).webConcurrency).toBe(os.availableParallelism());
    expect(() => parseEnv({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY: must be at least 1/);
    expect(() => parseEnv({ WEB_CONCURRENCY: "two" })).toThrow(
      /WEB_CONCURRENCY: must be a number of worker processes/,
    );
  });

  it("reads the PostgreSQL pool's size and wait", () => {
    expect(
      parseEnv({ DATABASE_POOL_SIZE: "3", DATABASE_POOL_TIMEOUT_MS: "250" }).databasePool,
    ).toEqual({ size: 3, timeoutMs: 250 });
    expect(() => parseEnv({ DATABASE_POOL_SIZE: "0" })).toThrow(
      /DATABASE_POOL_SIZE: must be at least 1/,
    );
    expect(() => parseEnv({ DATABASE_POOL_TIMEOUT_MS: "soon" })).toThrow(
      /DATABASE_POOL_TIMEOUT_MS: must be a number of milliseconds/,
    );
  });

  it("reads the upload limit in megabytes and S3 settings only with a bucket", () => {
    expect(parseEnv({ MAX_UPLOAD_MB: "2.5" }).maxUploadBytes).toBe(2_621_440);
    expect(() => parseEnv({ MAX_UPLOAD_MB: "0" })).toThrow(/MAX_UPLOAD_MB: must be more than 0/);
    expect(parseEnv({ S3_REGION: "eu-west-1" }).s3).toBeUndefined();
    expect(
      parseEnv({
        S3_BUCKET: "abstracts",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_FORCE_PATH_STYLE: "true",
      }).s3,
    ).toEqual({
      bucket: "abstracts",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
    });
  });

  it("turns Google sign-in on with a client ID, with Google's discovery document unless overridden", () => {
    expect(parseEnv({ GOOGLE_CLIENT_ID: "id" }).google).toEqual({
      clientId: "id",
      clientSecret: undefined,
      discoveryUrl: "https://accounts.google.com/.well-known/openid-configuration",
    });
    expect(
      parseEnv({
        GOOGLE_CLIENT_ID: "id",
        GOOGLE_DISCOVERY_URL: "http://localhost:3127/.well-known/openid-configuration",
      }).google?.discoveryUrl,
    ).toBe("http://localhost:3127/.well-known/openid-configuration");
    expect(parseEnv({ GOOGLE_CLIENT_SECRET: "secret" }).google).toBeUndefined();
  });

  it("reads ADMIN_EMAILS as a lowercased list and refuses entries that are not addresses", () => {
    expect(parseEnv({ ADMIN_EMAILS: " Chair@Example.edu, ,web@example.edu " }).adminEmails).toEqual(
      ["chair@example.edu", "web@example.edu"],
    );
    expect(() => parseEnv({ ADMIN_EMAILS: "chair@example.edu, not-an-address" })).toThrow(
      /ADMIN_EMAILS/,
    );
  });

  it("refuses a short BETTER_AUTH_SECRET and a mail URL that is not SMTP", () => {
    expect(() => parseEnv({ BETTER_AUTH_SECRET: "short" })).toThrow(
      /BETTER_AUTH_SECRET: must be at least 32/,
    );
    expect(() => parseEnv({ SMTP_URL: "http://mail.example.edu" })).toThrow(
      /SMTP_URL: must be an smtp/,
    );
    expect(parseEnv({ SMTP_URL: "smtps://user:pw@mail.example.edu:465" }).smtpUrl).toBe(
      "smtps://user:pw@mail.example.edu:465",
    );
  });

  it("derives the base URL from PORT and drops a trailing slash from BASE_URL", () => {
    expect(parseEnv({ PORT: "8080" }).baseUrl).toBe("http://localhost:8080");
    expect(parseEnv({ BASE_URL: "https://sculc.example.edu/" }).baseUrl).toBe(
      "https://sculc.example.edu",
    );
  });

  it("treats empty values as unset, as a .env template with blank lines would have them", () => {
    const env = parseEnv({ DATABASE_URL: "", BASE_URL: " ", HOST: "" });
    expect(env.databaseUrl).toBeUndefined();
    expect(env.baseUrl).toBe("http://localhost:3000");
    expect(env.host).toBeUndefined();
  });

  it("accepts postgres URLs and refuses other database URLs with a clear reason", () => {
    expect(parseEnv({ DATABASE_URL: "postgresql://u@h/db" }).databaseUrl).toBe(
      "postgresql://u@h/db",
    );
    expect(() => parseEnv({ DATABASE_URL: "mysql://u@h/db" })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL/,
    );
  });

  it("understands TRUST_PROXY as a flag, a hop count or a list of addresses", () => {
    expect(parseEnv({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(parseEnv({ TRUST_PROXY: "false" }).trustProxy).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).trustProxy).toBe(
      "loopback, 10.0.0.0/8",
    );
  });

  it("lists every bad variable at once, each with its reason", () => {
    let error: unknown;
    try {
      parseEnv({ PORT: "eighty", BASE_URL: "ftp://example.org", LOG_LEVEL: "loud" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidEnvError);
    const problems = (error as InvalidEnvError).problems;
    expect(problems).toHaveLength(3);
    expect(problems.find((problem) => problem.startsWith("PORT:"))).toContain("must be a number");
    expect(problems.find((problem) => problem.startsWith("BASE_URL:"))).toContain("http://");
    expect(problems.find((problem) => problem.startsWith("LOG_LEVEL:"))).toBeDefined();
    expect((error as Error).message).toMatch(/^Invalid configuration:\n {2}- /);
  });

  it("refuses ports out of range", () => {
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT: must be between 1 and 65535/);
  });
});
