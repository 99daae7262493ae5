import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { RealtimeAudience } from '../platform/realtime/realtime.audience.js';
import { rooms } from '../platform/realtime/rooms.js';
import { InboxController } from './inbox.controller.js';
import { InboxRepository } from './inbox.repository.js';
import { InboxService } from './inbox.service.js';
import { UpdateReadsProjection } from './update-reads.projection.js';
import { UPDATE_READS_STREAM } from './update-reads.js';

/** A reader's mark reaches only their own sockets: their other tabs clear the bell too. */
@Injectable()
class UpdateReadsAudience implements OnModuleInit {
  constructor(private readonly audience: RealtimeAudience) {}

  onModuleInit(): void {
    this.audience.register((event) =>
      event.streamType === UPDATE_READS_STREAM
        ? { rooms: [rooms.user(event.streamId)], customerId: null }
        : null,
    );
  }
}

/** The header's badges: unread messages and client updates. */
@Module({
  controllers: [InboxController],
  providers: [InboxService, InboxRepository, UpdateReadsProjection, UpdateReadsAudience],
})
export class InboxModule {}
