import { createServer, connect, type Server, type Socket } from 'node:net';

export interface FlakyProxy {
  /** Where the browser goes: this proxy, in front of the product. */
  url: string;
  /** The requests seen whose first line matched `loseAnswerTo`, with their Idempotency-Key, in order. */
  seen: { line: string; idempotencyKey: string | null }[];
  /** Drops every connection, WebSockets included, and refuses new ones for a while: a network outage. */
  cutFor: (ms: number) => void;
  close: () => Promise<void>;
}

/**
 * A TCP proxy in front of the product, with the network's faults on demand. With `loseAnswerTo`, it loses
 * one answer: the first request whose request line matches goes through to the product, and when the
 * product answers, the browser's connection is reset instead of answered, as a dropped mobile connection or
 * a gateway restart does. Everything else, WebSockets included, passes.
 */
export async function flakyProxy(
  target: string,
  options: { loseAnswerTo?: RegExp } = {},
): Promise<FlakyProxy> {
  const { hostname, port } = new URL(target);
  const seen: FlakyProxy['seen'] = [];
  const sockets = new Set<Socket>();
  let dropped = false;
  let cutUntil = 0;

  const server: Server = createServer((browser) => {
    if (Date.now() < cutUntil) return void browser.destroy();
    const product = connect(Number(port), hostname);
    sockets.add(browser).add(product);
    browser.once('close', () => sockets.delete(browser));
    product.once('close', () => sockets.delete(product));
    let dropNextAnswer = false;

    browser.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      const line = text.slice(0, text.indexOf('\r\n'));
      if (options.loseAnswerTo?.test(line)) {
        const key = /\r\nidempotency-key: *([^\r\n]*)/i.exec(text)?.[1] ?? null;
        seen.push({ line, idempotencyKey: key });
        if (!dropped) {
          dropped = true;
          dropNextAnswer = true;
        }
      }
      product.write(chunk);
    });
    product.on('data', (chunk: Buffer) => {
      if (dropNextAnswer) {
        browser.resetAndDestroy();
        product.destroy();
        return;
      }
      browser.write(chunk);
    });
    browser.on('error', () => product.destroy());
    product.on('error', () => browser.destroy());
    browser.on('end', () => product.end());
    product.on('end', () => browser.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    seen,
    cutFor: (ms) => {
      cutUntil = Date.now() + ms;
      sockets.forEach((socket) => socket.destroy());
    },
    close: async () => {
      sockets.forEach((socket) => socket.destroy());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
