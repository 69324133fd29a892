export class MessageView {
  /** What was done, in a sentence. */
  message: string;
}
