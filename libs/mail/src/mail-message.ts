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
