import { forwardRef, Module } from '@nestjs/common';
import { join } from 'node:path';
import { AuthModule } from '../auth/auth.module.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config.js';
import { CustomersModule } from '../customers/customers.module.js';
import { UsersModule } from '../users/users.module.js';
import { ActivityProjection } from './activity.projection.js';
import { CarrierReportsController, carrierReportUrl } from './carrier-reports.controller.js';
import { EventLogController } from './event-log.controller.js';
import { EventLogAudience } from './event-log.audience.js';
import { EventLogRepository } from './event-log.repository.js';
import { EventLogService } from './event-log.service.js';
import { NotificationRules } from './notification.rules.js';
import { NotificationsProcessor } from './notifications.processor.js';
import { SendMessageJob } from './send-message.job.js';
import { EMAIL_TRANSPORT, OutboxTransport, SMS_TRANSPORT, SmtpTransport } from './transports.js';
import { TwilioTransport } from './twilio.transport.js';
import { UserNotifications } from './user-notifications.js';

const outbox = (config: AppConfig): OutboxTransport =>
  new OutboxTransport(join(config.dataDir, 'outbox', 'messages.jsonl'));

@Module({
  // Customers notify through this module, and the event log checks who may see a client through theirs.
  imports: [AuthModule, UsersModule, forwardRef(() => CustomersModule)],
  controllers: [EventLogController, CarrierReportsController],
  providers: [
    EventLogRepository,
    EventLogService,
    NotificationRules,
    NotificationsProcessor,
    SendMessageJob,
    ActivityProjection,
    EventLogAudience,
    UserNotifications,
    { provide: 'OUTBOX', inject: [APP_CONFIG], useFactory: outbox },
    {
      provide: SMS_TRANSPORT,
      inject: [APP_CONFIG, 'OUTBOX'],
      useFactory: (config: AppConfig, box: OutboxTransport) =>
        config.twilio ? new TwilioTransport(config.twilio, (id) => carrierReportUrl(config, id)) : box,
    },
    {
      provide: EMAIL_TRANSPORT,
      inject: [APP_CONFIG, 'OUTBOX'],
      useFactory: (config: AppConfig, box: OutboxTransport) =>
        config.smtpUrl ? new SmtpTransport(config.smtpUrl, config.mailFrom) : box,
    },
  ],
  exports: [NotificationRules, 'OUTBOX'],
})
export class NotificationsModule {}
