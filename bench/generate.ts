import { randomUUID } from 'node:crypto';
import { customerRegistration } from '../server/src/customers/customer-registration.js';
import { customerDecider } from '../server/src/customers/customer.decider.js';
import { CUSTOMER_STREAM, type CustomerDetails } from '../server/src/customers/customer.events.js';
import { newTypedId } from '../server/src/customers/typed-id.js';
import { activeFormDecider } from '../server/src/documents/active-form.decider.js';
import { commentDecider } from '../server/src/documents/comment.decider.js';
import { newFormCode } from '../server/src/documents/documents.service.js';
import { formFileDecider } from '../server/src/documents/form-file.decider.js';
import { formTemplateDecider } from '../server/src/documents/form-template.decider.js';
import { FORM_TEMPLATE_STREAM } from '../server/src/documents/form-template.events.js';
import { formDecider } from '../server/src/documents/form.decider.js';
import { COMMENT_STREAM, FORM_FILE_STREAM, FORM_STREAM } from '../server/src/documents/form.events.js';
import { noteDecider } from '../server/src/notes/note.decider.js';
import { NOTE_STREAM } from '../server/src/notes/note.events.js';
import { type EventStore, streamCommand } from '../server/src/platform/event-store/event-store.js';
import type { EventMetadata } from '../server/src/platform/event-store/event.types.js';
import { appraiserAssignmentDecider } from '../server/src/appraisers/appraiser-assignment.js';
import { appraiserDecider } from '../server/src/appraisers/appraiser.decider.js';
import { APPRAISER_STREAM, BANK_STREAM } from '../server/src/appraisers/appraiser.events.js';
import { bankDecider } from '../server/src/appraisers/bank.decider.js';
import { lawyerAssignmentDecider } from '../server/src/lawyers/lawyer-assignment.js';
import { lawyerDecider } from '../server/src/lawyers/lawyer.decider.js';
import { LAWYER_STREAM } from '../server/src/lawyers/lawyer.events.js';
import {
  DEMO_APPRAISERS,
  DEMO_BANKS,
  DEMO_LAWYERS,
  DEMO_TEMPLATES,
} from '../server/src/seeds/demo-directory.js';
import { registration } from '../server/src/users/user-registration.js';
import type { CustomerStatus } from '../machines/customer.enums.js';
import type { FormField } from '../machines/documents.js';
import { DecidedStreams } from './decided-streams.js';
import { Random } from './random.js';

export interface StaffMember {
  id: string;
  role: 'principal_broker' | 'broker' | 'assistant';
  phone: string;
}

export interface GeneratedBrokerage {
  staff: StaffMember[];
  /** Clients with a form, for the pages and commands that need one. */
  forms: { customerId: string; customerPhone: string; code: string; brokerId: string; fileIds: string[] }[];
  /** The names of the fields every generated form has. */
  fieldNames: string[];
  customers: { id: string; brokerId: string }[];
  events: number;
}

const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Charlotte', 'William', 'Amelia', 'Lucas', 'Ava', 'Ethan'];
const LAST = ['Smith', 'Tremblay', 'Martin', 'Roy', 'Wilson', 'Gagnon', 'Lee', 'Brown', 'Singh', 'Chen'];
const PROGRESSION: CustomerStatus[] = ['pre_approved', 'approved', 'broker_complete', 'funded', 'closed'];
const CHUNK = 250;
const YEARS = 3;

/**
 * A brokerage with `clients` clients and a few years of history, decided by the product's own deciders and
 * imported in bulk. Every account shares `passwordHash`, so generating is not bound by the password hash.
 */
