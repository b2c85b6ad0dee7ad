export * from './access.js';
export * from './address.js';
export * from './error.js';
export * from './list.js';
export * from './area-routes.js';
export * from './fields.js';
export * from './file.js';
export * from './dates.js';
