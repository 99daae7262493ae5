import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { PasswordService } from '../auth/password.service.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config.js';
import { EventStore } from '../platform/event-store/event-store.js';
import { SYSTEM_METADATA } from '../platform/event-store/event.types.js';
import { userDecider } from '../users/user.decider.js';
import { USER_STREAM } from '../users/user.events.js';
import { UsersRepository } from '../users/users.repository.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from './demo-accounts.js';

/**
 * Demo data written through the same events as real use. Running it again adds only what is missing,
 * and it refuses to run in production.
 */
@Injectable()
export class SeedService {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly events: EventStore,
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async seed(): Promise<{ created: number }> {
    if (this.config.env === 'production')
      throw new Error('Demo data is not seeded when NODE_ENV=production.');
    let created = 0;
    for (const account of DEMO_ACCOUNTS) {
      if (await this.users.findActiveByPhone(account.phoneNumber)) continue;
      await this.registerUser(account, DEMO_PASSWORD);
      created++;
    }
    if (created > 0) this.logger.log(`Seeded ${created} demo records`);
    return { created };
  }

  /** Registers a user with a known password, through the same decider as every other registration. */
  async registerUser(
    account: DemoAccount,
    password: string,
    customerId: string | null = null,
  ): Promise<string> {
    const userId = randomUUID();
    await this.events.handle(
      userDecider,
      { type: USER_STREAM, id: userId },
      {
        type: 'RegisterUser',
        userId,
        role: account.role,
        firstName: account.firstName,
        lastName: account.lastName,
        phoneNumber: account.phoneNumber,
        email: account.email,
        passwordHash: await this.passwords.hash(password),
        requireChangePassword: false,
        customerId,
        passwordDelivery: null,
      },
      SYSTEM_METADATA,
    );
    return userId;
  }

  async isEmpty(): Promise<boolean> {
    const rows: { count: number }[] = await this.dataSource.query(
      'SELECT count(*)::int AS count FROM events',
    );
    return rows[0].count === 0;
  }
}
