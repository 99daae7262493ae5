import type { Delivery, OutboxTransport } from '../../server/src/notifications/transports.js';

/**
 * Plays a carrier that refuses some deliveries (an unreachable number, an outage) until `restore` is
 * called; everything else goes through the outbox as usual. Answers how often it refused.
 */
export function refuseDeliveries(
  outbox: OutboxTransport,
  refuses: (delivery: Delivery) => boolean,
): { refused: () => number; restore: () => void } {
  const send = outbox.send.bind(outbox);
  let refused = 0;
  outbox.send = async (delivery: Delivery) => {
    if (!refuses(delivery)) return send(delivery);
    refused++;
    throw new Error(`carrier refused the message to ${delivery.to}`);
  };
  return { refused: () => refused, restore: () => (outbox.send = send) };
}

/** The deliveries the outbox made to one phone number or address. */
export function deliveredTo(outbox: OutboxTransport, to: string): Delivery[] {
  return outbox.delivered.filter((delivery) => delivery.to === to);
}
