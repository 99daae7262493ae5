import type { CustomerStatus, DealType } from '../../../machines/customer.enums.js';
import type { TemplateField } from '../documents/form-template.events.js';

const field = (name: string, caption: string, description: string): TemplateField => ({
  type: 'file',
  name,
  caption,
  disabled: false,
  tutorial: { description, example: '' },
});

export const DEMO_TEMPLATES: { name: string; fields: TemplateField[] }[] = [
  {
    name: 'Employed purchase',
    fields: [
      field(
        'government_id',
        'Government-issued photo ID',
        'A driver’s licence or passport, both sides, all corners visible.',
      ),
      field(
        'employment_letter',
        'Employment letter',
        'On company letterhead, dated within 30 days: position, start date, salary, hours.',
      ),
      field(
        'pay_stubs',
        'Two recent pay stubs',
        'The two most recent pay stubs showing year-to-date income.',
      ),
      field('t4_slips', 'T4 slips (last 2 years)', 'Both years’ T4 slips from every employer.'),
      field(
        'down_payment',
        '90-day down payment history',
        'Statements showing the down payment for the last 90 days, with your name and account number.',
      ),
      field(
        'purchase_agreement',
        'Agreement of purchase and sale',
        'The signed agreement with all schedules and waivers.',
      ),
    ],
  },
  {
    name: 'Refinance',
    fields: [
      field('government_id', 'Government-issued photo ID', 'A driver’s licence or passport, both sides.'),
      field(
        'mortgage_statement',
        'Current mortgage statement',
        'The latest annual or monthly statement from your lender.',
      ),
      field('property_tax', 'Property tax bill', 'This year’s property tax bill, or proof it is paid.'),
      field(
        'home_insurance',
        'Home insurance policy',
        'The declaration page with the insurer’s contact details.',
      ),
      field(
        'noa',
        'Notice of Assessment (last 2 years)',
        'CRA Notices of Assessment for the last two tax years.',
      ),
    ],
  },
  {
    name: 'Self-employed',
    fields: [
      field('government_id', 'Government-issued photo ID', 'A driver’s licence or passport, both sides.'),
      field('t1_generals', 'T1 Generals (last 2 years)', 'Complete personal tax returns with all schedules.'),
      field(
        'noa',
        'Notice of Assessment (last 2 years)',
        'CRA Notices of Assessment for the last two tax years.',
      ),
      field(
        'business_licence',
        'Business licence or articles of incorporation',
        'Proof the business has operated for at least two years.',
      ),
      field(
        'business_statements',
        'Business bank statements (6 months)',
        'Six months of business account statements.',
      ),
    ],
  },
];

export const DEMO_LAWYERS = [
  {
    firstName: 'Sophie',
    lastName: 'Martin',
    company: 'Martin & Lee LLP',
    email: 'sophie.martin@martinlee.example',
    phoneNumber: '14165550210',
    addressLine: '120 Adelaide St W, Toronto, ON',
  },
  {
    firstName: 'Daniel',
    lastName: 'Singh',
    company: 'Singh Real Estate Law',
    email: 'daniel@singhlaw.example',
    phoneNumber: '19055550211',
    addressLine: '45 Main St N, Brampton, ON',
  },
  {
    firstName: 'Isabelle',
    lastName: 'Côté',
    company: 'Côté Notaires',
    email: 'icote@cotenotaires.example',
    phoneNumber: '15145550212',
    addressLine: '800 Rue du Square-Victoria, Montréal, QC',
  },
  {
    firstName: 'Michael',
    lastName: 'Chen',
    company: 'Chen Closings',
    email: 'michael@chenclosings.example',
    phoneNumber: '16045550213',
    addressLine: '1055 W Georgia St, Vancouver, BC',
  },
  {
    firstName: 'Amelia',
    lastName: 'Brown',
    company: 'Brown Property Law',
    email: 'amelia@brownlaw.example',
    phoneNumber: '16135550214',
    addressLine: '150 Elgin St, Ottawa, ON',
  },
];

export const DEMO_BANKS = ['Royal Bank of Canada', 'TD Canada Trust', 'Scotiabank'];
export const DEMO_LOCATIONS = ['Toronto', 'Mississauga', 'Ottawa', 'Hamilton'];

export const DEMO_APPRAISERS = [
  {
    firstName: 'Ethan',
    lastName: 'Clarke',
    email: 'ethan@clarkeappraisals.example',
    phoneNumber: '14165550220',
    locations: ['Toronto'],
    banks: [0, 1],
  },
  {
    firstName: 'Grace',
    lastName: 'Patel',
    email: 'grace@patelvaluations.example',
    phoneNumber: '19055550221',
    locations: ['Mississauga', 'Toronto'],
    banks: [0],
  },
  {
    firstName: 'Lucas',
    lastName: 'Bouchard',
    email: 'lucas@bouchard.example',
    phoneNumber: '16135550222',
    locations: ['Ottawa'],
    banks: [1, 2],
  },
  {
    firstName: 'Hannah',
    lastName: 'Nguyen',
    email: 'hannah@nguyenappraisal.example',
    phoneNumber: '19055550223',
    locations: ['Hamilton'],
    banks: [2],
  },
  {
    firstName: 'Owen',
    lastName: 'Murphy',
    email: 'owen@murphyvalue.example',
    phoneNumber: '14165550224',
    locations: ['Toronto', 'Hamilton'],
    banks: [1],
  },
  {
    firstName: 'Ava',
    lastName: 'Kowalski',
    email: 'ava@kowalski.example',
    phoneNumber: '19055550225',
    locations: ['Mississauga'],
    banks: [0, 2],
  },
  {
    firstName: 'Jacob',
    lastName: 'Fraser',
    email: 'jacob@fraserappraisals.example',
    phoneNumber: '16135550226',
    locations: ['Ottawa', 'Toronto'],
    banks: [0, 1, 2],
  },
  {
    firstName: 'Mia',
    lastName: 'Santos',
    email: 'mia@santosvaluation.example',
    phoneNumber: '19055550227',
    locations: ['Hamilton', 'Mississauga'],
    banks: [1],
  },
];

