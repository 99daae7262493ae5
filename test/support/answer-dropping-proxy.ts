import { createServer, connect, type Server, type Socket } from 'node:net';

export interface AnswerDroppingProxy {
  /** Where the browser goes: this proxy, in front of the product. */
  url: string;
  /** The requests seen whose first line matched, with their Idempotency-Key, in the order they came. */
  seen: { line: string; idempotencyKey: string | null }[];
  close: () => Promise<void>;
}

/**
 * A TCP proxy that loses one answer: the first request whose request line matches goes through to the
 * product, and when the product answers, the browser's connection is reset instead of answered, as a
 * dropped mobile connection or a gateway restart does. Everything else, WebSockets included, passes.
 */
export async function answerDroppingProxy(target: string, requestLine: RegExp): Promise<AnswerDroppingProxy> {
  const { hostname, port } = new URL(target);
  const seen: AnswerDroppingProxy['seen'] = [];
  const sockets = new Set<Socket>();
  let dropped = false;

  const server: Server = createServer((browser) => {
    const product = connect(Number(port), hostname);
    sockets.add(browser).add(product);
    browser.once('close', () => sockets.delete(browser));
    product.once('close', () => sockets.delete(product));
    let dropNextAnswer = false;

    browser.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      const line = text.slice(0, text.indexOf('\r\n'));
      if (requestLine.test(line)) {
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
    close: async () => {
      sockets.forEach((socket) => socket.destroy());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
