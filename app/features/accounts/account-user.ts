/** What the account pages and guards know about a signed-in person. */
export type AccountUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isEmailVerified: boolean;
  hasProfile: boolean;
  /** Granted the admin role, or listed in ADMIN_EMAILS. */
  isAdmin: boolean;
  /** Holds the reviewer role (read with the session). */
  isReviewer: boolean;
  /**
   * Holds the editor role (read with the session). Admins edit the content without it: ask
   * `canEditContent`, not this flag, who may.
   */
  isEditor: boolean;
};

/** The header's view of the visitor: enough for the Profile, Review, Site content and User Data links. */
export type Viewer = {
  firstName: string;
  isAdmin: boolean;
  isReviewer: boolean;
  isEditor: boolean;
} | null;

/** Who may edit the site's public content: admins, and accounts holding the editor role. */
export function canEditContent(user: Pick<AccountUser, "isAdmin" | "isEditor">): boolean {
  return user.isAdmin || user.isEditor;
}
