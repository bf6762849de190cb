/**
 * The words of granting and revoking roles (admin, reviewer, editor), written once: the user table's answers
 * and the `npm run admin` command's. Every refusal names the address it is about and changes nothing.
 */
export type RoleRefusal = "no-account" | "configured-admin" | "own-admin-right" | "account-gone";

/** A role command refused: why, and the address it was about (as typed, normalised). */
export type RoleRefused = { ok: false; reason: RoleRefusal; email: string };

/** A role command done: whether anything changed (granting a role held already changes nothing). */
export type RoleChange = { changed: boolean; email: string };

export const roleRefusalMessages: Record<RoleRefusal, (email: string) => string> = {
  "no-account": (email) => `No account uses ${email}. Ask them to register first.`,
  "configured-admin": (email) =>
    `${email} is an admin through ADMIN_EMAILS; remove it from that setting instead.`,
  "own-admin-right": () => "You cannot revoke your own admin right.",
  "account-gone": () => "That account no longer exists.",
};

export const roleMessages = {
  adminGranted: (email: string) => `${email} was made an admin successfully.`,
  adminRevoked: (email: string) => `Admin rights were removed from ${email} successfully.`,
  reviewerGranted: (email: string) => `${email} was made a reviewer successfully.`,
  reviewerRevoked: (email: string, droppedAssignments: number) => {
    const unassigned = droppedAssignments
      ? `; ${droppedAssignments} unfinished ${droppedAssignments === 1 ? "review was" : "reviews were"} unassigned`
      : "";
    return `The reviewer role was removed from ${email} successfully${unassigned}.`;
  },
  editorGranted: (email: string) =>
    `${email} was made an editor successfully. They can now edit the site's content.`,
  editorAlready: (email: string) => `${email} is already an editor; nothing changed.`,
  editorRevoked: (email: string) =>
    `The editor role was removed from ${email} successfully. They can no longer edit the site's content.`,
  editorNotHeld: (email: string) => `${email} is not an editor; nothing changed.`,
} as const;

export function describeRoleRefusal(refused: RoleRefused): string {
  return roleRefusalMessages[refused.reason](refused.email);
}
