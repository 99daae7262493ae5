import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AuthService } from '../auth/auth.service.js';
import { PasswordService } from '../auth/password.service.js';
import { customerDecider } from '../customers/customer.decider.js';
import { CUSTOMER_STREAM } from '../customers/customer.events.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { DomainError } from '../platform/domain/domain-error.js';
import { decideAgainOnConflict } from '../platform/event-store/decide-again-on-conflict.js';
import { EventStore, type StreamCommand, streamCommand } from '../platform/event-store/event-store.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { userDecider } from '../users/user.decider.js';
import { USER_STREAM } from '../users/user.events.js';
import { deactivation, registration } from '../users/user-registration.js';
import { phoneNumberDecider } from '../users/phone-number.decider.js';
import { phoneNumberStream } from '../users/phone-number.events.js';
import { UsersRepository } from '../users/users.repository.js';
import type { InviteStaffDto, UpdateStaffDto } from './team.dto.js';
import { TeamRepository } from './team.repository.js';
import { RateLimiters } from '../platform/http/rate-limiters.js';
import { phoneNumberTaken } from '../users/phone-number.decider.js';

/** Clients moved to another broker or assistant per append: large enough to be quick, small enough to retry. */
const REASSIGNED_PER_APPEND = 50;

const userStream = (id: string) => ({ type: USER_STREAM, id });

type ClientPart = 'broker' | 'assistant';

/** Who may have a part of a client: a broker or a principal broker brokers, an assistant assists. */
function canTake(role: string, part: ClientPart): boolean {
  return part === 'broker' ? role !== 'assistant' : role === 'assistant';
}

/**
 * The principal broker's management of the team: invitations, edits, roles, deactivation and the
 * handover of a departing member's clients. The brokerage always keeps one active principal broker: a
 * change that would remove the last one is refused, and a change that removes one of several is appended
 * on the condition that the others' accounts did not change meanwhile, so two such changes at once cannot
 * both pass.
 */
@Injectable()
export class TeamService {
  constructor(
    private readonly team: TeamRepository,
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly auth: AuthService,
    private readonly events: EventStore,
    private readonly counters: RateLimiters,
  ) {}

  async invite(dto: InviteStaffDto, meta: EventMetadata): Promise<string> {
    if (await this.users.findActiveByPhone(dto.phone_number)) throw phoneNumberTaken();
    const codes = dto.broker_codes ?? [];
    if (dto.role === 'assistant' && codes.length > 0)
      throw DomainError.invalid('invalid', 'Only brokers have broker codes.', 'broker_codes');
    const userId = randomUUID();
    const { delivery, passwordHash } = await this.passwords.issueOneTimePassword();
    // An invitation with the same number at the same moment takes the reservation first: decided again,
    // this one is refused as any taken number is.
    await decideAgainOnConflict(() =>
      this.events.handleAll(
        registration({
          userId,
          role: dto.role,
          firstName: dto.first_name,
          lastName: dto.last_name,
          phoneNumber: dto.phone_number,
          email: dto.email,
          passwordHash,
          requireChangePassword: true,
          customerId: null,
          passwordDelivery: delivery,
        }),
        meta,
      ),
    );
    if (codes.length > 0)
      await this.events.handle(
        userDecider,
        userStream(userId),
        { type: 'EditStaff', changes: {}, codes },
        meta,
      );
    return userId;
  }

  async update(id: string, dto: UpdateStaffDto, meta: EventMetadata): Promise<void> {
    await decideAgainOnConflict(async () => {
      const member = await this.activeMember(id);
      const role = dto.role !== undefined && dto.role !== member.role ? dto.role : null;
      if (role) {
        const kept = (await this.team.clientsOf(id)).filter((client) => !canTake(role, client.as));
        if (kept.length > 0) {
          const brokers = kept[0].as === 'broker';
          const count = kept.length === 1 ? '1 client' : `${kept.length} clients`;
          throw DomainError.conflict(
            'clients_to_move',
            `This member ${brokers ? 'brokers' : 'assists'} ${count}. Move them to another ${brokers ? 'broker' : 'assistant'} first, then change the role.`,
          );
        }
      }
      const demoted = member.role === 'principal_broker' && role !== null;
      const edit = streamCommand(
        userDecider,
        userStream(id),
        {
          type: 'EditStaff',
          changes: { firstName: dto.first_name, lastName: dto.last_name, email: dto.email },
          role: dto.role,
          codes: dto.broker_codes,
        },
        member.version,
      );
      await this.events.handleAll([edit, ...(demoted ? await this.principalsStay(id) : [])], meta);
    });
  }