export interface DemoCustomer {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  status: CustomerStatus;
  dealType: DealType;
  /** Which demo staff member brokers the file: 'broker' or 'principal_broker'. */
  broker: 'broker' | 'principal_broker';
  closingInDays: number | null;
  lender: string;
  addressLine: string;
}

/** Emma is the demo customer who signs in; the other eleven fill the dashboard. */
export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    firstName: 'Emma',
    lastName: 'Wilson',
    phoneNumber: '14165550103',
    email: 'emma.wilson@example.com',
    status: 'active',
    dealType: 'purchase',
    broker: 'broker',
    closingInDays: 45,
    lender: 'Royal Bank of Canada',
    addressLine: '22 Maple Ave, Toronto, ON',
  },
  {
    firstName: 'James',
    lastName: 'Thompson',
    phoneNumber: '14165550111',
    email: 'james.thompson@example.com',
    status: 'active',
    dealType: 'refinance',
    broker: 'broker',
    closingInDays: 10,
    lender: 'TD Canada Trust',
    addressLine: '8 Birch Cres, Mississauga, ON',
  },
  {
    firstName: 'Charlotte',
    lastName: 'Leblanc',
    phoneNumber: '14165550112',
    email: 'charlotte.leblanc@example.com',
    status: 'pre_approved',
    dealType: 'purchase',
    broker: 'broker',
    closingInDays: 60,
    lender: 'Scotiabank',
    addressLine: '310 Queen St E, Toronto, ON',
  },
  {
    firstName: 'Benjamin',
    lastName: 'Morin',
    phoneNumber: '14165550113',
    email: 'benjamin.morin@example.com',
    status: 'approved',
    dealType: 'second_mortgage',
    broker: 'principal_broker',
    closingInDays: 20,
    lender: 'Royal Bank of Canada',
    addressLine: '17 Elm St, Ottawa, ON',
  },
  {
    firstName: 'Amelia',
    lastName: 'Campbell',
    phoneNumber: '14165550114',
    email: 'amelia.campbell@example.com',
    status: 'broker_complete',
    dealType: 'purchase',
    broker: 'principal_broker',
    closingInDays: 5,
    lender: 'TD Canada Trust',
    addressLine: '99 King St W, Hamilton, ON',
  },
  {
    firstName: 'William',
    lastName: 'Anderson',
    phoneNumber: '14165550115',
    email: 'william.anderson@example.com',
    status: 'funded',
    dealType: 'refinance',
    broker: 'broker',
    closingInDays: -3,
    lender: 'Scotiabank',
    addressLine: '4 Cedar Rd, Toronto, ON',
  },
  {
    firstName: 'Sofia',
    lastName: 'Rossi',
    phoneNumber: '14165550116',
    email: 'sofia.rossi@example.com',
    status: 'closed',
    dealType: 'purchase',
    broker: 'principal_broker',
    closingInDays: -40,
    lender: 'Royal Bank of Canada',
    addressLine: '61 Lakeshore Blvd, Mississauga, ON',
  },
  {
    firstName: 'Alexander',
    lastName: 'Dubois',
    phoneNumber: '14165550117',
    email: 'alexander.dubois@example.com',
    status: 'cancelled',
    dealType: 'second_mortgage',
    broker: 'broker',
    closingInDays: null,
    lender: '',
    addressLine: '230 Bank St, Ottawa, ON',
  },
  {
    firstName: 'Olivia',
    lastName: 'Fraser',
    phoneNumber: '14165550118',
    email: 'olivia.fraser@example.com',
    status: 'consent_signed',
    dealType: 'purchase',
    broker: 'broker',
    closingInDays: 75,
    lender: 'TD Canada Trust',
    addressLine: '12 Spruce Ct, Hamilton, ON',
  },
  {
    firstName: 'Lucas',
    lastName: 'Girard',
    phoneNumber: '14165550119',
    email: 'lucas.girard@example.com',
    status: 'active',
    dealType: 'second_mortgage',
    broker: 'principal_broker',
    closingInDays: 13,
    lender: 'Scotiabank',
    addressLine: '5 Pine Grove, Toronto, ON',
  },
  {
    firstName: 'Zoe',
    lastName: 'Mitchell',
    phoneNumber: '14165550120',
    email: 'zoe.mitchell@example.com',
    status: 'active',
    dealType: 'purchase',
    broker: 'broker',
    closingInDays: 30,
    lender: 'Royal Bank of Canada',
    addressLine: '77 Oak Ave, Mississauga, ON',
  },
  {
    firstName: 'Nathan',
    lastName: 'Bergeron',
    phoneNumber: '14165550121',
    email: 'nathan.bergeron@example.com',
    status: 'approved',
    dealType: 'refinance',
    broker: 'principal_broker',
    closingInDays: 25,
    lender: 'TD Canada Trust',
    addressLine: '140 Rideau St, Ottawa, ON',
  },
];
