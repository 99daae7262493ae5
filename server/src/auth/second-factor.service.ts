import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import {
  APP_CODE_NEEDED,
  normalCode,
  RECOVERY_CODE,
  type SecondFactorEnabled,
  type SecondFactorEnrolment,
  TOTP_CODE,
} from '../../../machines/second-factor.js';
import { isStaffRole } from '../../../machines/roles.js';
import { BrokerageSettingsService } from '../brokerage/brokerage-settings.service.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config.js';
import { DomainError } from '../platform/domain/domain-error.js';
import { decideAgainOnConflict } from '../platform/event-store/decide-again-on-conflict.js';
import { EventStore } from '../platform/event-store/event-store.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import {
  INVALID_CODE,
  type SecondFactorProof,
  USED_CODE,
  USED_RECOVERY_CODE,
  userDecider,
} from '../users/user.decider.js';
import { USER_STREAM } from '../users/user.events.js';
import { hasSecondFactor } from '../users/second-factor-status.js';
import { UsersRepository, type UserRow } from '../users/users.repository.js';
import { Clock } from '../platform/clock.js';
import {
  acceptedStep,
  isSpentCode,
  enrolmentUri,
  newRecoveryCodes,
  newSecret,
  SecondFactorKeys,
} from './second-factor.js';

/** How long a shown QR code can be confirmed with a first code. */
const ENROLMENT_TTL_MS = 15 * 60_000;

interface PendingEnrolment {
  userId: string;
  secret: string;
  expiresAt: number;
}

/** A wrong code: `invalid_code` (401) at sign-in, a problem of the named field when signed in. */
function codeRefusal(field?: 'code', description = INVALID_CODE): DomainError {
  return field
    ? DomainError.invalid('invalid', description, field)
    : DomainError.unauthorized('invalid_code', description);
}

/** A password hash's stamp: changes when the password does, tells nothing about it. */
export function passwordStamp(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 22);
}

/**
 * Two-factor sign-in for staff: enrolment (a secret shown once as a QR code, kept only after a first code
 * confirms it, with ten recovery codes), the check of a code at sign-in and turning it off. The secret
 * travels sealed; the log and the read table hold it sealed and the recovery codes as keyed hashes.
 */
