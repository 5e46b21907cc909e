/** `page`: the public page (whole screen); `console`: the chat routes inside the console; `panel`: the embedded widget. */
export type ChatVariant = 'page' | 'console' | 'panel';