  async deactivate(caller: Caller, id: string, meta: EventMetadata): Promise<void> {
    if (id === caller.id)
      throw DomainError.invalid(
        'invalid',
        'You cannot deactivate yourself; ask another principal broker.',
        'id',
      );
    await decideAgainOnConflict(async () => {
      const member = await this.activeMember(id);
      const { userVersion, revocations } = await this.auth.sessionsToEnd(
        id,
        'user_deactivated',
        undefined,
        member.version,
      );
      const commands = [
        ...deactivation(id, member.phone_number, 'deactivated by a principal broker', userVersion),
        ...revocations,
        ...(member.role === 'principal_broker' ? await this.principalsStay(id) : []),
      ];
      await this.events.handleAll(commands, meta);
    });
  }

  async setOwnCodes(id: string, codes: string[], meta: EventMetadata): Promise<void> {
    await this.events.handle(userDecider, userStream(id), { type: 'EditStaff', changes: {}, codes }, meta);
  }

  async resetSecondFactor(id: string, meta: EventMetadata): Promise<void> {
    await this.activeMember(id);
    await this.events.handle(userDecider, userStream(id), { type: 'ResetSecondFactor' }, meta);
    // The reset is the way back in for a member who lost their phone: wrong codes tried meanwhile, theirs or
    // a stranger's, no longer block them once they set a new one up.
    await this.counters.forgiveSecondFactor(id);
  }

  async reactivate(id: string, meta: EventMetadata): Promise<void> {
    const member = await this.team.member(id);
    if (!member) throw DomainError.notFound('This staff member does not exist.');
    if (member.is_active) return;
    await this.events.handleAll(
      [
        streamCommand(userDecider, userStream(id), { type: 'Reactivate' }, member.version),
        streamCommand(phoneNumberDecider, phoneNumberStream(member.phone_number), {
          type: 'Reserve',
          userId: id,
        }),
      ],
      meta,
    );
  }

  /**
   * Moves every client a staff member brokers or assists to another active member who can take that part:
   * a broker's clients to a broker or principal broker, an assistant's to an assistant. Each client's move
   * is its own `customer.updated`, decided on the client as it is then, so edits made meanwhile stay.
   */
  async reassign(id: string, to: string, meta: EventMetadata): Promise<number> {
    if (id === to) throw DomainError.invalid('invalid', 'Choose another staff member.', 'to');
    const member = await this.team.member(id);
    if (!member) throw DomainError.notFound('This staff member does not exist.');
    const clients = await this.team.clientsOf(id);
    await this.takerOf(to, clients);
    for (let start = 0; start < clients.length; start += REASSIGNED_PER_APPEND) {
      const batch = clients.slice(start, start + REASSIGNED_PER_APPEND);
      await decideAgainOnConflict(async () => {
        // The one taking them over is held as read, so a deactivation or a new role in between refuses
        // the move rather than leave clients with someone who cannot have them.
        const target = await this.takerOf(to, batch);
        await this.events.handleAll(
          [
            ...batch.map((client) =>
              streamCommand(
                customerDecider,
                { type: CUSTOMER_STREAM, id: client.id },
                {
                  type: 'UpdateCustomer',
                  changes: client.as === 'broker' ? { brokerId: to } : { assistantId: to },
                  folderChoice: null,
                },
              ),
            ),
            streamCommand(userDecider, userStream(to), { type: 'ConfirmActive' }, target.version),
          ],
          meta,
        );
      });
    }
    return clients.length;
  }

  /** The active staff member `to`, when they can take every part they are given of these clients. */
  private async takerOf(to: string, clients: { as: ClientPart }[]): Promise<{ version: number }> {
    const target = await this.team.member(to);
    if (!target || !target.is_active)
      throw DomainError.invalid('invalid', 'Choose an active staff member.', 'to');
    const refused = clients.find((client) => !canTake(target.role, client.as));
    if (refused)
      throw DomainError.invalid(
        'invalid',
        refused.as === 'broker'
          ? 'Clients a broker brokers go to a broker or a principal broker.'
          : "An assistant's clients go to another assistant.",
        'to',
      );
    return target;
  }

  private async activeMember(id: string) {
    const member = await this.team.member(id);
    if (!member || !member.is_active)
      throw DomainError.notFound('This staff member does not exist or is not active.');
    return member;
  }

  private async otherPrincipals(id: string): Promise<{ id: string; version: number }[]> {
    return (await this.team.activePrincipals()).filter((p) => p.id !== id);
  }

  /** The other active principal brokers, unchanged since read: the change holds only if they still are. */
  private async principalsStay(id: string): Promise<StreamCommand[]> {
    const others = await this.otherPrincipals(id);
    if (others.length === 0) throw this.lastPrincipal();
    return others.map((p) =>
      streamCommand(userDecider, userStream(p.id), { type: 'ConfirmActive' }, p.version),
    );
  }

  private lastPrincipal(): DomainError {
    return DomainError.conflict(
      'last_principal_broker',
      'The brokerage needs at least one active principal broker: make someone else principal broker first.',
    );
  }
}
