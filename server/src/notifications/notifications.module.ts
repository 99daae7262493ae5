import { Module } from '@nestjs/common';
import { join } from 'node:path';
import { AuthModule } from '../auth/auth.module.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config.js';
import { UsersModule } from '../users/users.module.js';
import { ActivityProjection } from './activity.projection.js';
import { NotificationRules } from './notification.rules.js';
import { NotificationsProcessor } from './notifications.processor.js';
import { SendMessageJob } from './send-message.job.js';
import { EMAIL_TRANSPORT, OutboxTransport, SMS_TRANSPORT, SmtpTransport } from './transports.js';
import { UserNotifications } from './user-notifications.js';

const outbox = (config: AppConfig): OutboxTransport =>
  new OutboxTransport(join(config.dataDir, 'outbox', 'messages.jsonl'));

@Module({
  imports: [AuthModule, UsersModule],
  providers: [
    NotificationRules,
    NotificationsProcessor,
    SendMessageJob,
    ActivityProjection,
    UserNotifications,
    { provide: 'OUTBOX', inject: [APP_CONFIG], useFactory: outbox },
    { provide: SMS_TRANSPORT, useExisting: 'OUTBOX' },
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
