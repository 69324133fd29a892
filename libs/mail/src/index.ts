export * from './alert-mail';
export * from './mail-message';
export * from './mail-stand-in';
export * from './mail.module';
export * from './mailer.service';
export * from './sent-mails';
