import { createServer } from 'node:http';
import { Server } from 'socket.io';

/**
 * The floor for a push: Socket.IO alone, no authentication, rooms, database or event log. An HTTP request
 * to /emit sends one 'domain-event' shaped like the product's to every connected socket, so the client
 * times it exactly as it times a product command and its push. Usage: node dist/bench/bare-socket-server.js <port>
 */
const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: bare-socket-server <port>');

let position = 0;
const http = createServer((request, response) => {
  if (request.method !== 'POST' || !request.url?.startsWith('/emit')) {
    response.writeHead(404).end();
    return;
  }
  request.resume();
  request.on('end', () => {
    position += 1;
    const customerId = new URL(request.url!, 'http://bare').searchParams.get('customer') ?? '';
    io.emit('domain-event', {
      position,
      type: 'customer.status_changed',
      stream_type: 'customer',
      stream_id: customerId,
      customer_id: customerId,
      created: new Date().toISOString(),
    });
    response.writeHead(204).end();
  });
});
const io = new Server(http, { transports: ['websocket'] });

http.listen(port, '127.0.0.1', () => console.log('ready'));
