import type { Role } from '../../../machines/roles.js';

export const DEMO_PASSWORD = 'Demo#2026pass';

export interface DemoAccount {
  role: Role;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  email: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    role: 'principal_broker',
    phoneNumber: '14165550100',
    firstName: 'Olivia',
    lastName: 'Tremblay',
    email: 'olivia.tremblay@homeward.example',
  },
  {
    role: 'broker',
    phoneNumber: '14165550101',
    firstName: 'Liam',
    lastName: 'Gagnon',
    email: 'liam.gagnon@homeward.example',
  },
  {
    role: 'assistant',
    phoneNumber: '14165550102',
    firstName: 'Chloe',
    lastName: 'Roy',
    email: 'chloe.roy@homeward.example',
  },
  {
    role: 'customer',
    phoneNumber: '14165550103',
    firstName: 'Emma',
    lastName: 'Wilson',
    email: 'emma.wilson@example.com',
  },
];
