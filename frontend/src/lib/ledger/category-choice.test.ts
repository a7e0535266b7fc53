import { describe, expect, it } from 'vitest'
import { withChosenCategory } from './category-choice'

const groceries = { _id: 'cat-groceries' }
const salary = { _id: 'cat-salary' }
const all = [groceries, salary]

describe('withChosenCategory', () => {
  it('offers the list as it is when the choice is on it, or when nothing is chosen', () => {
    expect(withChosenCategory([groceries], all, 'cat-groceries')).toEqual([groceries])
    expect(withChosenCategory([groceries], all, '')).toEqual([groceries])
  })

  it('puts a stored choice the list leaves out first', () => {
    expect(withChosenCategory([groceries], all, 'cat-salary')).toEqual([salary, groceries])
  })
})
