/** @type {import('jest').Config} */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];
const shared = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  // The client names the shared machines by the alias its bundler resolves.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1', '^@machines/(.*)$': '<rootDir>/machines/$1' },
  transform: { '^.+\\.(t|j)sx?$': swc },
};
// Two projects: pure specs (machines, deciders, client logic) need no database and run in seconds
// (`npm run test:unit`); the integration tests start the product on a real PostgreSQL.
export default {
  testTimeout: 30000,
  maxWorkers: 2,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{server,machines,client}/**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
