/** The conference's standing facts; small enough for any component to import. */
export const conferenceName = "Southern California Undergraduate Linguistics Conference";
export const conferenceShortName = "SCULC";
export const conferenceFoundedYear = 2010;
