import { Body, Controller, Put } from '@nestjs/common';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { ok, type DataEnvelope } from '../platform/http/envelope.js';
import { ApiOkData } from '../platform/http/envelope.docs.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import { OwnBrokerCodesDto, TeamMemberDoc, type TeamMemberView } from './team.dto.js';
import { TeamRepository } from './team.repository.js';
import { TeamService } from './team.service.js';

/** Brokers keep their own lender submission codes; principal brokers can also set anyone's on the team page. */
@Controller(`${API.core}/users/me/broker_codes`)
@Roles('broker', 'principal_broker')
export class OwnBrokerCodesController {
  constructor(
    private readonly team: TeamService,
    private readonly members: TeamRepository,
  ) {}

  @Put('/')
  @ApiOkData(TeamMemberDoc, { description: 'The broker with their codes now.' })
  async replace(
    @Body() body: OwnBrokerCodesDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<TeamMemberView>> {
    await this.team.setOwnCodes(caller.id, body.broker_codes, meta);
    return ok((await this.members.member(caller.id))!);
  }
}
