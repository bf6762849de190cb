/**
 * The redirect an action throws (as React Router actions answer a redirect), as status and target;
 * fails when the action answered without one.
 */
export async function redirectOf(answer: Promise<unknown>) {
  const thrown = await answer.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(thrown instanceof Response)) throw new Error("the action did not redirect");
  return { status: thrown.status, location: thrown.headers.get("Location") };
}
