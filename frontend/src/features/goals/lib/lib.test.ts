import { describe, expect, it } from 'vitest'
import { GOAL_CATEGORIES, goalCategoryLabel, goalCategoryPreset } from './categories'
import { GOAL_COLOURS, sameColour } from './colours'
import { goalsQuery, isFiltered, readGoalFilters, withGoalFilters } from './filters'
import { GOAL_ICONS, goalIcon } from './icons'
import { percentText, progressMessage, progressPalette } from './progress'
import { contributionSourceLabel } from './sources'
import { goalStatus } from './status'
import { contributionPreview } from './preview'
import { makeGoal } from './test-fixtures'
import { Target, Plane } from 'lucide-react'

describe('goal categories', () => {
  it.each([
    ['vacation', 'Holiday', 'plane', '#0EA5E9'],
    ['emergency', 'Emergency Fund', 'shield', '#EF4444'],
    ['purchase', 'Purchase', 'shopping-bag', '#EC4899'],
    ['education', 'Education', 'graduation-cap', '#A855F7'],
    ['home', 'Home', 'home', '#F59E0B'],
    ['car', 'Car', 'car', '#64748B'],
    ['other', 'Other', 'target', '#3B82F6'],
  ])('%s is %s with the %s icon in %s', (category, label, icon, color) => {
    expect(goalCategoryLabel(category)).toBe(label)
    expect(goalCategoryPreset(category)).toEqual({ icon, color })
  })

  it('reads an unknown category as Other', () => {
    expect(goalCategoryLabel('boat')).toBe('Other')
    expect(goalCategoryPreset('boat')).toEqual({ icon: 'target', color: '#3B82F6' })
    expect(GOAL_CATEGORIES).toHaveLength(7)
  })
})

describe('goal icons and colours', () => {
  it('offers 20 distinct icons, every preset among them', () => {
    expect(new Set(GOAL_ICONS.map((i) => i.name)).size).toBe(20)
    for (const c of GOAL_CATEGORIES) {
      expect(GOAL_ICONS.some((i) => i.name === goalCategoryPreset(c).icon)).toBe(true)
    }
  })

  it('maps names to lucide components, the target for an unknown one', () => {
    expect(goalIcon('plane')).toBe(Plane)
    expect(goalIcon('rocket')).toBe(Target)
  })

  it('offers 15 distinct colours, every preset among them', () => {
    expect(new Set(GOAL_COLOURS.map((c) => c.hex)).size).toBe(15)
    for (const c of GOAL_CATEGORIES) {
      expect(GOAL_COLOURS.some((x) => sameColour(x.hex, goalCategoryPreset(c).color))).toBe(true)
    }
    expect(sameColour('#3b82f6', '#3B82F6')).toBe(true)
  })
})

describe('progress', () => {
  it.each([
    [0, 'teal'],
    [49.9, 'teal'],
    [50, 'orange'],
    [74.9, 'orange'],
    [75, 'green'],
    [100, 'green'],
  ])('%s%% is %s', (percent, palette) => expect(progressPalette(percent)).toBe(palette))

  it.each([
    [100, true, 'Congratulations! Goal achieved!'],
    [40, true, 'Congratulations! Goal achieved!'],
    [90, false, 'Almost there! Just a little more to go.'],
    [89.9, false, 'Great progress! You are three quarters of the way.'],
    [75, false, 'Great progress! You are three quarters of the way.'],
    [50, false, 'Halfway there! Keep it up.'],
    [25, false, 'Good start! Keep saving.'],
    [24.9, false, "Let's get started on this goal!"],
    [0, false, "Let's get started on this goal!"],
  ])('%s%% (completed %s) says %s', (percent, completed, message) => {
    expect(progressMessage(percent, completed)).toBe(message)
  })

  it('writes one decimal', () => {
    expect(percentText(42.25)).toBe('42.3%')
    expect(percentText(0)).toBe('0.0%')
  })
})

