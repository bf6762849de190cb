import type { TestDatabase } from "./test-databases";

/** Inserts a verified account with a complete profile, as registration would leave it. */
export async function insertTestUser(
  database: TestDatabase,
  user: { id: string; email: string; firstName?: string; lastName?: string; role?: string },
) {
  const now = new Date().toISOString();
  const yes = database.dialect === "postgres" ? true : 1;
  await database.db
    .insertInto("user")
    .values({
      id: user.id,
      email: user.email,
      name: `${user.firstName ?? user.id} ${user.lastName ?? "Tester"}`,
      emailVerified: yes,
      image: null,
      createdAt: now,
      updatedAt: now,
      firstName: user.firstName ?? user.id,
      lastName: user.lastName ?? "Tester",
      role: user.role ?? "user",
      profileCompleted: yes,
    })
    .execute();
}
