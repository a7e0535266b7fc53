import { toPence } from '@/lib/money'

/** What a contribution would do to a goal, in integer pence. */
export type ContributionPreview = {
  newTotalPence: number
  /** One decimal, capped at 100. */
  newProgress: number
  /** Floor 0. */
  remainingPence: number
  /** The contribution reaches the target. */
  completes: boolean
}

/**
 * The goal after adding `amountPence`, from its saved and target amounts in pounds. All money is
 * integer pence (converted once with toPence); only the percentage is a ratio.
 */
export function contributionPreview(
  goal: { currentAmount: number; targetAmount: number },
  amountPence: number,
): ContributionPreview {
  const targetPence = toPence(goal.targetAmount)
  const newTotalPence = toPence(goal.currentAmount) + amountPence
  const remainingPence = Math.max(0, targetPence - newTotalPence)
  // Tenths of a percent, rounded down from integers as the server does: 99.96 % is 99.9 %, so
  // 100 % is only ever shown for a contribution that completes the goal.
  const tenths = targetPence > 0 ? Math.floor((newTotalPence * 1000) / targetPence) : 1000
  return {
    newTotalPence,
    newProgress: Math.min(100, tenths / 10),
    remainingPence,
    completes: targetPence > 0 && newTotalPence >= targetPence,
  }
}
