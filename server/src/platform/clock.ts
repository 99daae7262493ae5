import { Injectable } from '@nestjs/common';

/** The time rules are decided at; a provider so that expiry can be tested without waiting. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
