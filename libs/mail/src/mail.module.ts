import { Global, Module } from '@nestjs/common';
import { Mailer } from './mailer.service';

/** Mail (`Mailer`) for every module: global (one handler of the mail job), imported once by the app module. */
@Global()
@Module({ providers: [Mailer], exports: [Mailer] })
export class MailModule {}
