/** What the server's flow engine and the flow editors both need to know about a flow. No DOM, no React. */
export * from './template';
export * from './node-kinds';
export * from './validate';
export * from './ids';
export * from './compile-v1';
export * from './defaults';
