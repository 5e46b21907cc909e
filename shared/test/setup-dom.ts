// Semi imports lottie-web, which at import time draws on a 2d canvas context (`ctx.fillStyle = …`,
// `ctx.fillRect(…)`); the DOM test environments have no canvas, so give it a harmless stub context
// whose properties accept writes and whose methods do nothing.
const noop = () => undefined;
const stubContext = new Proxy({} as Record<PropertyKey, unknown>, {
  // `then` stays undefined so the context is never mistaken for a promise.
  get: (target, key) => (key in target ? target[key] : key === 'then' ? undefined : noop),
  set: (target, key, value) => {
    target[key] = value;
    return true;
  },
});
HTMLCanvasElement.prototype.getContext = (() => stubContext) as unknown as HTMLCanvasElement['getContext'];