describe('goalStatus', () => {
  it('is completed, with the day', () => {
    const s = goalStatus(makeGoal({ isCompleted: true, completedAt: '2026-06-03' }, { isCompleted: true }))
    expect(s).toEqual({ kind: 'completed', label: 'Completed', palette: 'green', daysText: 'Completed on 03/06/2026' })
  })

  it.each([
    [1, '1 day overdue'],
    [4, '4 days overdue'],
  ])('is overdue by %s', (days, text) => {
    const s = goalStatus(makeGoal({}, { isOverdue: true, daysRemaining: 0, daysPassedAfterTarget: days }))
    expect(s).toMatchObject({ kind: 'overdue', label: 'Overdue', palette: 'red', daysText: text })
  })

  it.each([
    [7, '7 days left'],
    [1, '1 day left'],
    [0, 'Due today'],
  ])('warns with %s days left', (days, text) => {
    expect(goalStatus(makeGoal({}, { daysRemaining: days }))).toEqual({
      kind: 'due-soon',
      label: text,
      palette: 'orange',
      daysText: text,
    })
  })

  it('is In Progress from 8 days left', () => {
    expect(goalStatus(makeGoal({}, { daysRemaining: 8 }))).toEqual({
      kind: 'in-progress',
      label: 'In Progress',
      palette: 'blue',
      daysText: '8 days left',
    })
  })
})

describe('contributionPreview', () => {
  const goal = { currentAmount: 400.1, targetAmount: 1000.3 }

  it('adds in pence', () => {
    expect(contributionPreview(goal, 10_010)).toEqual({
      newTotalPence: 50_020,
      newProgress: 50,
      remainingPence: 50_010,
      completes: false,
    })
  })

  it('never drifts like floats: 0.1 + 0.2 of 0.3', () => {
    expect(contributionPreview({ currentAmount: 0.1, targetAmount: 0.3 }, 20)).toMatchObject({
      newTotalPence: 30,
      remainingPence: 0,
      completes: true,
      newProgress: 100,
    })
  })

  it('caps the progress at 100 and the remaining at 0 past the target', () => {
    expect(contributionPreview(goal, 100_000)).toEqual({
      newTotalPence: 140_010,
      newProgress: 100,
      remainingPence: 0,
      completes: true,
    })
  })

  it('rounds the progress down to one decimal, as the server does', () => {
    expect(contributionPreview({ currentAmount: 0, targetAmount: 3 }, 100).newProgress).toBe(33.3)
    expect(contributionPreview({ currentAmount: 0, targetAmount: 3 }, 200).newProgress).toBe(66.6)
    // 99.96 %: one penny short is never shown as 100 %.
    expect(contributionPreview({ currentAmount: 0, targetAmount: 25 }, 2_499)).toMatchObject({ newProgress: 99.9, completes: false })
  })
})

describe('contribution sources', () => {
  it.each([
    ['cash', 'Cash'],
    ['bank_transfer', 'Bank Transfer'],
    ['salary', 'Salary'],
    ['bonus', 'Bonus'],
    ['refund', 'Refund'],
    ['other', 'Other'],
    ['lottery', 'Other'],
  ])('%s reads %s', (source, label) => expect(contributionSourceLabel(source)).toBe(label))
})

describe('goal filters in the address', () => {
  it('defaults to all goals, every category, newest first', () => {
    expect(readGoalFilters(new URLSearchParams())).toEqual({ status: 'all', category: 'all', sort: 'newest' })
    expect(readGoalFilters(new URLSearchParams('status=x&category=boat&sort=y'))).toEqual({
      status: 'all',
      category: 'all',
      sort: 'newest',
    })
  })

  it('reads and writes the three, leaving defaults and other parameters alone', () => {
    const params = withGoalFilters(new URLSearchParams('x=1'), { status: 'completed', category: 'car', sort: 'progress' })
    expect(params.toString()).toBe('x=1&status=completed&category=car&sort=progress')
    expect(readGoalFilters(params)).toEqual({ status: 'completed', category: 'car', sort: 'progress' })
    expect(withGoalFilters(params, { status: 'all', sort: 'newest' }).toString()).toBe('x=1&category=car')
  })

  it('leaves status and category out of the query for all', () => {
    expect(goalsQuery({ status: 'all', category: 'all', sort: 'newest' })).toEqual({ sort: 'newest' })
    expect(goalsQuery({ status: 'active', category: 'home', sort: 'targetDate' })).toEqual({
      status: 'active',
      category: 'home',
      sort: 'targetDate',
    })
  })

  it('knows when the list is narrowed', () => {
    expect(isFiltered({ status: 'all', category: 'all', sort: 'oldest' })).toBe(false)
    expect(isFiltered({ status: 'active', category: 'all', sort: 'newest' })).toBe(true)
    expect(isFiltered({ status: 'all', category: 'car', sort: 'newest' })).toBe(true)
  })
})
