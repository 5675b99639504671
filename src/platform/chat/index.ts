export * from './types.ts';
export { cleanName, nameKey, stripInvisible, MAX_NAME_LENGTH } from './names.ts';
