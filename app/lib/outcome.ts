import { data } from "react-router";

/**
 * What a feature's command did: done, with what it produced, or refused for a named reason. Every
 * feature reports failures this one way; the words live in the feature's message map (`Refusals`), so
 * the logic is tested by reason and the wording is written once.
 */
export type Outcome<Value = undefined, Reason extends string = string> =
  | { ok: true; value: Value }
  | { ok: false; reason: Reason };

/** A refusal's HTTP status and the sentence shown to the person who asked. */
export type Refusal = {
  status: 400 | 403 | 404 | 409 | 413 | 429 | 500 | 502 | 503;
  message: string;
};

/** A feature's message map: one entry per reason its commands can refuse. */
export type Refusals<Reason extends string> = Record<Reason, Refusal>;

export function done(): { ok: true; value: undefined };
export function done<Value>(value: Value): { ok: true; value: Value };
export function done<Value>(value?: Value) {
  return { ok: true as const, value };
}

export function refuse<Reason extends string>(reason: Reason): { ok: false; reason: Reason } {
  return { ok: false, reason };
}

/** The action's answer to a refusal: the page's `{ message }` with the reason's status. */
export function refusalData<Reason extends string>(refusals: Refusals<Reason>, reason: Reason) {
  const { status, message } = refusals[reason];
  return data({ message }, status);
}
