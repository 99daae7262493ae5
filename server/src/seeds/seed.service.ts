import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { PasswordService } from '../auth/password.service.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config.js';
import { EventStore } from '../platform/event-store/event-store.js';
import { SYSTEM_METADATA } from '../platform/event-store/event.types.js';
import { registration } from '../users/user-registration.js';
import { UsersRepository } from '../users/users.repository.js';
import { appraiserDecider } from '../appraisers/appraiser.decider.js';
import { APPRAISER_STREAM, BANK_STREAM } from '../appraisers/appraiser.events.js';
import { bankDecider } from '../appraisers/bank.decider.js';
import { registerCustomer } from '../customers/customer-registration.js';
import type { CustomerDetails } from '../customers/customer.events.js';
import { newTypedId } from '../customers/typed-id.js';
import { formTemplateDecider } from '../documents/form-template.decider.js';
import { FORM_TEMPLATE_STREAM } from '../documents/form-template.events.js';
import { lawyerDecider } from '../lawyers/lawyer.decider.js';
import { LAWYER_STREAM } from '../lawyers/lawyer.events.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from './demo-accounts.js';
import { DemoContentSeeder } from './demo-content.js';
import {
  DEMO_APPRAISERS,
  DEMO_BANKS,
  DEMO_CUSTOMERS,
  DEMO_LAWYERS,
  DEMO_TEMPLATES,
  type DemoCustomer,
} from './demo-directory.js';

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
    private readonly content: DemoContentSeeder,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The whole demo, as `npm run seed` makes it: the brokerage, then what its clients' files hold. */
  async seedDemo(): Promise<{ created: number }> {
    const { created } = await this.seed();
    return { created: created + (await this.fillDemoFiles()) };
  }

  /**
   * What the demo clients' files hold: papers, reviews, chats, notes, lawyers, appraisers. `npm start`
   * fills them once it answers, so the first start is no slower for them; how many parts were added.
   */
  async fillDemoFiles(): Promise<number> {
    if (this.config.env === 'production')
      throw new Error('Demo data is not seeded when NODE_ENV=production.');
    const started = Date.now();
    const parts = await this.content.seed();
    if (parts > 0)
      this.logger.log(`Filled ${parts} parts of the demo clients' files in ${Date.now() - started} ms`);
    return parts;
  }

  /** The brokerage: staff, templates, lawyers, appraisers and the twelve clients with their accounts. */
  async seed(): Promise<{ created: number }> {
    if (this.config.env === 'production')
      throw new Error('Demo data is not seeded when NODE_ENV=production.');
    const passwordHash = await this.passwords.hash(DEMO_PASSWORD);
    let created = 0;
    const staffIds = new Map<string, string>();
    for (const account of DEMO_ACCOUNTS.filter((a) => a.role !== 'customer')) {
      const existing = await this.users.findActiveByPhone(account.phoneNumber);
      staffIds.set(account.role, existing?.id ?? (await this.registerUserWithHash(account, passwordHash)));
      if (!existing) created++;
    }
    created += await this.seedTemplates();
    created += await this.seedLawyers();
    created += await this.seedAppraisers();
    for (const customer of DEMO_CUSTOMERS) {
      if (await this.users.findActiveByPhone(customer.phoneNumber)) continue;
      await this.seedCustomer(customer, staffIds, passwordHash);
      created++;
    }
    if (created > 0) this.logger.log(`Seeded ${created} demo records`);
    return { created };
  }

  private async missing(table: string, column: string, value: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [
      value,
    ]);
    return rows.length === 0;
  }

  private async seedTemplates(): Promise<number> {
    let created = 0;
    for (const template of DEMO_TEMPLATES) {
      if (!(await this.missing('form_templates', 'name', template.name))) continue;
      const templateId = randomUUID();
      await this.events.handle(
        formTemplateDecider,
        { type: FORM_TEMPLATE_STREAM, id: templateId },
        { type: 'CreateFormTemplate', template: { templateId, ...template } },
        SYSTEM_METADATA,
      );
      created++;
    }
    return created;
  }

  private async seedLawyers(): Promise<number> {
    let created = 0;
    for (const lawyer of DEMO_LAWYERS) {
      if (!(await this.missing('lawyers', 'email', lawyer.email))) continue;
      const lawyerId = randomUUID();
      const data = {
        lawyerId,
        ...lawyer,
        isTrustedPartner: true,
        isInternal: true,
        createdByCustomerId: null,
      };
      await this.events.handle(
        lawyerDecider,
        { type: LAWYER_STREAM, id: lawyerId },
        { type: 'RegisterLawyer', lawyer: data },
        SYSTEM_METADATA,
      );
      created++;
    }
    return created;
  }

  private async seedAppraisers(): Promise<number> {
    let created = 0;
    const bankIds: string[] = [];
    for (const name of DEMO_BANKS) {
      const rows: { id: string }[] = await this.dataSource.query('SELECT id FROM banks WHERE name = $1', [
        name,
      ]);
      if (rows[0]) {
        bankIds.push(rows[0].id);
        continue;
      }
      const bankId = randomUUID();
      await this.events.handle(
        bankDecider,
        { type: BANK_STREAM, id: bankId },
        { type: 'RegisterBank', bank: { bankId, name } },
        SYSTEM_METADATA,
      );
      bankIds.push(bankId);
      created++;
    }
    for (const appraiser of DEMO_APPRAISERS) {
      if (!(await this.missing('appraisers', 'email', appraiser.email))) continue;
      const appraiserId = randomUUID();
      const { banks, ...details } = appraiser;
      const data = { appraiserId, ...details, bankIds: banks.map((index) => bankIds[index]) };
      await this.events.handle(
        appraiserDecider,
        { type: APPRAISER_STREAM, id: appraiserId },
        { type: 'RegisterAppraiser', appraiser: data },
        SYSTEM_METADATA,
      );
      created++;
    }
    return created;
  }

  /** A client and their customer account, registered as staff register one. */
  private async seedCustomer(
    customer: DemoCustomer,
    staffIds: Map<string, string>,
    passwordHash: string,
  ): Promise<void> {
    const customerId = randomUUID();
    const userId = randomUUID();
    const closingDate =
      customer.closingInDays === null
        ? null
        : new Date(Date.now() + customer.closingInDays * 86_400_000).toISOString().slice(0, 10);
    const details: CustomerDetails = {
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phoneNumber: customer.phoneNumber,
      status: customer.status,
      dealType: customer.dealType,
      customerType: 'applicant',
      closingDate,
      filogixNumber: null,
      lender: customer.lender,
      addressLine: customer.addressLine,
      brokerId: staffIds.get(customer.broker) ?? null,
      assistantId: staffIds.get('assistant') ?? null,
      secondApplicant: { firstName: '', lastName: '', email: '', phoneNumber: '' },
    };
    await registerCustomer(
      this.events,
      {
        customerId,
        typedId: newTypedId(),
        userId,
        details,
        passwordHash,
        passwordDelivery: null,
        firstNote: null,
      },
      SYSTEM_METADATA,
    );
  }

  /** Registers a user with a known password, through the same decider as every other registration. */
  async registerUser(
    account: DemoAccount,
    password: string,
    customerId: string | null = null,
  ): Promise<string> {
    return this.registerUserWithHash(account, await this.passwords.hash(password), customerId);
  }

  private async registerUserWithHash(
    account: DemoAccount,
    passwordHash: string,
    customerId: string | null = null,
  ): Promise<string> {
    const userId = randomUUID();
    await this.events.handleAll(
      registration({
        userId,
        role: account.role,
        firstName: account.firstName,
        lastName: account.lastName,
        phoneNumber: account.phoneNumber,
        email: account.email,
        passwordHash,
        requireChangePassword: false,
        customerId,
        passwordDelivery: null,
      }),
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
