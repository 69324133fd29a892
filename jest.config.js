// Two tiers (STYLE.md): unit tests beside the code, end-to-end tests through HTTP in test/.
// One embedded database server per run (global setup); each e2e file gets its own database.
const swc = ['@swc/jest', JSON.parse(require('fs').readFileSync(`${__dirname}/.swcrc`, 'utf8'))];
const moduleNameMapper = {
  '^@app/testing(|/.*)$': '<rootDir>/test/support$1',
  '^@app/([a-z0-9-]+)(|/.*)$': '<rootDir>/libs/$1/src$2',
};
// Benchmark builds (`.bench-builds/`, with their package.json) are not modules of the project.
const common = {
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper,
  modulePathIgnorePatterns: ['<rootDir>/.bench-builds/'],
  testEnvironment: 'node',
  setupFiles: ['reflect-metadata'],
};

module.exports = {
  ...common,
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  maxWorkers: 2,
  // Every e2e file loads the whole app afresh, and what libraries hang on the process (exit
  // listeners of pino's and tmp's) keeps each file's modules alive: a worker grew past 4 GB over a
  // run and its last files timed out booting. Jest restarts a worker past this after a file.
  workerIdleMemoryLimit: '1GB',
  // A global option (ignored inside projects): e2e files boot the app and Chromium.
  testTimeout: 30000,
  projects: [
    // test/architecture: the layout's rules; test/docs: the repository's Markdown links;
    // test/scripts: the scripts' logic.
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{src,libs}/**/*.spec.ts', '<rootDir>/test/{architecture,docs,scripts}/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      setupFiles: ['reflect-metadata', '<rootDir>/test/support/e2e-env.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/file-database.ts'],
    },
    {
      // Opt-in (npm run test:resilience; CI runs it): load, database outage, external faults, hard kills.
      ...common,
      displayName: 'resilience',
      testMatch: ['<rootDir>/test/resilience/**/*.resilience-spec.ts'],
      setupFiles: ['reflect-metadata', '<rootDir>/test/support/e2e-env.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/file-database.ts'],
    },
  ],
};
