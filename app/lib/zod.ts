import { z } from "zod";

/**
 * zod for schemas that reach the browser. Without `jitless`, zod 4 probes `new Function("")` when an
 * object schema is built, and our Content-Security-Policy (no 'unsafe-eval') reports that probe as a
 * violation even though zod catches the error. The setting is global and is read when a schema is
 * built, so shared schemas import `z` from here: this module runs before their definitions.
 */
z.config({ jitless: true });

export { z };
