import { INK, LINE, MUTED, PAGE, PdfPage, writePdf } from './sample-pdf.js';

/**
 * The demo's sample documents, made when the demo is seeded: pay stubs, T4 slips, an employment letter,
 * statements and tax papers for fictional people, each marked SAMPLE. Figures follow from the person's
 * salary, so a client's papers agree with one another.
 */

export interface SamplePerson {
  firstName: string;
  lastName: string;
  addressLine: string;
  /** Gross yearly salary in dollars. */
  salary: number;
  employer: string;
  position: string;
  /** Days from today to the closing; negative once closed. */
  closingInDays?: number | null;
}

type Rgb = readonly [number, number, number];

const NAVY: Rgb = [0.11, 0.24, 0.45];
const TEAL: Rgb = [0.05, 0.42, 0.43];
const WINE: Rgb = [0.47, 0.12, 0.2];
const PALE: Rgb = [0.95, 0.96, 0.98];
const WHITE: Rgb = [1, 1, 1];

const LEFT = PAGE.margin;
const RIGHT = PAGE.width - PAGE.margin;

const money = (amount: number) =>
  `$${amount.toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const longDate = (date: Date) =>
  date.toLocaleDateString('en-CA', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const fullName = (p: SamplePerson) => `${p.firstName} ${p.lastName}`;
const lastYear = () => new Date().getUTCFullYear() - 1;

/** A page with the issuer's band, the document's title and a line under it; returns where content starts. */
function letterhead(issuer: string, address: string, accent: Rgb, title: string, subtitle: string) {
  const page = new PdfPage().watermark('SAMPLE');
  page.box(0, PAGE.height - 84, PAGE.width, 84, accent);
  page.text(LEFT, PAGE.height - 46, issuer, { size: 18, bold: true, color: WHITE });
  page.text(LEFT, PAGE.height - 66, address, { size: 9, color: [0.85, 0.9, 0.95] });
  page.text(LEFT, PAGE.height - 124, title, { size: 16, bold: true });
  page.text(LEFT, PAGE.height - 142, subtitle, { size: 10, color: MUTED });
  page.rule(LEFT, PAGE.height - 154, RIGHT, PAGE.height - 154);
  return { page, y: PAGE.height - 180 };
}

/** Label and value pairs in two columns; returns the line under them. */
function details(page: PdfPage, y: number, pairs: [string, string][]): number {
  const column = (RIGHT - LEFT) / 2;
  pairs.forEach(([label, value], i) => {
    const x = LEFT + (i % 2) * column;
    const top = y - Math.floor(i / 2) * 34;
    page.text(x, top, label.toUpperCase(), { size: 7.5, bold: true, color: MUTED });
    page.text(x, top - 13, value, { size: 10.5 });
  });
  return y - Math.ceil(pairs.length / 2) * 34 - 6;
}

interface Column {
  title: string;
  width: number;
  align?: 'right';
}
const left = (title: string, width: number): Column => ({ title, width });
const right = (title: string, width: number): Column => ({ title, width, align: 'right' });

/** A table with a tinted header row; the last row is bold when `total` is set. */
function table(page: PdfPage, y: number, columns: Column[], rows: string[][], total = false): number {
  page.box(LEFT, y - 6, RIGHT - LEFT, 20, PALE);
  const xs = columns.map((_, i) => LEFT + 6 + columns.slice(0, i).reduce((sum, c) => sum + c.width, 0));
  const cell = (row: string[], top: number, bold: boolean) =>
    row.forEach((value, i) => {
      const right = columns[i].align === 'right';
      page.text(right ? xs[i] + columns[i].width - 12 : xs[i], top, value, {
        size: 9.5,
        bold,
        align: right ? 'right' : 'left',
      });
    });
  cell(
    columns.map((c) => c.title),
    y,
    true,
  );
  let top = y - 22;
  rows.forEach((row, i) => {
    const last = total && i === rows.length - 1;
    if (last) page.rule(LEFT, top + 13, RIGHT, top + 13, INK, 0.6);
    cell(row, top, last);
    if (!last) page.rule(LEFT, top - 6, RIGHT, top - 6);
    top -= 20;
  });
  return top - 10;
}

/** Labelled amounts, the last one the total. */
function amounts(page: PdfPage, y: number, heading: string, rows: [string, string][]): number {
  const columns: Column[] = [left(heading, 320), right('Amount', 184)];
  return table(page, y, columns, rows, true);
}

function footer(page: PdfPage, text: string): PdfPage {
  page.rule(LEFT, 70, RIGHT, 70);
  page.text(LEFT, 56, text, { size: 8, color: MUTED });
  page.text(RIGHT, 56, 'Fictional demonstration document', { size: 8, color: MUTED, align: 'right' });
  return page;
}

/** A semi-monthly pay stub whose period ended `periodsAgo` pay days ago. */
export function payStub(person: SamplePerson, periodsAgo = 0): Buffer {
  const end = daysAgo(3 + 15 * periodsAgo);
  const start = new Date(end.getTime() - 14 * 86_400_000);
  const gross = person.salary / 24;
  const periodsThisYear = Math.max(1, end.getUTCMonth() * 2 + (end.getUTCDate() > 15 ? 2 : 1));
  const lines: [string, number][] = [
    ['Income tax', gross * 0.19],
    ['CPP contributions', gross * 0.0595],
    ['EI premiums', gross * 0.0164],
    ['Group benefits', 38.5],
  ];
  const deductions = lines.reduce((sum, [, amount]) => sum + amount, 0);
  const { page, y } = letterhead(
    person.employer,
    '400 Industrial Pkwy, Suite 12, Toronto, ON',
    NAVY,
    'Earnings statement',
    `Pay period ${longDate(start)} to ${longDate(end)}`,
  );
  let top = details(page, y, [
    ['Employee', fullName(person)],
    ['Employee number', `E-${(person.salary % 9000) + 1000}`],
    ['Position', person.position],
    ['Pay date', longDate(end)],
  ]);
  const columns: Column[] = [left('Description', 240), right('Current', 124), right('Year to date', 140)];
  top = table(
    page,
    top,
    columns,
    [
      ['Regular salary', money(gross), money(gross * periodsThisYear)],
      ['Gross pay', money(gross), money(gross * periodsThisYear)],
    ],
    true,
  );
  top = table(
    page,
    top - 8,
    columns,
    [
      ...lines.map(([label, amount]) => [label, money(amount), money(amount * periodsThisYear)]),
      ['Total deductions', money(deductions), money(deductions * periodsThisYear)],
    ],
    true,
  );
  page.box(RIGHT - 220, top - 40, 220, 44, PALE, LINE);
  page.text(RIGHT - 208, top - 14, 'NET PAY', { size: 8, bold: true, color: MUTED });
  page.text(RIGHT - 12, top - 30, money(gross - deductions), { size: 16, bold: true, align: 'right' });
  page.text(LEFT, top - 30, 'Deposited to account ending 4471', { size: 9.5, color: MUTED });
  return writePdf([footer(page, `${person.employer} payroll`)], `Pay stub ${longDate(end)}`);
}

/** A T4 slip for last year, its boxes filled from the salary. */
export function t4Slip(person: SamplePerson, year = lastYear()): Buffer {
  const cpp = Math.min(person.salary * 0.0595, 3867.5);
  const ei = Math.min(person.salary * 0.0166, 1049.12);
  const { page, y } = letterhead(
    'Canada Revenue Agency',
    'Statement of remuneration paid',
    WINE,
    `T4 ${year}`,
    `Employer: ${person.employer}`,
  );
  let top = details(page, y, [
    ['Employee', fullName(person)],
    ['Address', person.addressLine],
    ['Social insurance number', '000 000 000 (withheld)'],
    ['Province of employment', 'ON'],
  ]);
  const boxes: [string, string, number][] = [
    ['14', 'Employment income', person.salary],
    ['16', "Employee's CPP contributions", cpp],
    ['18', "Employee's EI premiums", ei],
    ['22', 'Income tax deducted', person.salary * 0.19],
    ['24', 'EI insurable earnings', Math.min(person.salary, 63200)],
    ['26', 'CPP pensionable earnings', Math.min(person.salary, 68500)],
    ['44', 'Union dues', 0],
    ['46', 'Charitable donations', 240],
  ];
  const width = (RIGHT - LEFT - 12) / 2;
  boxes.forEach(([number, label, amount], i) => {
    const x = LEFT + (i % 2) * (width + 12);
    const boxTop = top - Math.floor(i / 2) * 58;
    page.box(x, boxTop - 46, width, 46, PALE, LINE);
    page.box(x, boxTop - 18, 28, 18, WINE);
    page.text(x + 8, boxTop - 13, number, { size: 9, bold: true, color: WHITE });
    page.text(x + 36, boxTop - 13, label, { size: 8.5, color: MUTED });
    page.text(x + width - 10, boxTop - 36, money(amount), { size: 13, bold: true, align: 'right' });
  });
  top -= Math.ceil(boxes.length / 2) * 58 + 10;
  page.paragraph(
    LEFT,
    top,
    RIGHT - LEFT,
    'Keep this slip with your tax records. Report the amount in box 14 on line 10100 of your return.',
    9.5,
  );
  return writePdf([footer(page, `T4 ${year}, ${person.employer}`)], `T4 ${year} ${fullName(person)}`);
}

/** A letter confirming the position, start date and salary. */
export function employmentLetter(person: SamplePerson): Buffer {
  const { page, y } = letterhead(
    person.employer,
    '400 Industrial Pkwy, Suite 12, Toronto, ON',
    NAVY,
    'Confirmation of employment',
    longDate(daysAgo(9)),
  );
  let top = page.paragraph(LEFT, y, RIGHT - LEFT, 'To whom it may concern,');
  const paragraphs = [
    `This letter confirms that ${fullName(person)} has been employed full-time and permanently by ${person.employer} since March 4, 2019, and currently holds the position of ${person.position}.`,
    `${person.firstName}'s base salary is ${money(person.salary)} a year, paid semi-monthly, for 37.5 hours a week. ${person.firstName} is not on probation and no change to this employment is planned.`,
    'Please contact the undersigned at hr@northwind.example or 416 555 0190 should you need anything further.',
  ];
  for (const text of paragraphs) top = page.paragraph(LEFT, top - 8, RIGHT - LEFT, text);
  top = page.paragraph(LEFT, top - 8, RIGHT - LEFT, 'Sincerely,');
  page.text(LEFT, top - 24, 'Priya Raman', { size: 13, bold: true, color: NAVY });
  page.text(LEFT, top - 40, 'Human Resources Manager', { size: 9.5, color: MUTED });
  return writePdf([footer(page, person.employer)], `Employment letter ${fullName(person)}`);
}

