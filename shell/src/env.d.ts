declare module '*.css';

/** ISO time of the build, injected by the shared Rspack config. */
declare const __FLOTILLA_BUILD_TIME__: string;
