/**
 * Field limits the account pages put in their HTML (`maxlength`) and the server's schemas enforce
 * (account-forms.server.ts). Plain values, so the pages carry no validation library.
 */
export const nameLimits = { max: 80 } as const;
export const emailLimits = { max: 254 } as const;
/** The optional affiliation (a university, a lab): as long as the submit form allows. */
export const affiliationLimits = { max: 200 } as const;
