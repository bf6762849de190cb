/**
 * A problem that stops the server from starting and that the operator fixes by changing configuration
 * or the environment: printed as a plain message (no stack trace) by server.js, which then exits.
 */
export class StartupError extends Error {
  readonly isStartupError = true;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "StartupError";
  }
}
