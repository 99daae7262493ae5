import { Agent, createServer } from 'node:http';
import { createProxyServer } from 'http-proxy-3';

/**
 * A plain load balancer for the two-instance figures: each request goes to the next instance in turn, over
 * kept-alive connections. Usage: node dist/bench/round-robin-proxy.js <port> <target> <target>...
 */
function main(): void {
  const [portText, ...targets] = process.argv.slice(2);
  const port = Number(portText);
  if (!Number.isInteger(port) || port <= 0 || targets.length === 0)
    throw new Error('usage: round-robin-proxy <port> <target>...');
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const proxy = createProxyServer({ agent });
  proxy.on('error', (_error, _req, res) => {
    if ('writeHead' in res && !res.headersSent) res.writeHead(502).end();
  });
  let next = 0;
  createServer((req, res) => {
    const target = targets[next++ % targets.length];
    proxy.web(req, res, { target });
  }).listen(port, '127.0.0.1', () => console.log('ready'));
}

main();
