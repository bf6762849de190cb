import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { site } from "~/content/site";
import { refuse } from "~/lib/outcome";
import type { AccountRefusal, AccountRefused } from "./account-messages";

/**
 * The block list of NIST SP 800-63B, from a maintained package: zxcvbn-ts's common-password list (about
 * 49,000 entries from breach corpora) plus its estimate of how many guesses a password takes. Server
 * side only: the list is about a megabyte, and the client bundle must stay small.
 */
const estimator = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/**
 * Words anyone guessing a password for this site tries first, with a number or year stuck on
 * (`sculc2025`, `Linguistics2025!`). The one list: zxcvbn also counts them as known words.
 */
export const siteWords = [
  "sculc",
  "linguistics",
  "linguistic",
  "linguist",
  "society",
  "undergraduate",
  "conference",
  "abstract",
  "presenter",
  "reviewer",
  site.shortName.toLowerCase(),
] as const;

/** Why a password is refused; each has its sentence in password-rules.ts. */
export type PasswordWeakness = "common" | "guessable" | "siteWord" | "personal";

/**
 * What the person chose the password around: their names and email (the address and its parts), which
 * zxcvbn treats as the first words an attacker tries against this account.
 */
export function personalWords(person: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string[] {
  const email = (person.email ?? "").toLowerCase();
  const [local = "", domain = ""] = email.split("@");
  return [
    person.firstName ?? "",
    person.lastName ?? "",
    email,
    local,
    ...local.split(/[^a-z0-9]+/),
    domain.split(".")[0] ?? "",
  ]
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word.length >= 3);
}

/** `1`→`i`, `0`→`o` and the like, so `L1ngu1st1cs` is still the site's subject. */
const leet: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
  "!": "i",
};

/**
 * A site word with only digits and symbols around it: `sculc2025`, `2025Linguistics!`, `Society#1`.
 * A site word inside a longer phrase of other words is fine.
 */
function isSiteWordWithNumbers(password: string): boolean {
  const lower = password.toLowerCase();
  const letters = (text: string) => text.replace(/[^a-z]/g, "");
  const deleet = lower.replace(/[0-9@$!]/g, (character) => leet[character] ?? character);
  return siteWords.some(
    (word) =>
      (lower.includes(word) && letters(lower.replace(word, "")) === "") ||
      letters(deleet) === word ||
      (deleet.includes(word) && letters(lower).length <= word.length),
  );
}

/**
 * One known word with digits and symbols stuck on (`Summer2025!`, `Football#1`): zxcvbn scores the
 * `2025!` as random characters, but it is the first thing people add to a word and attackers know it.
 */
function isWordWithNumbers(password: string, personal: readonly string[]): boolean {
  const core = password.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  if (core === password || core.length === 0) return false;
  const [only, ...rest] = estimator.check(core, [...siteWords, ...personal]).sequence;
  return rest.length === 0 && only?.pattern === "dictionary";
}

/**
 * Whether a password is one an attacker tries first, and why: a listed common password (in any case,
 * reversed or with l33t substitutions); a zxcvbn score of 0 or 1 (under about a million guesses, such
 * as `Password1!` or `Summer2025!`), with the person's own names and email counted as known words; or
 * the site's name or subject, or one known word, with a number or year.
 */
export function passwordWeakness(
  password: string,
  personal: readonly string[] = [],
): PasswordWeakness | null {
  const result = estimator.check(password.slice(0, 128), [...siteWords, ...personal]);
  const [only, ...rest] = result.sequence;
  const isOneWord = rest.length === 0 && only?.pattern === "dictionary";
  if (isOneWord && only.dictionaryName === "passwords-common") return "common";
  if (isSiteWordWithNumbers(password)) return "siteWord";
  if (result.score > 1 && !isWordWithNumbers(password, personal)) return null;
  const usesPersonalWord = result.sequence.some(
    (match) =>
      match.pattern === "dictionary" &&
      match.dictionaryName === "userInputs" &&
      personal.includes(match.matchedWord),
  );
  const usesSiteWord = result.sequence.some(
    (match) =>
      match.pattern === "dictionary" &&
      match.dictionaryName === "userInputs" &&
      (siteWords as readonly string[]).includes(match.matchedWord),
  );
  if (usesPersonalWord) return "personal";
  if (usesSiteWord) return "siteWord";
  return isOneWord && only.dictionaryName === "passwords" ? "common" : "guessable";
}

/** Whether a password is refused for any reason (the person's words counted when given). */
export function isCommonPassword(password: string, personal: readonly string[] = []): boolean {
  return passwordWeakness(password, personal) !== null;
}

const refusalFor = {
  common: "passwordTooCommon",
  guessable: "passwordGuessable",
  siteWord: "passwordSiteWord",
  personal: "passwordPersonal",
} as const satisfies Record<PasswordWeakness, AccountRefusal>;

/**
 * The refusal for a weak password, or null for a good one: what registration, reset, change and adding
 * a password all check, with the account's names and email as the person's own words.
 */
export function weakPasswordRefusal(
  password: string,
  person: Parameters<typeof personalWords>[0],
): AccountRefused | null {
  const weakness = passwordWeakness(password, personalWords(person));
  return weakness ? refuse(refusalFor[weakness]) : null;
}
