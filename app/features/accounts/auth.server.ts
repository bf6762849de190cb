import { betterAuth } from "better-auth";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import type { Logger } from "pino";
import { site } from "~/content/site";
import { clientAddressHeader } from "~/lib/client-address.server";
import type { DatabaseHandle } from "~/lib/db/database.server";
import { getDatabase } from "~/lib/db/db.server";
import { type Env, getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { getMailer, type Mailer } from "~/lib/mail/mailer.server";
import { singleton } from "~/lib/singleton.server";
import {
  existingAccountEmail,
  passwordResetEmail,
  verificationEmail,
} from "./account-emails.server";
import { logAccountEvent } from "./account-log.server";
import { resolveAuthSecret } from "./auth-secret.server";
import { hashPasswordForAuth, verifyPasswordForAuth } from "./password-hash.server";
import { passwordLimits } from "./password-rules";
import { accountPaths, explicitReturnPath } from "./paths";
import { clearFailedSignIns } from "./rate-limits.server";

export const googleProviderId = "google";

export type AuthConfig = Pick<Env, "baseUrl" | "google"> & {
  secret: string;
  /** Origins besides BASE_URL that may post to the auth endpoints (development and tests). */
  extraTrustedOrigins?: string[];
};

export type AuthDependencies = {
  database: DatabaseHandle;
  mailer: Mailer;
  logger: Pick<Logger, "info" | "warn" | "error">;
  config: AuthConfig;
};

/**
 * Mail and other slow side effects run after the response: the request neither waits for the mail
 * server nor holds a database transaction open, and an existing address answers as fast as a new one.
 * Pending work is kept so that shutdown (and tests) can wait for it.
 */
export function createBackgroundTasks(logger: Pick<Logger, "error">) {
  const pending = new Set<Promise<unknown>>();
  return {
    handler: (promise: Promise<unknown>) => {
      const tracked = promise
        .catch((error: unknown) => logger.error({ err: error }, "background task failed"))
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    settle: async () => {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

export function createAuth({ database, mailer, logger, config }: AuthDependencies) {
  const background = createBackgroundTasks(logger);
  const link = (pathname: string, query: Record<string, string>) =>
    `${config.baseUrl}${pathname}?${new URLSearchParams(query)}`;
  const isHttps = config.baseUrl.startsWith("https://");

  const auth = betterAuth({
    appName: site.name,
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret: config.secret,
    database: { db: database.db, type: database.dialect, transaction: true },
    telemetry: { enabled: false },
    // Its messages join the server's JSON log instead of printing their own lines.
    logger: {
      level: "warn",
      log: (level, message, ...details) => {
        const method = level === "error" ? "error" : level === "warn" ? "warn" : "info";
        logger[method](
          { source: "better-auth", details: details.length ? details : undefined },
          message,
        );
      },
    },
    trustedOrigins: [config.baseUrl, ...(config.extraTrustedOrigins ?? [])],
    // Our route actions apply their own limits, stored in the database and keyed by the client address
    // the server trusts (features/accounts/rate-limits.server.ts); better-auth's limiter keeps counts in
    // one process's memory.
    rateLimit: { enabled: false },
    user: {
      additionalFields: {
        firstName: { type: "string", required: false, defaultValue: "", input: true },
        lastName: { type: "string", required: false, defaultValue: "", input: true },
        // Optional; pre-fills the presenting author's affiliation on the submit form.
        affiliation: { type: "string", required: false, defaultValue: "", input: true },
        role: { type: "string", required: false, defaultValue: "user", input: false },
        // Whether the person has given their names (the profile): set by registration and by
        // /complete-profile, never by a Google sign-in alone, which only proves the address.
        profileCompleted: { type: "boolean", required: false, defaultValue: false, input: false },
        mailboxConfirmedAt: { type: "date", required: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // Every request reads the session row, so a signed-out (deleted) session is refused at once.
      cookieCache: { enabled: false },
    },
    account: {
      accountLinking: {
        enabled: true,
        // A Google identity joins an existing account only when both sides proved the address.
        requireLocalEmailVerified: true,
        trustedProviders: [],
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      // Registration hashes before better-auth's transaction opens, and hashes take turns
      // (password-hash.server.ts).
      password: { hash: hashPasswordForAuth, verify: verifyPasswordForAuth },
      minPasswordLength: passwordLimits.min,
      maxPasswordLength: passwordLimits.max,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // The reset link reached the mailbox, which is all that verifying the address proves; and the new
      // password is the mailbox owner's own, so ADMIN_EMAILS may apply (admin-email-rule.server.ts).
      // A stranger's failed guesses at the account no longer keep its owner out.
      onPasswordReset: async ({ user }) => {
        const now = new Date();
        await database.db
          .updateTable("user")
          .set({
            emailVerified: database.dialect === "postgres" ? true : 1,
            mailboxConfirmedAt: database.dialect === "postgres" ? now : now.toISOString(),
          })
          .where("id", "=", user.id)
          .execute();
        await clearFailedSignIns(user.email, undefined, database);
      },
      sendResetPassword: async ({ user, token }) => {
        await mailer.send(
          passwordResetEmail({
            to: user.email,
            resetUrl: link(accountPaths.resetPassword, { token }),
          }),
          "Password reset requested",
        );
      },
      onExistingUserSignUp: async ({ user }) => {
        await mailer.send(
          existingAccountEmail({
            to: user.email,
            loginUrl: `${config.baseUrl}${accountPaths.login}`,
            forgotPasswordUrl: `${config.baseUrl}${accountPaths.forgotPassword}`,
          }),
          "Registration with an address that has an account",
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url, token }) => {
        // Registration passes the page the visitor came from as better-auth's callbackURL: the link
        // carries it on, so the verified visitor logs in and lands back there.
        const returnPath = explicitReturnPath(new URL(url).searchParams.get("callbackURL"));
        await mailer.send(
          verificationEmail({
            to: user.email,
            verifyUrl: link(accountPaths.verifyEmail, {
              token,
              ...(returnPath && returnPath !== "/" ? { redirectTo: returnPath } : {}),
            }),
          }),
          "Registration",
        );
      },
    },
    databaseHooks: {
      account: {
        create: {
          // A verified Google identity on an account with no password: nobody but the mailbox's owner
          // holds a way in, so ADMIN_EMAILS may apply. Google joining an account that already has a
          // password proves nothing about who chose that password: its owner resets it first.
          after: async (account) => {
            if (account.providerId !== googleProviderId) return;
            await confirmMailboxIfPasswordless(database, account.userId);
          },
        },
      },
      session: {
        create: {
          // A Google sign-in ends in better-auth's callback, not in our action: it is logged here (a
          // password sign-in is logged by signInWithPassword).
          after: async (session, context) => {
            if (!context?.path?.startsWith("/oauth2/callback")) return;
            logAccountEvent(
              "sign-in",
              { userId: session.userId, address: session.ipAddress ?? undefined, reason: "google" },
              logger,
            );
          },
        },
      },
      user: {
        create: {
          // Registration collects the names, so the profile is complete from the start.
          before: async (user, context) =>
            context?.path === "/sign-up/email"
              ? { data: { ...user, profileCompleted: true } }
              : { data: user },
        },
      },
    },
    advanced: {
      useSecureCookies: isHttps,
      ipAddress: { ipAddressHeaders: [clientAddressHeader] },
      backgroundTasks: { handler: background.handler },
    },
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: googleProviderId,
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                discoveryUrl: config.google.discoveryUrl,
                scopes: ["openid", "email", "profile"],
                pkce: true,
                // The provider's word on the address counts: an unverified one cannot sign in.
                requireEmailVerification: true,
                mapProfileToUser: (profile) => ({
                  firstName: typeof profile.given_name === "string" ? profile.given_name : "",
                  lastName: typeof profile.family_name === "string" ? profile.family_name : "",
                  emailVerified: profile.email_verified === true,
                }),
              },
            ],
          }),
        ]
      : [],
  });
  return Object.assign(auth, { settleBackgroundTasks: background.settle });
}

export type Auth = ReturnType<typeof createAuth>;

async function confirmMailboxIfPasswordless(database: DatabaseHandle, userId: string) {
  const withPassword = await database.db
    .selectFrom("account")
    .select("id")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .where("password", "is not", null)
    .executeTakeFirst();
  if (withPassword) return;
  const now = new Date();
  await database.db
    .updateTable("user")
    .set({ mailboxConfirmedAt: database.dialect === "postgres" ? now : now.toISOString() })
    .where("id", "=", userId)
    .where("mailboxConfirmedAt", "is", null)
    .execute();
}

/** The process's auth instance, configured from the environment. */
export function getAuth(): Auth {
  return singleton("auth", () => {
    const env = getEnv();
    const logger = getLogger();
    return createAuth({
      database: getDatabase(),
      mailer: getMailer(),
      logger,
      config: {
        baseUrl: env.baseUrl,
        google: env.google,
        secret: resolveAuthSecret(env, logger),
        extraTrustedOrigins: env.nodeEnv === "production" ? [] : localOrigins(env.port),
      },
    });
  });
}

function localOrigins(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

/**
 * Says at start whether Google sign-in is usable: better-auth skips a provider whose discovery document
 * cannot be fetched, and an operator should hear about that before a visitor does.
 */
export async function checkGoogleSignIn(
  auth: Auth,
  env: Pick<Env, "google">,
  logger: Pick<Logger, "info" | "error">,
) {
  if (!env.google) {
    logger.info("Google sign-in is off: GOOGLE_CLIENT_ID is not set");
    return;
  }
  const context = await auth.$context;
  const isReady = context.socialProviders.some((provider) => provider.id === googleProviderId);
  if (isReady) logger.info({ discoveryUrl: env.google.discoveryUrl }, "Google sign-in is on");
  else
    logger.error(
      { discoveryUrl: env.google.discoveryUrl },
      `Google sign-in is unavailable: the discovery document at ${env.google.discoveryUrl} could not be read. Check GOOGLE_DISCOVERY_URL and the network, then restart.`,
    );
}
