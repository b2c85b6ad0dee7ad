export { checkRichText } from './validate.js';
export { renderRichText } from './render.js';
