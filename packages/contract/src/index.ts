export * from './errors.ts';
export * from './envelope.ts';
export * from './headers.ts';
export * from './languages.ts';
export * from './sha256.ts';
export * from './calls.ts';
