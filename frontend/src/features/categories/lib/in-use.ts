/** The client-side refusal when transactions still use the category. */
export function inUseMessage(count: number): string {
  return `Cannot delete category. It is being used by ${count} transaction(s).`
}
