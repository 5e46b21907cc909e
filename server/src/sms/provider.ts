/** One text message to send: the phone as typed (spaces and dashes removed) and the text. */
export type SmsMessage = {
  phone: string;
  text: string;
  /** Tenants whose users have the phone (empty: a message of no tenant, e.g. a registration code). */
  tenantIds: readonly string[];
};

/** Where text messages go: the built-in outbox, or an HTTP gateway. Rejects when the message was not sent. */
export type SmsProvider = {
  readonly name: 'outbox' | 'http';
  send(message: SmsMessage): Promise<void>;
};