/** Ninety days of a savings account that holds the down payment. */
export function bankStatement(person: SamplePerson, openingBalance: number): Buffer {
  const { page, y } = letterhead(
    'Lakeshore Credit Union',
    '1 Harbour Sq, Toronto, ON · lakeshore.example',
    TEAL,
    'High-interest savings statement',
    `${longDate(daysAgo(90))} to ${longDate(daysAgo(1))}`,
  );
  const top = details(page, y, [
    ['Account holder', fullName(person)],
    ['Account', 'Savings ·· 2208'],
    ['Address', person.addressLine],
    ['Transit', '00412'],
  ]);
  let balance = openingBalance;
  const movements: [number, string, number][] = [
    [88, 'Transfer from chequing', person.salary / 24 / 2],
    [74, 'Interest', openingBalance * 0.0035],
    [61, 'Transfer from chequing', person.salary / 24 / 2],
    [45, 'Interest', openingBalance * 0.0035],
    [39, 'Gift from family (letter on file)', 15000],
    [31, 'Transfer from chequing', person.salary / 24 / 2],
    [15, 'Interest', openingBalance * 0.0036],
  ];
  const rows = [['', 'Opening balance', '', money(balance)]];
  for (const [days, label, amount] of movements) {
    balance += amount;
    rows.push([longDate(daysAgo(days)), label, money(amount), money(balance)]);
  }
  rows.push(['', 'Closing balance', '', money(balance)]);
  table(
    page,
    top,
    [left('Date', 130), left('Description', 190), right('Deposit', 84), right('Balance', 100)],
    rows,
    true,
  );
  return writePdf([footer(page, 'Lakeshore Credit Union')], `Savings statement ${fullName(person)}`);
}

