import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ROLES } from '../../../machines/roles.js';
import type { ClientUpdates, UnreadMessages } from '../../../machines/inbox.js';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { ok, type DataEnvelope } from '../platform/http/envelope.js';
import { ApiOkData, ApiOkEmpty } from '../platform/http/envelope.docs.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import { ClientUpdatesDoc, UnreadMessagesDoc } from './inbox.dto.js';
import { InboxService } from './inbox.service.js';

/** The header's message badge and bell, for every signed-in user about the clients they may see. */
@Controller(`${API.core}/inbox`)
@Roles(...ROLES)
export class InboxController {
  constructor(private readonly inbox: InboxService) {}

  @Get('messages/')
  @ApiOkData(UnreadMessagesDoc, {
    description: 'Conversations with messages by others the reader has not seen.',
  })
  async messages(@CurrentUser() caller: Caller): Promise<DataEnvelope<UnreadMessages>> {
    return ok(await this.inbox.messages(caller));
  }

  @Get('updates/')
  @ApiOkData(ClientUpdatesDoc, { description: "What others did to the reader's clients, newest first." })
  async updates(@CurrentUser() caller: Caller): Promise<DataEnvelope<ClientUpdates>> {
    return ok(await this.inbox.updates(caller));
  }

  @Post('updates/read/')
  @HttpCode(200)
  @ApiOkEmpty({ description: 'Every update there is now is read.' })
  async markAllRead(
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<object>> {
    await this.inbox.markAllRead(caller, meta);
    return ok({});
  }
}
