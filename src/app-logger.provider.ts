import type { Provider } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { AppLogger } from '@app/http';

/** The process's logger from the configuration: the app's module and the command line's both provide it. */
export const appLoggerProvider: Provider = {
  provide: AppLogger,
  inject: [AppConfig],
  useFactory: (config: AppConfig) =>
    new AppLogger({ level: config.get('LOG_LEVEL'), destination: config.get('LOG_DESTINATION'), format: config.get('LOG_FORMAT') }),
};
