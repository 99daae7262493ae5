import type { ThrottlerOptions } from '@nestjs/throttler';
import type { Request } from 'express';
import type { AppConfig } from '../platform/config/app-config.js';

const MINUTE = 60_000;

function phoneOf(request: Record<string, unknown>): string {
  const body = (request as unknown as Request).body as { phone_number?: unknown } | undefined;
  return typeof body?.phone_number === 'string' ? body.phone_number : 'none';
}

/**
 * Sign-in and password reset are limited both per phone number (guessing one account's password)
 * and per IP address (trying many accounts). Other routes are not throttled.
 */
export function authThrottlers(config: AppConfig): ThrottlerOptions[] {
  return [
    {
      name: 'ip',
      ttl: MINUTE,
      limit: config.rateLimit.perIp,
      blockDuration: MINUTE,
      getTracker: (request) => String((request as unknown as Request).ip ?? 'unknown'),
    },
    {
      name: 'phone',
      ttl: MINUTE,
      limit: config.rateLimit.perPhone,
      blockDuration: MINUTE,
      getTracker: (request) => phoneOf(request),
    },
  ];
}

/** Resets send text messages, so they are held to fewer per phone than sign-in attempts. */
export const RESET_LIMITS = { phone: { limit: 3, ttl: 10 * MINUTE } };
