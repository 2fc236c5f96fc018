export * from './texts.js';
export * from './constants.js';
export * from './envelope.js';
export * from './auth.js';
export * from './reference.js';
export * from './realtime.js';
export * from './admin.js';