export async function generateBrokerage(
  store: EventStore,
  options: { clients: number; brokers: number; assistants: number; passwordHash: string; seed?: number },
  onProgress: (clients: number, events: number) => void,
): Promise<GeneratedBrokerage> {
  const random = new Random(options.seed ?? 2026);
  const streams = new DecidedStreams();
  const system: EventMetadata = { actorId: null, actorRole: 'system', requestId: null };
  const start = Date.now() - YEARS * 365 * 86_400_000;
  const staff: StaffMember[] = [];
  let imported = 0;
  const flush = async (): Promise<void> => {
    const events = streams.take();
    for (let i = 0; i < events.length; i += 5000) await store.importDecided(events.slice(i, i + 5000));
    imported += events.length;
  };

  const roles: StaffMember['role'][] = [
    'principal_broker',
    ...Array<StaffMember['role']>(options.brokers).fill('broker'),
    ...Array<StaffMember['role']>(options.assistants).fill('assistant'),
  ];
  for (const [index, role] of roles.entries()) {
    const member = { id: randomUUID(), role, phone: `1647${String(10_000_000 + index).slice(1)}` };
    staff.push(member);
    streams.run(
      registration({
        userId: member.id,
        role,
        firstName: random.pick(FIRST),
        lastName: random.pick(LAST),
        phoneNumber: member.phone,
        email: `staff${index}@bench.example.com`,
        passwordHash: options.passwordHash,
        requireChangePassword: false,
        customerId: null,
        passwordDelivery: null,
      }),
      system,
      new Date(start),
    );
  }
  const templateId = randomUUID();
  const template = DEMO_TEMPLATES[0];
  streams.run(
    [
      streamCommand(
        formTemplateDecider,
        { type: FORM_TEMPLATE_STREAM, id: templateId },
        { type: 'CreateFormTemplate', template: { templateId, ...template } },
      ),
    ],
    system,
    new Date(start),
  );
  // The brokerage's directory: the demo lawyers, banks and appraisers.
  const lawyerIds = DEMO_LAWYERS.map((lawyer) => {
    const lawyerId = randomUUID();
    streams.run(
      [
        streamCommand(
          lawyerDecider,
          { type: LAWYER_STREAM, id: lawyerId },
          {
            type: 'RegisterLawyer',
            lawyer: {
              lawyerId,
              ...lawyer,
              isTrustedPartner: true,
              isInternal: true,
              createdByCustomerId: null,
            },
          },
        ),
      ],
      system,
      new Date(start),
    );
    return lawyerId;
  });
  const bankIds = DEMO_BANKS.map((name) => {
    const bankId = randomUUID();
    streams.run(
      [
        streamCommand(
          bankDecider,
          { type: BANK_STREAM, id: bankId },
          { type: 'RegisterBank', bank: { bankId, name } },
        ),
      ],
      system,
      new Date(start),
    );
    return bankId;
  });
  const appraiserIds = DEMO_APPRAISERS.map(({ banks, ...details }) => {
    const appraiserId = randomUUID();
    streams.run(
      [
        streamCommand(
          appraiserDecider,
          { type: APPRAISER_STREAM, id: appraiserId },
          {
            type: 'RegisterAppraiser',
            appraiser: { appraiserId, ...details, bankIds: banks.map((index) => bankIds[index]) },
          },
        ),
      ],
      system,
      new Date(start),
    );
    return appraiserId;
  });
  await flush();
  streams.forget(() => false);

  const brokers = staff.filter((s) => s.role === 'broker');
  const assistants = staff.filter((s) => s.role === 'assistant');
  const fields: FormField[] = template.fields.map((f) => ({ ...f, disabled: false }));
  const typedIds = new Set<string>();
  const generated: GeneratedBrokerage = {
    staff,
    forms: [],
    customers: [],
    fieldNames: fields.map((f) => f.name),
    events: 0,
  };

  for (let i = 0; i < options.clients; i++) {
    const broker = random.pick(brokers);
    const assistant = random.pick(assistants);
    const customerId = randomUUID();
    const userId = randomUUID();
    const firstName = random.pick(FIRST);
    const lastName = random.pick(LAST);
    let typedId = newTypedId();
    while (typedIds.has(typedId)) typedId = newTypedId();
    typedIds.add(typedId);
    // Clients arrive evenly over the years; older ones have gone further.
    const created = start + (i / options.clients) * YEARS * 365 * 86_400_000;
    const at = (days: number): Date => new Date(Math.min(Date.now(), created + days * 86_400_000));
    const asBroker: EventMetadata = { actorId: broker.id, actorRole: 'broker', requestId: null };
    const asCustomer: EventMetadata = { actorId: userId, actorRole: 'customer', requestId: null };
    const details: CustomerDetails = {
      firstName,
      lastName,
      email: `${firstName}.${lastName}.${i}@example.com`.toLowerCase(),
      phoneNumber: `1416${String(10_000_000 + i).slice(1)}`,
      status: 'active',
      dealType: random.pick(['purchase', 'refinance', 'second_mortgage'] as const),
      customerType: 'applicant',
      closingDate: null,
      filogixNumber: random.chance(0.5) ? `FX${100_000 + i}` : null,
      lender: random.pick(['RBC', 'TD', 'Scotiabank', 'BMO', 'CIBC', '']),
      addressLine: `${random.int(1, 999)} Queen St W, Toronto`,
      brokerId: broker.id,
      assistantId: assistant.id,
      secondApplicant: { firstName: '', lastName: '', email: '', phoneNumber: '' },
    };
    streams.run(
      customerRegistration({
        customerId,
        typedId,
        userId,
        details,
        passwordHash: options.passwordHash,
        passwordDelivery: null,
        firstNote: random.chance(0.5) ? { authorId: broker.id, text: 'First call: pre-approval.' } : null,
      }),
      asBroker,
      at(0),
    );
    generated.customers.push({ id: customerId, brokerId: broker.id });
    const customer = { type: CUSTOMER_STREAM, id: customerId };

    if (random.chance(0.6)) {
      const code = newFormCode();
      streams.run(
        [
          streamCommand(activeFormDecider, customer, {
            type: 'OpenForm',
            customerId,
            code,
            replaces: null,
            activeCodeOnRecord: null,
          }),
          streamCommand(
            formDecider,
            { type: FORM_STREAM, id: code },
            { type: 'CreateForm', code, customerId, fields, replaces: null },
          ),
        ],
        asBroker,
        at(1),
      );
      streams.run(
        [streamCommand(customerDecider, customer, { type: 'RequestNotification', notifyType: 'form_sent' })],
        asBroker,
        at(1),
      );
      const fileIds: string[] = [];
      for (let u = random.int(1, 6); u > 0; u--) {
        const field = random.pick(fields);
        const fileId = randomUUID();
        fileIds.push(fileId);
        streams.run(
          [
            streamCommand(
              formDecider,
              { type: FORM_STREAM, id: code },
              { type: 'AcceptUpload', fields: [field.name] },
            ),
            streamCommand(
              formFileDecider,
              { type: FORM_FILE_STREAM, id: fileId },
              {
                type: 'RecordUpload',
                upload: {
                  fileId,
                  code,
                  customerId,
                  field: field.name,
                  caption: field.caption,
                  extension: 'pdf',
                  uploadedBy: userId,
                  file: {
                    key: `customers/${customerId}/forms/${code}/${fileId}.pdf`,
                    name: `${field.name}.pdf`,
                    mimeType: 'application/pdf',
                    size: random.int(80_000, 4_000_000),
                  },
                },
              },
            ),
          ],
          asCustomer,
          at(2 + u),
        );
        const review = random.chance(0.8) ? 'checked' : 'issue';
        streams.run(
          [
            streamCommand(
              formFileDecider,
              { type: FORM_FILE_STREAM, id: fileId },
              { type: 'ChangeStatus', status: review },
            ),
          ],
          asBroker,
          at(4 + u),
        );
        for (let m = random.int(0, 3); m > 0; m--) {
          const fromCustomer = m % 2 === 0;
          const commentId = randomUUID();
          streams.run(
            [
              streamCommand(
                commentDecider,
                { type: COMMENT_STREAM, id: commentId },
                {
                  type: 'AddComment',
                  commentId,
                  fileId,
                  code,
                  customerId,
                  authorId: fromCustomer ? userId : broker.id,
                  text: fromCustomer ? 'Uploaded the other page too.' : 'Please send both sides.',
                  file: null,
                },
              ),
            ],
            fromCustomer ? asCustomer : asBroker,
            at(4 + u),
          );
        }
      }
      generated.forms.push({
        customerId,
        customerPhone: details.phoneNumber,
        code,
        brokerId: broker.id,
        fileIds,
      });
    }

    for (let n = random.int(0, 3); n > 0; n--) {
      const noteId = randomUUID();
      streams.run(
        [
          streamCommand(
            noteDecider,
            { type: NOTE_STREAM, id: noteId },
            {
              type: 'AddNote',
              noteId,
              customerId,
              authorId: broker.id,
              text: 'Called about the appraisal.',
              file: null,
            },
          ),
        ],
        asBroker,
        at(5 + n),
      );
    }

    // Older clients have their lawyer and appraiser; staff assign them directly.
    if (random.chance(0.35)) {
      streams.run(
        [
          streamCommand(lawyerAssignmentDecider, customer, {
            type: 'PICK',
            role: 'broker',
            partyId: random.pick(lawyerIds),
          }),
        ],
        asBroker,
        at(20),
      );
    }
    if (random.chance(0.25)) {
      streams.run(
        [
          streamCommand(appraiserAssignmentDecider, customer, {
            type: 'ASSIGN',
            role: 'broker',
            partyId: random.pick(appraiserIds),
          }),
        ],
        asBroker,
        at(25),
      );
    }

    const age = 1 - i / options.clients;
    const steps = Math.min(PROGRESSION.length, Math.floor(age * random.int(1, 8)));
    for (let s = 0; s < steps; s++) {
      streams.run(
        [streamCommand(customerDecider, customer, { type: 'ChangeStatus', status: PROGRESSION[s] })],
        asBroker,
        at(10 + s * 12),
      );
    }
    if (steps < PROGRESSION.length && random.chance(0.05)) {
      streams.run(
        [streamCommand(customerDecider, customer, { type: 'ChangeStatus', status: 'cancelled' })],
        asBroker,
        at(60),
      );
    }

    if ((i + 1) % CHUNK === 0 || i === options.clients - 1) {
      await flush();
      streams.forget(() => false);
      onProgress(i + 1, imported);
    }
  }
  generated.events = imported;
  return generated;
}
