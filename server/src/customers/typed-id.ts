import { randomInt } from 'node:crypto';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A short, readable client number such as HW-7K3M9Q: no 0/O or 1/I/L to misread over the phone. */
export function newTypedId(): string {
  let id = '';
  for (let i = 0; i < 6; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return `HW-${id}`;
}
