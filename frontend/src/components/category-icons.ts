import {
  Book,
  Briefcase,
  Camera,
  Car,
  Coffee,
  CreditCard,
  Dumbbell,
  Film,
  Gamepad2,
  Gift,
  Heart,
  House,
  type LucideIcon,
  Music,
  Phone,
  Plane,
  ShoppingBag,
  ShoppingCart,
  Tag,
  TrendingUp,
  Utensils,
  Zap,
} from 'lucide-react'

/** The 20 category icon names and the lucide icon each one shows. */
export const CATEGORY_ICONS = {
  'shopping-cart': ShoppingCart,
  car: Car,
  home: House,
  film: Film,
  zap: Zap,
  heart: Heart,
  'trending-up': TrendingUp,
  'credit-card': CreditCard,
  book: Book,
  coffee: Coffee,
  phone: Phone,
  music: Music,
  camera: Camera,
  gift: Gift,
  plane: Plane,
  briefcase: Briefcase,
  'shopping-bag': ShoppingBag,
  utensils: Utensils,
  gamepad: Gamepad2,
  dumbbell: Dumbbell,
} as const satisfies Record<string, LucideIcon>

export type CategoryIconName = keyof typeof CATEGORY_ICONS

export const CATEGORY_ICON_NAMES = Object.keys(CATEGORY_ICONS) as CategoryIconName[]

/**
 * What each icon shows, in words: a button's name and title and the chosen icon's caption. The
 * ids ('shopping-cart') are the API's and are never shown.
 */
export const CATEGORY_ICON_LABELS: Record<CategoryIconName, string> = {
  'shopping-cart': 'Shopping cart',
  car: 'Car',
  home: 'Home',
  film: 'Film',
  zap: 'Lightning bolt',
  heart: 'Heart',
  'trending-up': 'Rising graph',
  'credit-card': 'Credit card',
  book: 'Book',
  coffee: 'Coffee cup',
  phone: 'Phone',
  music: 'Music note',
  camera: 'Camera',
  gift: 'Gift',
  plane: 'Plane',
  briefcase: 'Briefcase',
  'shopping-bag': 'Shopping bag',
  utensils: 'Knife and fork',
  gamepad: 'Game controller',
  dumbbell: 'Dumbbell',
}

/** An icon id in words ('shopping-cart' → 'Shopping cart'); an unknown id has none. */
export function categoryIconLabel(name: string | null | undefined): string | null {
  return name && Object.hasOwn(CATEGORY_ICON_LABELS, name) ? CATEGORY_ICON_LABELS[name as CategoryIconName] : null
}

/** The lucide icon of a name; an unknown name shows a tag. */
export function categoryIconFor(name: string | null | undefined): LucideIcon {
  return (name && (CATEGORY_ICONS as Record<string, LucideIcon>)[name]) || Tag
}
