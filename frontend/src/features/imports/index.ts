// Public surface of the imports feature, for app/ to compose.
export { ImportPage } from './components/import-page'
