// Public surface of the tags feature, for app/ to compose.
export { TagsPage } from './components/tags-page'
