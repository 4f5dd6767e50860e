export { searchKeys } from './search-keys.ts';
