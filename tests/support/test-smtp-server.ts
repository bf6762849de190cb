import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMessage = { to: string[]; raw: string; messageId: string | undefined };

/**
 * A real SMTP server for tests, on a free port: keeps what it receives, refuses the addresses in
 * `refuse` with 550, answers each message after `delayMs` (a slow server), and can be stopped and started again on the same port (an outage).
 */
export async function startTestSmtpServer(options: { refuse?: string[]; delayMs?: number } = {}) {
  const received: ReceivedMessage[] = [];
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (options.refuse?.includes(address.address.toLowerCase())) {
          const error = Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 });
          return callback(error);
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", async () => {
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          const raw = Buffer.concat(chunks).toString("utf8");
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
            messageId: /^Message-ID:\s*(.+)$/im.exec(raw)?.[1]?.trim(),
          });
          callback();
        });
      },
    });
  // A client that drops its connection (a server process killed mid-send) is not the test's failure.
  const createListening = () => {
    const created = create();
    created.on("error", () => {});
    return created;
  };
  let server = createListening();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  let isRunning = true;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: async () => {
      if (!isRunning) return;
      isRunning = false;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    start: async () => {
      if (isRunning) return;
      server = createListening();
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
      isRunning = true;
    },
  };
}
