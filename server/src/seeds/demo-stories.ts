import type { FileStatus } from '../../../machines/documents.js';
import type { RoadmapStep } from '../../../machines/customer.enums.js';

/** A file the demo makes: which sample, and the name the customer gave it. */
export type SampleKind =
  | 'licence'
  | 'pay_stub'
  | 'previous_pay_stub'
  | 't4'
  | 'employment_letter'
  | 'bank_statement'
  | 'mortgage_statement'
  | 'property_tax'
  | 'notice_of_assessment'
  | 'purchase_agreement'
  | 'void_cheque';

export interface DemoChatLine {
  by: 'broker' | 'customer';
  text: string;
  attach?: { sample: SampleKind; fileName: string };
}

export interface DemoUpload {
  /** The template field the file is uploaded into. */
  field: string;
  sample: SampleKind;
  fileName: string;
  status: FileStatus;
  chat?: DemoChatLine[];
}

/** What happened on one demo client's file, told through the product's own commands. */
export interface DemoStory {
  phoneNumber: string;
  /** What the sample papers say about the client. */
  person: {
    salary: number;
    employer: string;
    position: string;
    birthDate: string;
    licenceNumber: string;
    /** Price, balance or assessed value, as the client's deal needs. */
    propertyValue: number;
  };
  /** A form from a template, sent to the client by text, with the client's uploads. */
  form?: { template: string; uploads: DemoUpload[] };
  /** Notes by the client's broker. */
  notes: string[];
  /** A lawyer picked by the customer waits for approval; one picked by the broker is assigned. */
  lawyer?: { email: string; pickedBy: 'broker' | 'customer' };
  appraiser?: { quotesFrom: string[] } | { assigned: string };
  /** Roadmap steps the client has completed. */
  completed?: RoadmapStep[];
}

export const ALL_STEPS: RoadmapStep[] = ['application', 'uploads', 'lawyers', 'appraisers', 'sign_documents'];

