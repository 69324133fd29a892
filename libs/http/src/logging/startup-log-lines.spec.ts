import { AppLogger } from './app-logger';
import { StartupLogLines } from './startup-log-lines';

const T0 = Date.UTC(2024, 10, 29, 3, 0, 0);

describe('StartupLogLines', () => {
  const capture = () => {
    const written: string[] = [];
    const logger = new AppLogger({ level: 'info', format: 'json', stream: { write: (line: string) => void written.push(line) } });
    return { logger, lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>) };
  };

  it('hands the app’s logger each line with the time it was logged, in order, once', () => {
    let now = T0;
    const startup = new StartupLogLines(() => now);
    startup.log('Starting Nest application...', 'NestFactory');
    now += 2_500; // the embedded database starting
    startup.log('MongooseCoreModule dependencies initialized', 'InstanceLoader');
    now += 40;
    startup.warn('slow start', 'Database');
    const { logger, lines } = capture();
    startup.writeTo(logger);
    logger.log('listening', 'Main');
    startup.writeTo(logger);
    const written = lines();
    expect(written.slice(0, 3).map(({ time, level, msg, context }) => [time, level, msg, context])).toEqual([
      [T0, 30, 'Starting Nest application...', 'NestFactory'],
      [T0 + 2_500, 30, 'MongooseCoreModule dependencies initialized', 'InstanceLoader'],
      [T0 + 2_540, 40, 'slow start', 'Database'],
    ]);
    // A line logged now is stamped now, and nothing is written twice.
    expect(written).toHaveLength(4);
    expect(written[3]).toMatchObject({ msg: 'listening' });
    expect(Math.abs((written[3].time as number) - Date.now())).toBeLessThan(5_000);
  });

  it('writes the kept lines as text when the boot failed before the app’s logger existed', () => {
    const startup = new StartupLogLines(() => T0);
    startup.log('Starting Nest application...', 'NestFactory');
    startup.error(new Error('connect ECONNREFUSED 127.0.0.1:27017'));
    let text = '';
    startup.dump({ write: (chunk: string) => (text += chunk) });
    expect(text.split('\n')[0]).toBe('2024-11-29T03:00:00.000Z LOG Starting Nest application... NestFactory');
    expect(text).toContain('2024-11-29T03:00:00.000Z ERROR Error: connect ECONNREFUSED 127.0.0.1:27017');
  });
});
