export * from './types.ts';
export { cleanName, nameKey, MAX_NAME_LENGTH } from './names.ts';
