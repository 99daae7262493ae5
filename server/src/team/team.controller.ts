import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { ok, page, type DataEnvelope, type PageEnvelope } from '../platform/http/envelope.js';
import { ApiCreatedData, ApiOkData, ApiOkPage } from '../platform/http/envelope.docs.js';
import { PageQuery } from '../platform/http/page-query.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import {
  InviteStaffDto,
  ReassignClientsDto,
  type TeamChangeView,
  TeamChangeDoc,
  TeamMemberDoc,
  type TeamMemberView,
  UpdateStaffDto,
} from './team.dto.js';
import { TeamRepository } from './team.repository.js';
import { TeamService } from './team.service.js';
import { ApiProperty } from '@nestjs/swagger';
import { ParseIdPipe } from '../platform/http/id.pipe.js';

class TeamHistoryQuery extends PageQuery(20, 100) {}

class ReassignedDoc {
  @ApiProperty({ description: 'How many clients moved.' })
  moved: number;
}

/** The team page: principal brokers manage the staff of the brokerage. */
@Controller(`${API.core}/team`)
@Roles('principal_broker')
export class TeamController {
  constructor(
    private readonly team: TeamService,
    private readonly members: TeamRepository,
  ) {}

  @Get('/')
  @ApiOkData(TeamMemberDoc, { isArray: true, description: 'Every staff member, active first, by name.' })
  async list(): Promise<DataEnvelope<TeamMemberView[]>> {
    return ok(await this.members.members());
  }

  @Get('history/')
  @ApiOkPage(TeamChangeDoc, { description: 'Changes to staff accounts and who made them, newest first.' })
  async history(@Query() query: TeamHistoryQuery): Promise<PageEnvelope<TeamChangeView>> {
    const { rows, count } = await this.members.history(query.offset, query.limit);
    return page(rows, count, query.offset, query.limit);
  }

  @Post('/')
  @ApiCreatedData(TeamMemberDoc, {
    description: 'The invited member; a one-time password goes by text message.',
  })
  async invite(
    @Body() body: InviteStaffDto,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<TeamMemberView>> {
    return ok((await this.members.member(await this.team.invite(body, meta)))!);
  }

  @Patch(':id/')
  @ApiOkData(TeamMemberDoc, { description: 'The member as changed.' })
  async update(
    @Param('id', ParseIdPipe) id: string,
    @Body() body: UpdateStaffDto,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<TeamMemberView>> {
    await this.team.update(id, body, meta);
    return ok((await this.members.member(id))!);
  }

  @Post(':id/deactivate/')
  @HttpCode(200)
  @ApiOkData(TeamMemberDoc, { description: 'The member can no longer sign in; their sessions have ended.' })
  async deactivate(
    @Param('id', ParseIdPipe) id: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<TeamMemberView>> {
    await this.team.deactivate(caller, id, meta);
    return ok((await this.members.member(id))!);
  }

  @Post(':id/reactivate/')
  @HttpCode(200)
  @ApiOkData(TeamMemberDoc, { description: 'The member can sign in again with their password.' })
  async reactivate(
    @Param('id', ParseIdPipe) id: string,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<TeamMemberView>> {
    await this.team.reactivate(id, meta);
    return ok((await this.members.member(id))!);
  }

  /** For a colleague who lost their phone: they sign in with their password, or set it up again if required. */
  @Delete(':id/second_factor/')
  @ApiOkData(TeamMemberDoc, { description: 'The member signs in without a code until they set it up again.' })
  async resetSecondFactor(
    @Param('id', ParseIdPipe) id: string,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<TeamMemberView>> {
    await this.team.resetSecondFactor(id, meta);
    return ok((await this.members.member(id))!);
  }

  @Post(':id/reassign/')
  @HttpCode(200)
  @ApiOkData(ReassignedDoc, { description: "The member's clients now belong to `to`." })
  async reassign(
    @Param('id', ParseIdPipe) id: string,
    @Body() body: ReassignClientsDto,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<ReassignedDoc>> {
    return ok({ moved: await this.team.reassign(id, body.to, meta) });
  }
}
