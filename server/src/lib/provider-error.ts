/**
 * An upstream model failed or stayed silent too long, as the chat shows it. Raised by the answer providers
 * and by the speech endpoint alike.
 */
export class ProviderError extends Error {
  constructor(
    readonly code: 'PROVIDER_ERROR' | 'PROVIDER_TIMEOUT',
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${code}: ${detail}`, options);
    this.name = 'ProviderError';
  }
}