@Injectable()
export class SecondFactorService {
  private readonly keys: SecondFactorKeys;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly events: EventStore,
    private readonly users: UsersRepository,
    private readonly brokerage: BrokerageSettingsService,
    private readonly clock: Clock,
  ) {
    this.keys = new SecondFactorKeys(config.appSecret);
  }

  /** A new secret to scan; nothing is recorded until a code from it confirms it. */
  async startEnrolment(caller: Caller): Promise<SecondFactorEnrolment> {
    const user = await this.activeStaff(caller.id);
    if (hasSecondFactor(user))
      throw DomainError.conflict('second_factor_enabled', 'Two-factor sign-in is already on.');
    const secret = newSecret();
    const pending: PendingEnrolment = {
      userId: user.id,
      secret,
      expiresAt: this.clock.now().getTime() + ENROLMENT_TTL_MS,
    };
    // Authenticator apps show the brokerage's name above the person's.
    const { name } = await this.brokerage.current();
    const uri = enrolmentUri(secret, `${user.first_name} ${user.last_name}`, name);
    return {
      enrolment: this.keys.seal(JSON.stringify(pending)),
      uri,
      secret,
      qr_svg: await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }),
    };
  }

  /** The first code confirms the app; the recovery codes are answered this once and kept as hashes. */
  async confirmEnrolment(
    caller: Caller,
    enrolment: string,
    code: string,
    metadata: EventMetadata,
  ): Promise<SecondFactorEnabled> {
    const pending = this.openEnrolment(enrolment, caller.id);
    const step = await acceptedStep(pending.secret, normalCode(code), null);
    if (step === null) throw DomainError.invalid('invalid', INVALID_CODE, 'code');
    const recoveryCodes = newRecoveryCodes();
    await this.events.handle(
      userDecider,
      { type: USER_STREAM, id: caller.id },
      {
        type: 'EnableSecondFactor',
        sealedSecret: this.keys.seal(pending.secret),
        recoveryCodeHashes: recoveryCodes.map((c) => this.keys.recoveryHash(c)),
        step,
      },
      metadata,
    );
    return { recovery_codes: recoveryCodes };
  }

  /** Off again, with a current code (or a recovery code); not while the brokerage requires it. */
  async turnOff(caller: Caller, code: string, metadata: EventMetadata): Promise<void> {
    if (caller.secondFactorRequired)
      throw DomainError.conflict(
        'second_factor_required',
        'Your brokerage requires two-factor sign-in, so it cannot be turned off.',
      );
    await decideAgainOnConflict(async () => {
      const user = await this.activeStaff(caller.id);
      if (!hasSecondFactor(user))
        throw DomainError.conflict('second_factor_off', 'Two-factor sign-in is not on.');
      const proof = await this.proof(user, code, 'code');
      return this.events.handle(
        userDecider,
        { type: USER_STREAM, id: caller.id },
        { type: 'TurnOffSecondFactor', proof },
        metadata,
      );
    });
  }

  /**
   * Ten new recovery codes in place of the old ones (spent or not), with a current code from the app:
   * answered this once, kept as keyed hashes. A recovery code cannot make new ones.
   */
  async replaceRecoveryCodes(
    caller: Caller,
    code: string,
    metadata: EventMetadata,
  ): Promise<SecondFactorEnabled> {
    const recoveryCodes = newRecoveryCodes();
    const recoveryCodeHashes = recoveryCodes.map((c) => this.keys.recoveryHash(c));
    await decideAgainOnConflict(async () => {
      const user = await this.activeStaff(caller.id);
      if (!hasSecondFactor(user))
        throw DomainError.conflict('second_factor_off', 'Two-factor sign-in is not on.');
      const typed = normalCode(code);
      if (!TOTP_CODE.test(typed)) throw DomainError.invalid('invalid', APP_CODE_NEEDED, 'code');
      const step = await this.appStep(user, typed, 'code');
      return this.events.handle(
        userDecider,
        { type: USER_STREAM, id: caller.id },
        { type: 'ReplaceRecoveryCodes', step, recoveryCodeHashes },
        metadata,
      );
    });
    return { recovery_codes: recoveryCodes };
  }

  /**
   * What a typed code proves for this user: an app code later than the last one used, or an unused
   * recovery code (one used already is refused as such, so its owner takes another). A wrong code is
   * refused as `invalid_code` (401 at sign-in) or as a field problem.
   */
  async proof(user: UserRow, typed: string, field?: 'code'): Promise<SecondFactorProof> {
    const refuse = () => codeRefusal(field);
    const code = normalCode(typed);
    if (!user.second_factor_secret) throw refuse();
    if (TOTP_CODE.test(code)) return { step: await this.appStep(user, code, field) };
    if (RECOVERY_CODE.test(code)) {
      const index = this.keys.matchRecovery(code, user.second_factor_recovery ?? []);
      if (index >= 0) return { recoveryIndex: index };
      if (this.keys.matchRecovery(code, user.second_factor_recovery_used ?? []) >= 0)
        throw codeRefusal(field, USED_RECOVERY_CODE);
      throw refuse();
    }
    throw refuse();
  }

  /**
   * The time step of an app code later than the last one used. A code already used (typed twice, or seen
   * over a shoulder) is refused as such, so its owner waits for the next one instead of doubting the app.
   */
  private async appStep(user: UserRow, code: string, field?: 'code'): Promise<number> {
    if (!user.second_factor_secret) throw codeRefusal(field);
    const secret = this.keys.open(user.second_factor_secret);
    const lastStep = user.second_factor_step === null ? null : Number(user.second_factor_step);
    const step = await acceptedStep(secret, code, lastStep);
    if (step !== null) return step;
    throw codeRefusal(field, (await isSpentCode(secret, code, lastStep)) ? USED_CODE : INVALID_CODE);
  }

  private openEnrolment(enrolment: string, userId: string): PendingEnrolment {
    let pending: PendingEnrolment;
    try {
      pending = JSON.parse(this.keys.open(enrolment)) as PendingEnrolment;
    } catch {
      throw DomainError.invalid('invalid', 'This QR code is not valid. Please start again.', 'enrolment');
    }
    if (pending.userId !== userId || pending.expiresAt <= this.clock.now().getTime())
      throw DomainError.invalid('expired', 'This QR code has expired. Please start again.', 'enrolment');
    return pending;
  }

  private async activeStaff(id: string): Promise<UserRow> {
    const user = await this.users.findById(id);
    if (!user || !user.is_active || !isStaffRole(user.role))
      throw DomainError.forbidden('Two-factor sign-in is for staff.');
    return user;
  }
}
