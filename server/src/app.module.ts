import { type DynamicModule, Module } from '@nestjs/common';
import { AppraisersModule } from './appraisers/appraisers.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BrokerageModule } from './brokerage/brokerage.module.js';
import { CustomersModule } from './customers/customers.module.js';
import { DocumentsModule } from './documents/documents.module.js';
import { InboxModule } from './inbox/inbox.module.js';
import { LawyersModule } from './lawyers/lawyers.module.js';
import { NotesModule } from './notes/notes.module.js';
import { HealthController } from './health.controller.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { PipelineModule } from './pipeline/pipeline.module.js';
import { PlatformModule, type PlatformOptions } from './platform/platform.module.js';
import { RemindersModule } from './reminders/reminders.module.js';
import { SeedModule } from './seeds/seed.module.js';
import { TeamModule } from './team/team.module.js';
import { UsersModule } from './users/users.module.js';

@Module({})
export class AppModule {
  static register(options: PlatformOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.register(options),
        BrokerageModule,
        UsersModule,
        AuthModule,
        NotificationsModule,
        CustomersModule,
        NotesModule,
        DocumentsModule,
        RemindersModule,
        LawyersModule,
        AppraisersModule,
        TeamModule,
        PipelineModule,
        InboxModule,
        SeedModule,
      ],
      controllers: [HealthController],
    };
  }
}
