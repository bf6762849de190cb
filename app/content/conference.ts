/** The conference's standing facts; small enough for any component to import. */
export const conferenceName = "Southern California Undergraduate Linguistics Conference";
export const conferenceShortName = "SCULC";
export const conferenceFoundedYear = 2010;

/** An edition's name, e.g. "SCULC 2025". */
export function editionName(year: number): string {
  return `${conferenceShortName} ${year}`;
}
