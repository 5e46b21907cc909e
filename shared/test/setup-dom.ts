// Semi imports lottie-web, which calls canvas getContext at import time; the DOM test
// environments have no canvas, so give it a harmless stub.
HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];