/** The lender's annual statement of a mortgage being refinanced. */
export function mortgageStatement(person: SamplePerson, balance: number): Buffer {
  const { page, y } = letterhead(
    'Lakeshore Credit Union',
    'Mortgage services · 1 Harbour Sq, Toronto, ON',
    TEAL,
    'Annual mortgage statement',
    `For the year ended December 31, ${lastYear()}`,
  );
  const top = details(page, y, [
    ['Borrower', fullName(person)],
    ['Mortgage number', 'M-20418-77'],
    ['Property', person.addressLine],
    ['Maturity date', `June 1, ${lastYear() + 2}`],
    ['Interest rate', '4.89% fixed, 5-year term'],
    ['Monthly payment', money(balance * 0.0058)],
  ]);
  amounts(page, top, 'Summary', [
    ['Balance on January 1', money(balance + balance * 0.031)],
    ['Principal paid', money(balance * 0.031)],
    ['Interest paid', money(balance * 0.047)],
    ['Balance on December 31', money(balance)],
  ]);
  return writePdf([footer(page, 'Lakeshore Credit Union')], `Mortgage statement ${fullName(person)}`);
}

/** This year's property tax bill for the client's address. */
export function propertyTaxBill(person: SamplePerson, assessment: number): Buffer {
  const city = person.addressLine.split(',')[1]?.trim() ?? 'Toronto';
  const tax = assessment * 0.0082;
  const { page, y } = letterhead(
    `City of ${city}`,
    'Revenue and Taxation',
    NAVY,
    `${lastYear() + 1} final property tax bill`,
    `Roll number 21 05 040 112 07300`,
  );
  const top = details(page, y, [
    ['Owner', fullName(person)],
    ['Property', person.addressLine],
    ['Assessed value', money(assessment)],
    ['Class', 'Residential'],
  ]);
  amounts(page, top, 'Levy', [
    ['Municipal', money(tax * 0.72)],
    ['Education', money(tax * 0.2)],
    ['Waste and water', money(tax * 0.08)],
    ['Less interim billing', `-${money(tax / 2)}`],
    ['Balance due in two instalments', money(tax / 2)],
  ]);
  return writePdf([footer(page, `City of ${city}`)], `Property tax ${fullName(person)}`);
}

