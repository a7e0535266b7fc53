import { ArrowLeftRight, FileText, LayoutDashboard, Package, PiggyBank, Repeat, ShoppingCart, Tag, Tags, Target, Users, Wallet } from 'lucide-react'
import type { NavItem } from '@/components/layout/nav-item'
import type { UserRole } from '@/lib/api/types'

type AppNavItem = NavItem & {
  /** Shown only to superadmins (User Management). */
  superadminOnly?: boolean
}

/**
 * The sidebar, in order. Each feature appends its entry here when its screen
 * exists (spec order: dashboard, transactions, accounts, categories, budgets,
 * shopping list, goals, recurring, reports, users).
 */
export const NAV_ITEMS: readonly AppNavItem[] = [
  { label: 'Dashboard', path: '/dashboard', icon: LayoutDashboard },
  { label: 'Transactions', path: '/transactions', icon: ArrowLeftRight },
  { label: 'Accounts', path: '/accounts', icon: Wallet },
  { label: 'Categories', path: '/categories', icon: Tags },
  { label: 'Tags', path: '/tags', icon: Tag },
  { label: 'Budgets', path: '/budgets', icon: PiggyBank },
  { label: 'Inventory', path: '/inventory', icon: Package },
  { label: 'Shopping List', path: '/shopping-list', icon: ShoppingCart },
  { label: 'Goals', path: '/goals', icon: Target },
  { label: 'Recurring', path: '/recurring', icon: Repeat },
  { label: 'Reports', path: '/reports', icon: FileText },
  { label: 'User Management', path: '/users', icon: Users, superadminOnly: true },
]

export function navItemsFor(role: UserRole): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.superadminOnly || role === 'superadmin')
}
