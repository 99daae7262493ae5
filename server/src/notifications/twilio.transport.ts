import { Logger } from '@nestjs/common';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import type { TwilioConfig } from '../platform/config/app-config.js';
import { type Delivery, RefusedByCarrier, type Transport } from './transports.js';

type RequestOptions<TData> = RequestClient.RequestOptions<TData>;

const TWILIO_API = 'https://api.twilio.com';

/** Twilio's HTTP client, sending to another address than Twilio's own (a local stand-in of its API). */
class RedirectedRequestClient extends twilio.RequestClient {
  constructor(private readonly apiUrl: string) {
    super();
  }

  override request<TData>(opts: RequestOptions<TData>) {
    return super.request<TData>({ ...opts, uri: String(opts.uri).replace(TWILIO_API, this.apiUrl) });
  }
}

/**
 * Text messages through Twilio's Messages API (the official `twilio` package). Each message asks for a
 * delivery report at `statusCallbackUrl`, which names the message, so the report is filed with it. A
 * number Twilio refuses (an error answer other than "too many requests" or its own failure) is not
 * retried; other errors are, by the job queue.
 */
export class TwilioTransport implements Transport {
  readonly name = 'twilio';
  private readonly logger = new Logger('Twilio');
  private readonly client: twilio.Twilio;

  constructor(
    private readonly config: TwilioConfig,
    private readonly statusCallbackUrl: (messageId: string) => string,
  ) {
    this.client = twilio(config.accountSid, config.authToken, {
      httpClient: config.apiUrl ? new RedirectedRequestClient(config.apiUrl) : undefined,
    });
  }

  async send(delivery: Delivery): Promise<void> {
    try {
      const message = await this.client.messages.create({
        to: delivery.to,
        body: delivery.text,
        statusCallback: this.statusCallbackUrl(delivery.id),
        ...('number' in this.config.from
          ? { from: this.config.from.number }
          : { messagingServiceSid: this.config.from.messagingServiceSid }),
      });
      this.logger.log(`sms ${delivery.id} to ${delivery.to} taken as ${message.sid}: ${delivery.maskedText}`);
    } catch (error) {
      if (
        error instanceof twilio.RestException &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 429
      )
        throw new RefusedByCarrier(`Twilio ${error.code ?? error.status}: ${error.message}`);
      throw error;
    }
  }
}