/** The first page of a signed agreement of purchase and sale. */
export function purchaseAgreement(person: SamplePerson, price: number): Buffer {
  const { page, y } = letterhead(
    'Agreement of Purchase and Sale',
    'Residential · Form 100 (sample)',
    NAVY,
    person.addressLine,
    `Accepted ${longDate(daysAgo(70 - (person.closingInDays ?? 45)))}`,
  );
  let top = details(page, y, [
    ['Buyer', fullName(person)],
    ['Seller', 'Morgan and Riley Example'],
    ['Purchase price', money(price)],
    ['Deposit', `${money(price * 0.05)} within 24 hours`],
    ['Completion date', longDate(daysAgo(-(person.closingInDays ?? 45)))],
    ['Conditions', 'Financing and inspection, waived'],
  ]);
  top = page.paragraph(
    LEFT,
    top - 6,
    RIGHT - LEFT,
    'The Buyer agrees to purchase from the Seller the property described above, with the chattels and fixtures listed in Schedule A, on the terms of this Agreement and its schedules. Schedules A and B and the waiver of conditions form part of this Agreement.',
  );
  for (const [i, who] of [fullName(person), 'Morgan Example'].entries()) {
    const x = LEFT + i * 260;
    page.rule(x, top - 50, x + 220, top - 50, INK);
    page.text(x, top - 44, who, { size: 15, color: NAVY });
    page.text(x, top - 64, i === 0 ? 'Buyer' : 'Seller', { size: 8.5, color: MUTED });
  }
  return writePdf(
    [footer(page, 'Agreement of purchase and sale, page 1 of 6')],
    'Agreement of purchase and sale',
  );
}

/** A Notice of Assessment for last year. */
export function noticeOfAssessment(person: SamplePerson, year = lastYear()): Buffer {
  const { page, y } = letterhead(
    'Canada Revenue Agency',
    'Notice of assessment',
    WINE,
    `Tax year ${year}`,
    `Date issued: ${longDate(daysAgo(120))}`,
  );
  const top = details(page, y, [
    ['Taxpayer', fullName(person)],
    ['Address', person.addressLine],
    ['Social insurance number', 'XXX XX0 000'],
    ['Account summary', 'Balance: $0.00'],
  ]);
  const taxable = person.salary - 3200;
  table(
    page,
    top,
    [left('Line', 60), left('Description', 290), right('Amount', 154)],
    [
      ['15000', 'Total income', money(person.salary)],
      ['23600', 'Net income', money(taxable)],
      ['26000', 'Taxable income', money(taxable)],
      ['35000', 'Total federal non-refundable tax credits', money(2870)],
      ['43500', 'Total payable', money(taxable * 0.19)],
      ['48400', 'Refund', money(312.4)],
    ],
  );
  return writePdf([footer(page, `Notice of assessment ${year}`)], `Notice of assessment ${year}`);
}
