import { Controller, Get, Query } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { ROLES, STAFF_ROLES, type StaffRole } from '../../../machines/roles.js';
import {
  AllowsPendingPasswordChange,
  AllowsSecondFactorSetup,
  type Caller,
  CurrentUser,
  Roles,
} from '../platform/auth/auth.decorators.js';
import { PageQuery } from '../platform/http/page-query.js';
import { AppError } from '../platform/http/app-error.js';
import { ok, page, type DataEnvelope, type PageEnvelope } from '../platform/http/envelope.js';
import { ApiOkData, ApiOkPage } from '../platform/http/envelope.docs.js';
import { API } from '../platform/http/request-metadata.js';
import {
  type CurrentUserView,
  CurrentUserViewDto,
  toCurrentUserView,
  toUserView,
  type UserView,
  UserViewDto,
} from './user.view.js';
import { secondFactorStatus } from './second-factor-status.js';
import { UsersRepository } from './users.repository.js';

export class ListUsersQuery extends PageQuery(1000, 1000) {
  @ApiPropertyOptional({ enum: STAFF_ROLES, description: 'Only staff of this role; all staff without it.' })
  @IsOptional()
  @IsIn(['assistant', 'broker', 'principal_broker'], {
    message: 'The role field must be one of assistant, broker, principal_broker',
  })
  role?: StaffRole;

  @ApiPropertyOptional({ enum: ['first_name'], description: 'Staff are always listed by name.' })
  @IsOptional()
  @IsIn(['first_name'], { message: 'The ordering field must be first_name' })
  @IsString()
  ordering?: string;
}

@Controller(API.core)
export class UsersController {
  constructor(private readonly users: UsersRepository) {}

  @Roles(...ROLES)
  @AllowsPendingPasswordChange()
  @AllowsSecondFactorSetup()
  @Get('users/me/')
  @ApiOkData(CurrentUserViewDto, { description: 'The signed-in user.' })
  async me(@CurrentUser() caller: Caller): Promise<DataEnvelope<CurrentUserView>> {
    const user = await this.users.findById(caller.id);
    if (!user) throw AppError.notFound('This user does not exist.');
    const assignments = await this.users.assignmentsOf(user.customer_id);
    return ok(toCurrentUserView(user, assignments, secondFactorStatus(user, caller)));
  }

  @Roles(...STAFF_ROLES)
  @Get('users/')
  @ApiOkPage(UserViewDto, { description: 'Active staff, by name.' })
  async list(@Query() query: ListUsersQuery): Promise<PageEnvelope<UserView>> {
    const { rows, count } = await this.users.listByRole(query.role ?? null, query.offset, query.limit);
    return page(rows.map(toUserView), count, query.offset, query.limit);
  }
}
