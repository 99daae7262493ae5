import { Module } from '@nestjs/common';
import { BrokerageModule } from '../brokerage/brokerage.module.js';
import { CustomersModule } from '../customers/customers.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { ReminderNotifications } from './reminder-notifications.js';
import { RemindersAudience } from './reminders.audience.js';
import { RemindersController } from './reminders.controller.js';
import { RemindersProcessor } from './reminders.processor.js';
import { RemindersProjection } from './reminders.projection.js';
import { RemindersService } from './reminders.service.js';

@Module({
  imports: [BrokerageModule, CustomersModule, NotificationsModule],
  controllers: [RemindersController],
  providers: [
    RemindersService,
    RemindersProjection,
    RemindersProcessor,
    ReminderNotifications,
    RemindersAudience,
  ],
})
export class RemindersModule {}
