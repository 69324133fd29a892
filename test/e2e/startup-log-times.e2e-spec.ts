import { killHard, startAppProcess } from '../support/app-process';

interface LogLine {
  time: number;
  msg?: string;
  context?: string;
}

/**
 * The app's boot as a process of its own (from its sources, on this file's database), its log as
 * JSON: each start-up line carries the time it was logged. Nest's `bufferLogs` replayed the lines
 * logged before the app's logger existed once the boot had ended, each stamped then: the
 * database connection and every module's line came out with the same time.
 */
describe('start-up log lines', () => {
  it('stamps each line of the boot at the time it was logged', async () => {
    const app = await startAppProcess({
      env: { MONGODB_URI: process.env.MONGODB_URI as string, NODE_ENV: 'development', LOG_LEVEL: 'info', LOG_FORMAT: 'json', RATE_LIMIT_ENABLED: 'false' },
      keepOutput: 2_000_000,
    });
    try {
      // Lines leave within a second (gathered writes).
      await new Promise((done) => setTimeout(done, 1_500));
      const lines = app
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as LogLine);
      const starting = lines.find((line) => line.msg === 'Starting Nest application...');
      const modules = lines.filter((line) => line.context === 'InstanceLoader');
      expect(starting).toBeDefined();
      expect(modules.length).toBeGreaterThan(10);
      // From sources the modules take seconds to load and the database to connect: their lines are spread over that time.
      const spread = Math.max(...modules.map((line) => line.time)) - starting!.time;
      expect(spread).toBeGreaterThan(100);
      // In the order they were logged, times never go back.
      const times = lines.map((line) => line.time);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    } finally {
      await killHard(app);
    }
  }, 300_000);
});
