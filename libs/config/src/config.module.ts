import { Global, Module } from '@nestjs/common';
import { ConfigModule as NestConfigModule } from '@nestjs/config';
import { AppConfig } from './app-config';
import { validateEnvironment } from './validate-environment';

@Global()
@Module({
  imports: [NestConfigModule.forRoot({ ignoreEnvFile: true, cache: true, validate: validateEnvironment })],
  providers: [AppConfig],
  exports: [AppConfig],
})
export class ConfigModule {}
