import { Injectable, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ROADMAP_STEPS, type RoadmapStep } from '../../../machines/customer.enums.js';
import type { FileStatus, FormField } from '../../../machines/documents.js';
import { AppraisersService } from '../appraisers/appraisers.service.js';
import { CustomersService } from '../customers/customers.service.js';
import type { CustomerRow } from '../customers/customers.repository.js';
import { DocumentsService } from '../documents/documents.service.js';
import { LawyersService } from '../lawyers/lawyers.service.js';
import { NotesService } from '../notes/notes.service.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { decideAgainOnConflict } from '../platform/event-store/decide-again-on-conflict.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { type UserRow, UsersRepository } from '../users/users.repository.js';
import { DEMO_CUSTOMERS, DEMO_TEMPLATES } from './demo-directory.js';
import { DEMO_STORIES, type DemoChatLine, type DemoStory, type SampleKind } from './demo-stories.js';
import { multipartBody } from './multipart-body.js';
import {
  bankStatement,
  employmentLetter,
  mortgageStatement,
  noticeOfAssessment,
  payStub,
  propertyTaxBill,
  purchaseAgreement,
  type SamplePerson,
  t4Slip,
} from './sample-documents.js';
import { licencePhoto, voidCheque } from './sample-images.js';

interface Actors {
  client: CustomerRow;
  broker: Caller;
  customer: Caller;
  person: SamplePerson & DemoStory['person'];
}

const callerOf = (user: UserRow): Caller => ({
  id: user.id,
  sessionId: '',
  role: user.role,
  customerId: user.customer_id,
  firstName: user.first_name,
  lastName: user.last_name,
  requireChangePassword: false,
  secondFactorRequired: false,
  mustEnrolSecondFactor: false,
});

const metaOf = (caller: Caller): EventMetadata => ({
  actorId: caller.id,
  actorRole: caller.role,
  requestId: null,
});

/**
 * Gives some demo clients a file worth looking at: a form sent by text with uploaded papers in every
 * status, chats about them, notes, lawyers and appraisers at different stages and a finished roadmap.
 * Everything is done as the broker or the customer would do it, through the same services, so it is in
 * the event log and a rebuild of the read tables gives it back. Each part is done only if the client
 * does not have it yet, so running it again adds nothing.
 */
@Injectable()
export class DemoContentSeeder {
  constructor(
    private readonly modules: ModuleRef,
    private readonly users: UsersRepository,
    private readonly dataSource: DataSource,
  ) {}

  /** The feature's own service; the feature modules keep them to themselves. */
  private service<T>(type: Type<T>): T {
    return this.modules.get(type, { strict: false });
  }

  /** The clients' stories are told side by side: none touches another's streams. */
  async seed(): Promise<number> {
    const parts = await Promise.all(
      DEMO_STORIES.map(async (story) => {
        const actors = await this.actorsOf(story);
        return actors ? this.tell(story, actors) : 0;
      }),
    );
    return parts.reduce((sum, n) => sum + n, 0);
  }

  private async actorsOf(story: DemoStory): Promise<Actors | null> {
    const user = await this.users.findActiveByPhone(story.phoneNumber);
    const demo = DEMO_CUSTOMERS.find((c) => c.phoneNumber === story.phoneNumber);
    if (!user?.customer_id || !demo) return null;
    const customer = callerOf(user);
    const client = await this.service(CustomersService).visible(customer, user.customer_id);
    const brokerUser = client.broker_id ? await this.users.findById(client.broker_id) : null;
    if (!brokerUser) return null;
    const person = { ...demo, ...story.person };
    return { client, broker: callerOf(brokerUser), customer, person };
  }

  /** Each part of the story that the client does not have yet; how many parts were added. */
  private async tell(story: DemoStory, actors: Actors): Promise<number> {
    const { client } = actors;
    let parts = 0;
    if (story.notes.length > 0 && !(await this.exists('notes', client.id))) {
      for (const text of story.notes)
        await this.service(NotesService).add(
          actors.broker,
          client.id,
          multipartBody([], { text }),
          metaOf(actors.broker),
        );
      parts++;
    }
    if (story.form && client.form_codes.length === 0) {
      await this.sendForm(story.form, actors);
      parts++;
    }
    if (story.lawyer && client.lawyer_status === 'empty') {
      const caller = story.lawyer.pickedBy === 'customer' ? actors.customer : actors.broker;
      const lawyerId = await this.idByEmail('lawyers', story.lawyer.email);
      await this.service(LawyersService).pick(caller, client.id, lawyerId, metaOf(caller));
      parts++;
    }
    if (story.appraiser) parts += await this.appraiser(story.appraiser, actors);
    if (story.completed) parts += await this.steps(story.completed, actors);
    return parts;
  }

