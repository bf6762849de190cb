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
};

/** The header's view of the visitor: enough for the Profile and User Data links. */
export type Viewer = { firstName: string; isAdmin: boolean; isReviewer: boolean } | null;
