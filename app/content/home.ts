import type { Picture } from "./picture";

/**
 * The home page's words, edited in the admin area ("Site content"). These are the shipped words: the
 * first published version, imported into the database once (migration 0013-site-content).
 * Multi-line fields take the small formatting of the editors' text (paragraphs, emphasis, links, lists).
 */
export type HomeContent = {
  /** One line under the society's name. */
  tagline: string;
  /** "What is linguistics?": one or more paragraphs. */
  definition: string;
  /** "About us": one or more paragraphs. */
  about: string;
  /** The conference card's words, under the current edition's name. */
  conferenceBlurb: string;
  /** The line above the social links. */
  stayInTouch: string;
  /**
   * The pictures of the carousel beside "About us", in order, uploaded by editors. Absent (or empty):
   * the photos the site shipped with (app/assets/images/home).
   */
  carousel?: Picture[];
};

export const shippedHome: HomeContent = {
  tagline: "Curious about how language works? So are we.",
  definition:
    "*Linguistics* is the scientific study of human language. Linguists ask how speech sounds are made and perceived (phonetics and phonology), how words are built (morphology), how they combine into sentences (syntax), and how sentences carry meaning in context (semantics and pragmatics). It also asks how children acquire language, how languages change over centuries, and how language shapes and reflects the communities that speak it.",
  about:
    "We are a student-run society for undergraduates who find language fascinating, whatever their major. Each quarter we host talks by faculty and graduate students, hands-on workshops (from transcribing in the IPA to analysing speech in Praat), study sessions for linguistics courses, and socials where you can meet people who also get excited about vowel charts.\n\nWe also run a testing site for NACLO, the North American Computational Linguistics Open competition, and every spring we host SCULC, a conference where undergraduates present their own research. No experience needed: come to a meeting and say hello.",
  conferenceBlurb:
    "The Southern California Undergraduate Linguistics Conference gives undergraduates a welcoming place to present original research in every area of linguistics, often for the first time. Founded in 2010, it hosted 12 undergraduate researchers last year. Attending and presenting are free, and guests are welcome.",
  stayInTouch: "Follow along, ask questions, and hear about events first.",
};
