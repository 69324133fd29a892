import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Mailer } from './mailer.service';
import { SentMail, SentMailSchema } from './sent-mail.schema';
import { SentMails } from './sent-mails';

/** Mail (`Mailer`) for every module: global (one handler of the mail job), imported once by the app module. */
@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: SentMail.name, schema: SentMailSchema }])],
  providers: [Mailer, SentMails],
  exports: [Mailer, SentMails],
})
export class MailModule {}
