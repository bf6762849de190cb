import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

/**
 * The block list of NIST SP 800-63B, from a maintained package: zxcvbn-ts's common-password list (about
 * 49,000 entries from breach corpora) plus its checks for keyboard walks, sequences and repeats. Server
 * side only: the list is about a megabyte, and the client bundle must stay small.
 */
const estimator = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/** Words anyone guessing a password for this site tries first. */
const siteWords = ["linguistics", "linguistic", "linguist", "sculc", "society", "undergraduate"];

/**
 * Whether a password is one an attacker tries first: the whole password is a listed common password
 * (in any case, reversed or with l33t substitutions), or it is guessable in under a thousand tries
 * (`abcdefgh`, `qwertyuiop`, `aaaaaaaa`), or it is just the site's name or subject.
 */
export function isCommonPassword(password: string): boolean {
  const result = estimator.check(password.slice(0, 128), siteWords);
  if (result.score === 0) return true;
  const [only, ...rest] = result.sequence;
  return (
    rest.length === 0 &&
    only?.pattern === "dictionary" &&
    (only.dictionaryName === "passwords-common" || only.dictionaryName === "userInputs")
  );
}
