import { z } from "zod";

/**
 * zod for the server's form and URL schemas. No schema reaches the browser (forms rely on their HTML
 * constraints and the server's answer), and this module's name keeps it that way: the client build
 * refuses `.server` modules. `jitless` keeps zod from generating code with `new Function` (no eval
 * anywhere; in a browser the Content-Security-Policy would report it). The setting is global and is
 * read when a schema is built, so schemas import `z` from here: this module runs before their
 * definitions.
 */
z.config({ jitless: true });

export { z };