export const DEMO_STORIES: DemoStory[] = [
  {
    // Emma, the customer who signs in: a sent form half done, an issue to fix, her lawyer waiting.
    phoneNumber: '14165550103',
    person: {
      salary: 86020,
      employer: 'Northwind Logistics Inc.',
      position: 'Operations Analyst',
      birthDate: '1991/05/17',
      licenceNumber: 'W4281-55510-10517',
      propertyValue: 752000,
    },
    form: {
      template: 'Employed purchase',
      uploads: [
        { field: 'government_id', sample: 'licence', fileName: 'drivers-licence.jpg', status: 'checked' },
        {
          field: 'employment_letter',
          sample: 'employment_letter',
          fileName: 'Employment letter - Northwind.pdf',
          status: 'checked',
        },
        {
          field: 'pay_stubs',
          sample: 'pay_stub',
          fileName: 'pay-stub-latest.pdf',
          status: 'issue',
          chat: [
            {
              by: 'broker',
              text: 'Thanks Emma! This covers one pay period only, and the lender needs the two most recent pay stubs. Could you add the previous one to this field?',
            },
            {
              by: 'customer',
              text: 'Sorry, I only had the latest one saved. I will download the other one from the payroll portal tonight.',
            },
          ],
        },
        {
          field: 't4_slips',
          sample: 't4',
          fileName: 'T4 last year.pdf',
          status: 'in_review',
          chat: [
            {
              by: 'customer',
              text: "Here is last year's T4. The one from the year before is in a box somewhere: is one enough for now?",
            },
            {
              by: 'broker',
              text: 'One is fine to start the review. We will need the other one before the file goes to the lender.',
            },
          ],
        },
        {
          field: 'down_payment',
          sample: 'bank_statement',
          fileName: 'savings-statement-90-days.pdf',
          status: 'in_review',
        },
      ],
    },
    notes: [
      'Pre-approved at $640,000 with RBC; the rate hold runs to the end of next month.',
      "15% down payment, $15,000 of it a gift from Emma's parents: gift letter to follow.",
    ],
    lawyer: { email: 'sophie.martin@martinlee.example', pickedBy: 'customer' },
    completed: ['application'],
  },
  {
    // James: a refinance under way, his lawyer assigned, appraisal quotes out.
    phoneNumber: '14165550111',
    person: {
      salary: 104500,
      employer: 'Harbourview Engineering Ltd.',
      position: 'Project Engineer',
      birthDate: '1984/11/02',
      licenceNumber: 'T5612-55511-41102',
      propertyValue: 468000,
    },
    form: {
      template: 'Refinance',
      uploads: [
        { field: 'government_id', sample: 'licence', fileName: 'IMG_2041.jpg', status: 'checked' },
        {
          field: 'mortgage_statement',
          sample: 'mortgage_statement',
          fileName: 'mortgage-statement.pdf',
          status: 'checked',
          chat: [
            {
              by: 'broker',
              text: 'The new lender also asks for a void cheque for the mortgage payments. Could you send one here?',
            },
            {
              by: 'customer',
              text: 'Here you go.',
              attach: { sample: 'void_cheque', fileName: 'void-cheque.png' },
            },
          ],
        },
        {
          field: 'property_tax',
          sample: 'property_tax',
          fileName: 'property tax bill.pdf',
          status: 'in_review',
        },
        {
          field: 'noa',
          sample: 'notice_of_assessment',
          fileName: 'NOA.pdf',
          status: 'issue',
          chat: [
            {
              by: 'broker',
              text: 'This Notice of Assessment covers one tax year, and we need the last two. Both can be downloaded from CRA My Account.',
            },
          ],
        },
      ],
    },
    notes: [
      'Refinancing to consolidate a $38,000 line of credit; the current renewal offer is 5.4%.',
      'The lender wants an appraisal before the commitment: quotes requested from two appraisers.',
    ],
    lawyer: { email: 'daniel@singhlaw.example', pickedBy: 'broker' },
    appraiser: { quotesFrom: ['grace@patelvaluations.example', 'ava@kowalski.example'] },
    completed: ['application'],
  },
  {
    // Sofia: a closed purchase, every document checked and every step of her roadmap done.
    phoneNumber: '14165550116',
    person: {
      salary: 92000,
      employer: 'Bellwoods Dental Group',
      position: 'Dental Hygienist',
      birthDate: '1988/03/29',
      licenceNumber: 'R3390-55511-60329',
      propertyValue: 689000,
    },
    form: {
      template: 'Employed purchase',
      uploads: [
        { field: 'government_id', sample: 'licence', fileName: 'licence.jpg', status: 'checked' },
        {
          field: 'employment_letter',
          sample: 'employment_letter',
          fileName: 'employment-letter.pdf',
          status: 'checked',
        },
        { field: 'pay_stubs', sample: 'pay_stub', fileName: 'paystub-1.pdf', status: 'checked' },
        { field: 'pay_stubs', sample: 'previous_pay_stub', fileName: 'paystub-2.pdf', status: 'checked' },
        { field: 't4_slips', sample: 't4', fileName: 'T4.pdf', status: 'checked' },
        {
          field: 'down_payment',
          sample: 'bank_statement',
          fileName: 'down-payment-history.pdf',
          status: 'checked',
        },
        {
          field: 'purchase_agreement',
          sample: 'purchase_agreement',
          fileName: 'APS signed.pdf',
          status: 'checked',
          chat: [
            { by: 'broker', text: 'All conditions are waived. Congratulations, Sofia!' },
            { by: 'customer', text: 'Thank you so much for all the help!' },
          ],
        },
      ],
    },
    notes: [
      'Closed and funded. Renewal reminder set for the end of the five-year term.',
      'Sofia referred her sister; expect a call about a pre-approval.',
    ],
    lawyer: { email: 'daniel@singhlaw.example', pickedBy: 'broker' },
    appraiser: { assigned: 'grace@patelvaluations.example' },
    completed: ALL_STEPS,
  },
  {
    // Lucas: a self-employed second mortgage, papers coming in, a question waiting for an answer.
    phoneNumber: '14165550119',
    person: {
      salary: 118000,
      employer: 'Girard Renovations',
      position: 'Owner',
      birthDate: '1979/08/21',
      licenceNumber: 'G6120-55511-90821',
      propertyValue: 910000,
    },
    form: {
      template: 'Self-employed',
      uploads: [
        { field: 'government_id', sample: 'licence', fileName: 'id-card.jpg', status: 'checked' },
        {
          field: 'noa',
          sample: 'notice_of_assessment',
          fileName: 'notice of assessment.pdf',
          status: 'in_review',
          chat: [
            {
              by: 'customer',
              text: 'My accountant is sending the T1 Generals next week. Is that soon enough?',
            },
          ],
        },
      ],
    },
    notes: ['Self-employed for 8 years; the lender wants two years of T1 Generals with all schedules.'],
  },
  {
    phoneNumber: '14165550112',
    notes: ['Looking at semis in Leslieville; the pre-approval is valid for 120 days.'],
    person: {
      salary: 97000,
      employer: 'Riverdale Public Library',
      position: 'Branch Manager',
      birthDate: '1990/01/12',
      licenceNumber: 'L1200-55511-20112',
      propertyValue: 820000,
    },
  },
];
