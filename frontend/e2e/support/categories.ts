import type { Locator, Page } from '@playwright/test'

/** The 'Add Category' dialog. */
export class CategoryDialog {
  readonly root: Locator
  readonly name: Locator
  readonly description: Locator
  readonly chosenIcon: Locator
  readonly preview: Locator
  readonly add: Locator

  constructor(page: Page) {
    this.root = page.getByRole('dialog', { name: 'Add Category' })
    this.name = this.root.getByLabel('Category Name')
    this.description = this.root.getByLabel('Description')
    this.chosenIcon = this.root.getByTestId('chosen-icon')
    this.preview = this.root.getByRole('group', { name: 'Preview' })
    this.add = this.root.getByRole('button', { name: 'Add Category' })
  }

  /** A swatch of the colour picker, by the name it is announced by: 'Purple'. */
  colour(name: string) {
    return this.root.getByRole('group', { name: 'Colour' }).getByRole('button', { name, exact: true })
  }

  /** The Type toggle: what the category is for. */
  type(kind: 'Income' | 'Expense') {
    return this.root.getByRole('button', { name: kind, exact: true })
  }

  /** An icon of the icon picker, by its label: 'Camera', 'Shopping cart'. */
  icon(label: string) {
    return this.root.getByRole('group', { name: 'Icon' }).getByRole('button', { name: label, exact: true })
  }
}

/** Page object of /categories. */
export class CategoriesScreen {
  readonly addCategory: Locator
  readonly dialog: CategoryDialog
  readonly deleteDialog: Locator

  constructor(readonly page: Page) {
    this.addCategory = page.getByRole('button', { name: 'Add Category' })
    this.dialog = new CategoryDialog(page)
    this.deleteDialog = page.getByRole('alertdialog', { name: 'Delete Category' })
  }

  /** 'Default Categories (n)' or 'Custom Categories (n)'. */
  section(name: string | RegExp) {
    return this.page.getByRole('heading', { name })
  }

  /** A category's card, by its name. */
  card(category: string) {
    return this.page.getByTestId('category-card').filter({ has: this.page.getByRole('heading', { name: category, exact: true }) })
  }

  deleteButton(category: string) {
    return this.page.getByRole('button', { name: `Delete ${category}` })
  }
}
