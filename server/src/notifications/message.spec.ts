import { describe, expect, it } from '@jest/globals';
import { masked, MASK, render } from './message.js';

describe('message texts', () => {
  const template = 'Your new Homeward password is {password}. Sign in at http://localhost:3000/auth.';

  it('renders the password only into the text that is delivered', () => {
    expect(render(template, 'Ab3#xyZ9pq!k')).toBe(
      'Your new Homeward password is Ab3#xyZ9pq!k. Sign in at http://localhost:3000/auth.',
    );
  });

  it('masks the password in the text that is recorded', () => {
    expect(masked(template)).toBe(
      `Your new Homeward password is ${MASK}. Sign in at http://localhost:3000/auth.`,
    );
  });
});
