import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { ok, type DataEnvelope } from '../platform/http/envelope.js';
import { ApiOkData } from '../platform/http/envelope.docs.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import { ChangeRemindersDto, RemindersView, toRemindersView } from './reminders.dto.js';
import { RemindersService } from './reminders.service.js';
import { ParseIdPipe } from '../platform/http/id.pipe.js';

/** A client's document reminders: staff who may see the client read, pause, resume, reschedule or send one. */
@Controller(`${API.core}/customers`)
export class RemindersController {
  constructor(private readonly reminders: RemindersService) {}

  @Roles('principal_broker', 'broker', 'assistant')
  @Get(':id/reminders/')
  @ApiOkData(RemindersView, { description: "Where the client's document reminders stand." })
  async get(
    @Param('id', ParseIdPipe) id: string,
    @CurrentUser() caller: Caller,
  ): Promise<DataEnvelope<RemindersView>> {
    return ok(toRemindersView(await this.reminders.view(caller, id)));
  }

  @Roles('principal_broker', 'broker', 'assistant')
  @Patch(':id/reminders/')
  @ApiOkData(RemindersView, { description: 'The reminders after the change.' })
  async change(
    @Param('id', ParseIdPipe) id: string,
    @Body() body: ChangeRemindersDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<RemindersView>> {
    const override = Object.fromEntries(
      (
        [
          ['firstDelayDays', body.first_delay_days],
          ['intervalDays', body.interval_days],
          ['maxCount', body.max_count],
        ] as const
      ).filter(([, value]) => value !== undefined),
    );
    const standing = await this.reminders.change(caller, id, { paused: body.paused, override }, meta);
    return ok(toRemindersView(standing));
  }

  @Roles('principal_broker', 'broker', 'assistant')
  @Post(':id/reminders/send_now/')
  @HttpCode(200)
  @ApiOkData(RemindersView, { description: 'A reminder naming what is missing is sent at once.' })
  async sendNow(
    @Param('id', ParseIdPipe) id: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<RemindersView>> {
    return ok(toRemindersView(await this.reminders.sendNow(caller, id, meta)));
  }
}
