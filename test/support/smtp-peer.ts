import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  raw: string;
}

/** A mailbox the peer does not have: it refuses mail to it for good, as a real server answers 550. */
export const UNKNOWN_MAILBOX = 'no.such.mailbox@example.com';

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtpPeer(): Promise<{
  url: string;
  received: ReceivedMail[];
  close: () => Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (address.address !== UNKNOWN_MAILBOX) return callback();
      const refused = new Error('5.1.1 Mailbox unavailable') as Error & { responseCode: number };
      refused.responseCode = 550;
      callback(refused);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