  /** The broker sends a form from a template; the customer uploads; the broker reviews and they talk. */
  private async sendForm(form: NonNullable<DemoStory['form']>, actors: Actors): Promise<void> {
    const { broker, customer, client } = actors;
    const documents = this.service(DocumentsService);
    const template = DEMO_TEMPLATES.find((t) => t.name === form.template)!;
    const suffix = randomBytes(2).toString('hex');
    const fields: FormField[] = template.fields.map((f) => ({ ...f, name: `${f.name}-${suffix}` }));
    const code = await documents.createForm(broker, client.id, fields, metaOf(broker));
    await this.service(CustomersService).notify(broker, client.id, 'form_sent', metaOf(broker));
    const statuses: { id: string; status: FileStatus }[] = [];
    const chats: { fileId: string; lines: DemoChatLine[] }[] = [];
    const bodies = await Promise.all(form.uploads.map((upload) => this.sample(upload.sample, actors.person)));
    for (const [index, upload] of form.uploads.entries()) {
      const field = `${upload.field}-${suffix}`;
      const body = bodies[index];
      const [fileId] = await documents.upload(
        customer,
        code,
        multipartBody([{ field, fileName: upload.fileName, body }]),
        metaOf(customer),
      );
      if (upload.status !== 'in_review') statuses.push({ id: fileId, status: upload.status });
      if (upload.chat) chats.push({ fileId, lines: upload.chat });
    }
    // The previews of these files are recorded on their streams meanwhile: the review is decided again then.
    if (statuses.length > 0)
      await decideAgainOnConflict(() => documents.setStatuses(broker, code, statuses, metaOf(broker)));
    for (const { fileId, lines } of chats)
      for (const line of lines) {
        const author = line.by === 'broker' ? broker : customer;
        const files = line.attach
          ? [
              {
                field: 'comment-file',
                fileName: line.attach.fileName,
                body: await this.sample(line.attach.sample, actors.person),
              },
            ]
          : [];
        await documents.addComment(
          author,
          code,
          fileId,
          multipartBody(files, { text: line.text }),
          metaOf(author),
        );
      }
  }

  private async appraiser(plan: NonNullable<DemoStory['appraiser']>, actors: Actors): Promise<number> {
    const { broker, client, person } = actors;
    const appraisers = this.service(AppraisersService);
    const meta = metaOf(broker);
    if ('quotesFrom' in plan) {
      if (await this.exists('appraisal_requests', client.id)) return 0;
      const ids = await Promise.all(plan.quotesFrom.map((email) => this.idByEmail('appraisers', email)));
      await appraisers.requestQuotes(
        broker,
        client.id,
        ids,
        {
          property_address: client.address_line,
          lender: client.lender,
          mortgage_position: 'first',
          ltv: 72,
          expected_value: person.propertyValue,
          due_date: inDays(7),
          comment: 'Owner-occupied; the client works from home and can give access most weekdays.',
        },
        meta,
      );
      return 1;
    }
    if (client.appraiser_status !== 'empty') return 0;
    const partyId = await this.idByEmail('appraisers', plan.assigned);
    const details = {
      first_name: client.first_name,
      last_name: client.last_name,
      email: client.email,
      phone_number: client.phone_number,
      expected_value: person.propertyValue,
      address: client.address_line,
      expected_date: inDays(-50),
      access_details: 'owner',
      mortgage_position: 'first',
      lender: client.lender,
      underwriter_email: 'underwriting@lender.example',
      underwriter_name: 'Sam Lee',
      mortgage_number: 'M-204811',
      notes: '',
    };
    await appraisers.transition(
      broker,
      client.id,
      { type: 'ASSIGN', role: broker.role, partyId, details },
      meta,
    );
    await appraisers.transition(broker, client.id, { type: 'APPROVE', role: broker.role }, meta);
    return 1;
  }

  private async steps(completed: RoadmapStep[], actors: Actors): Promise<number> {
    const { broker, client } = actors;
    const steps = ROADMAP_STEPS.map((step) => {
      const done = completed.includes(step);
      return { step, is_completed: done, is_active: done || step !== 'sign_documents' };
    });
    const same = steps.every((want) =>
      client.steps.some(
        (s) => s.step === want.step && s.is_completed === want.is_completed && s.is_active === want.is_active,
      ),
    );
    if (same) return 0;
    await this.service(CustomersService).setSteps(broker, client.id, steps, metaOf(broker));
    return 1;
  }

  private async sample(kind: SampleKind, person: Actors['person']): Promise<Buffer> {
    switch (kind) {
      case 'licence':
        return licencePhoto(person);
      case 'void_cheque':
        return voidCheque(person);
      case 'pay_stub':
        return payStub(person);
      case 'previous_pay_stub':
        return payStub(person, 1);
      case 't4':
        return t4Slip(person);
      case 'employment_letter':
        return employmentLetter(person);
      case 'bank_statement':
        return bankStatement(person, person.propertyValue * 0.12);
      case 'mortgage_statement':
        return mortgageStatement(person, person.propertyValue * 0.55);
      case 'property_tax':
        return propertyTaxBill(person, person.propertyValue);
      case 'notice_of_assessment':
        return noticeOfAssessment(person);
      case 'purchase_agreement':
        return purchaseAgreement(person, person.propertyValue);
    }
  }

  private async exists(table: 'notes' | 'appraisal_requests', customerId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM ${table} WHERE customer_id = $1 LIMIT 1`,
      [customerId],
    );
    return rows.length > 0;
  }

  private async idByEmail(table: 'lawyers' | 'appraisers', email: string): Promise<string> {
    const rows: { id: string }[] = await this.dataSource.query(`SELECT id FROM ${table} WHERE email = $1`, [
      email,
    ]);
    if (!rows[0]) throw new Error(`The demo ${table} have no ${email}.`);
    return rows[0].id;
  }
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
