import fs from "node:fs";

/** Fails early, with the fix, when the browser the suite drives is missing. */
export default function globalSetup() {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!fs.existsSync(chromium)) {
    throw new Error(
      `Chromium not found at ${chromium}. Install Debian's package (sudo apt-get install chromium) ` +
        "or set CHROMIUM_PATH to a Chromium or Chrome binary. The tests never download a browser.",
    );
  }
}
