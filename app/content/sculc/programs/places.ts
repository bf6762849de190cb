/** Rooms and universities that the sample programs name more than once. */
export const MAIN_HALL = "Pavilion Main Hall";
export const GALLERY = "Pavilion Gallery";

export const UCI = "University of California, Irvine";
export const UCLA = "University of California, Los Angeles";
export const UCSD = "University of California, San Diego";
export const UCSB = "University of California, Santa Barbara";
export const UCR = "University of California, Riverside";
export const UCSC = "University of California, Santa Cruz";
export const USC = "University of Southern California";
export const CSULB = "California State University, Long Beach";
export const CSUF = "California State University, Fullerton";
export const CSUN = "California State University, Northridge";
export const SDSU = "San Diego State University";
export const POMONA = "Pomona College";
export const OXY = "Occidental College";
export const UW = "University of Washington";
export const UO = "University of Oregon";
export const SJSU = "San Jose State University";
