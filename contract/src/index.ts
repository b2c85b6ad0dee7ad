export * from './common/index.js';
export * from './dashboard.js';
export * from './auth.js';
export * from './institutions.js';
export * from './files.js';
export * from './chapters.js';
export * from './calendar.js';
export * from './member-events.js';
export * from './account-fields.js';
export * from './account-lists.js';
export * from './accounts.js';
export * from './members.js';

export { apiRouter } from './api-router.js';
export { contract, type Contract } from './router.js';
