import { Body, Controller, Headers, HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { HttpRequest } from '../platform/http/http-types.js';
import twilio from 'twilio';
import { Public } from '../platform/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config.js';
import { EventStore } from '../platform/event-store/event-store.js';
import { SYSTEM_METADATA } from '../platform/event-store/event.types.js';
import { AppError } from '../platform/http/app-error.js';
import { API } from '../platform/http/request-metadata.js';
import { messageDecider } from './message.decider.js';
import { MESSAGE_STREAM } from './message.events.js';

export const CARRIER_REPORTS_PATH = 'sms/status/';

/** Twilio's final words on a message; the others (queued, sending, sent) say nothing lasting. */
const FINAL: Record<string, boolean> = { delivered: true, undelivered: false, failed: false };

/** Where Twilio reports on one message: the address names the message, and Twilio signs the address. */
export function carrierReportUrl(config: AppConfig, messageId: string): string {
  return `${config.publicUrl}/${API.events}/${CARRIER_REPORTS_PATH}?message=${encodeURIComponent(messageId)}`;
}

/**
 * Twilio's delivery reports (status callbacks). Only a request signed with the account's auth token over
 * the exact address and fields is taken; the report is recorded once on the message's stream, so it
 * shows in the event log beside the message.
 */
@Controller(API.events)
export class CarrierReportsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventStore,
  ) {}

  @Public()
  @Post(CARRIER_REPORTS_PATH)
  @HttpCode(204)
  @ApiExcludeEndpoint()
  async report(
    @Query('message') messageId: unknown,
    @Headers('x-twilio-signature') signature: string | undefined,
    @Body() fields: Record<string, string>,
    @Req() request: HttpRequest,
  ): Promise<void> {
    if (!signature)
      throw AppError.unauthorized('not_authenticated', 'The request carries no carrier signature.');
    const account = this.config.twilio;
    if (!account) throw AppError.notFound();
    const url = `${this.config.publicUrl}${request.originalUrl}`;
    if (!twilio.validateRequest(account.authToken, signature, url, fields ?? {}))
      throw AppError.forbidden('The request is not signed by the carrier.', 'invalid_signature');
    if (typeof messageId !== 'string' || !messageId || messageId.length > 200)
      throw AppError.invalidField('message', 'The message is missing.');
    const status = String(fields.MessageStatus ?? '');
    if (!(status in FINAL)) return;
    const code = fields.ErrorCode ? String(fields.ErrorCode) : '';
    const words = fields.ErrorMessage ? String(fields.ErrorMessage) : '';
    const reason = FINAL[status] ? null : [code, words].filter(Boolean).join(' ') || status;
    await this.events.handle(
      messageDecider,
      { type: MESSAGE_STREAM, id: messageId },
      { type: 'record_carrier_report', delivered: FINAL[status], carrierStatus: status, reason },
      SYSTEM_METADATA,
    );
  }
}
