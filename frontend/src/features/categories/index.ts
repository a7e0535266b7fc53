// Public surface of the categories feature, for app/ to compose.
export { CategoriesPage } from './components/categories-page'
