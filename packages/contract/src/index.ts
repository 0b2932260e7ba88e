export * from './codes.js';
export * from './constants.js';
export * from './dates.js';
export * from './envelope.js';
export * from './validation.js';
export * from './calls/accounts.js';
export * from './calls/contact.js';
export * from './calls/rides.js';
