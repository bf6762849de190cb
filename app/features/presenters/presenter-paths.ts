/** The admins' presenters page (linked from the presenter's page for admins). */
export const presentersAdminPath = "/user-data/presenters";
