import { describe, expect, it } from '@jest/globals';
import type { ArgumentsHost } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { ErrorFilter } from './error.filter.js';

/** What the filter answers for an exception, as an HTTP response would carry it. */
function answerTo(exception: unknown): { status: number; body: unknown } {
  const answer = { status: 0, body: undefined as unknown };
  const response = {
    sent: false,
    raw: { headersSent: false },
    status(code: number) {
      answer.status = code;
      return this;
    },
    send(body: unknown) {
      answer.body = body;
      return this;
    },
  };
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({ getResponse: () => response }),
  } as unknown as ArgumentsHost;
  new ErrorFilter().catch(exception, host);
  return answer;
}

const uniqueViolation = (constraint: string) =>
  new QueryFailedError(
    'INSERT INTO users ...',
    [],
    Object.assign(new Error('duplicate key'), { code: '23505', constraint }),
  );

describe('a unique index of a read table refusing a row', () => {
  it('answers a phone number taken by another account as 409 naming the field', () => {
    expect(answerTo(uniqueViolation('users_phone_active_idx'))).toEqual({
      status: 409,
      body: {
        errors: [
          {
            code: 'phone_number_taken',
            description: 'A user with this phone number already exists.',
            field: 'phone_number',
          },
        ],
      },
    });
  });

  it('answers any other unique index as a 409 conflict, never a server error', () => {
    expect(answerTo(uniqueViolation('some_other_idx'))).toMatchObject({
      status: 409,
      body: { errors: [{ code: 'conflict' }] },
    });
  });
});
