/** A file sent with a mail: its bytes as a Buffer, or as base64 text (how a queued mail keeps them). */
export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  /** `base64` when `content` is base64 text. */
  encoding?: 'base64';
  contentType?: string;
}

/** One mail: plain text and HTML bodies of the same message. */
export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /**
   * The Message-ID header (`<…@…>`). A queued mail gets one derived from its key, so a mail sent
   * again after a crash between the SMTP server's acceptance and the job's completion carries the
   * same Message-ID, which mail systems use to drop the copy.
   */
  messageId?: string;
}

/** A mail as a queued job keeps it: plain JSON, attachments as base64 text. */
export function toStorable(message: MailMessage): MailMessage {
  return {
    ...message,
    attachments: message.attachments?.map((file) =>
      Buffer.isBuffer(file.content) ? { ...file, content: file.content.toString('base64'), encoding: 'base64' as const } : file,
    ),
  };
}
