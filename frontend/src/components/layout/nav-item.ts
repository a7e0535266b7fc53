import type { LucideIcon } from 'lucide-react'

/** One entry of the signed-in sidebar. */
export type NavItem = {
  label: string
  path: string
  icon: LucideIcon
}
